/**
 * The sandbox's helpers around node:sqlite (loaded by src/sqlite/load.ts): its database and
 * statement types, single values, BLOBs as Buffers, numbered parameters.
 */
import type * as NodeSqlite from 'node:sqlite';

export { isSqliteExperimentalWarning, sqlite, type SqliteModule } from '../../sqlite/load.js';

/** An open sandbox database (see openDatabase in open.ts). */
export type Db = NodeSqlite.DatabaseSync;
export type Statement = NodeSqlite.StatementSync;

/** The single value of the first row of `sql` (a pragma, a count), or undefined. */
export function scalar(db: Db, sql: string, ...params: NodeSqlite.SQLInputValue[]): unknown {
  const row = db.prepare(sql).get(...params);
  return row === undefined ? undefined : Object.values(row)[0];
}

/** A BLOB as node:sqlite returns it (a Uint8Array) as a Buffer over the same memory, no copy. */
export function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** SQL whose named parameters were numbered, and the names in their numbers' order. */
export interface NumberedSql {
  readonly sql: string;
  /** names[i] is parameter ?(i + 1). */
  readonly names: readonly string[];
}

/**
 * Rewrites `@name` parameters as `?N` (numbered by first appearance, a repeated name
 * keeps its number), so a statement can be run with its values by position: node:sqlite
 * binds positional values only to numbered or anonymous parameters, and binding by name
 * looks every property name up again on each call.
 */
export function numberParameters(sql: string): NumberedSql {
  const names: string[] = [];
  const numbered = sql.replace(/@(\w+)/g, (_, name: string) => {
    let at = names.indexOf(name);
    if (at < 0) at = names.push(name) - 1;
    return `?${at + 1}`;
  });
  return { sql: numbered, names };
}
