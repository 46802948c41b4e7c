/** Reading single columns in tests (node:sqlite has no better-sqlite3-style pluck()). */
import type { SQLInputValue } from 'node:sqlite';
import { scalar, type Db } from '../../src/sandbox/db/sqlite.js';

/** The first column of every row of `sql`. */
export function column(db: Db, sql: string, ...params: SQLInputValue[]): unknown[] {
  const stmt = db.prepare(sql);
  stmt.setReturnArrays(true);
  return (stmt.all(...params) as unknown as unknown[][]).map((row) => row[0]);
}

/** The first column of the first row of `sql` (a count, a pragma), or undefined. */
export const value = scalar;
