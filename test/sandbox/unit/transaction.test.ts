/**
 * The transaction helper over node:sqlite: commits, rolls back on a throw, takes the write
 * lock at BEGIN (IMMEDIATE), nests as a savepoint that rolls back alone, and refuses an
 * async function (which would commit before its work ran).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../../src/sandbox/db/open.js';
import { sqlite } from '../../../src/sandbox/db/sqlite.js';
import { transaction } from '../../../src/sqlite/transaction.js';
import { column } from '../../helpers/sqlite.js';

function fresh(): Db {
  const db = openDatabase(':memory:');
  db.exec('CREATE TABLE t (v TEXT)');
  return db;
}
const values = (db: Db) => column(db, 'SELECT v FROM t ORDER BY rowid');
const insert = (db: Db, v: string) => db.prepare('INSERT INTO t (v) VALUES (?)').run(v);

describe('transaction', () => {
  it('commits and returns the result', () => {
    const db = fresh();
    expect(transaction(db, () => (insert(db, 'a'), 42))).toBe(42);
    expect(values(db)).toEqual(['a']);
    expect(db.isTransaction).toBe(false);
  });

  it('rolls back everything when the function throws, and rethrows', () => {
    const db = fresh();
    expect(() => transaction(db, () => (insert(db, 'a'), insert(db, 'b'), JSON.parse('{')))).toThrow(SyntaxError);
    expect(values(db)).toEqual([]);
    expect(db.isTransaction).toBe(false);
  });

  it('nested, runs in a savepoint: an inner failure rolls back only the inner work', () => {
    const db = fresh();
    transaction(db, () => {
      insert(db, 'outer');
      expect(() => transaction(db, () => (insert(db, 'inner'), JSON.parse('{')))).toThrow(SyntaxError);
      transaction(db, () => insert(db, 'kept'));
    });
    expect(values(db)).toEqual(['outer', 'kept']);
  });

  it('refuses a function that returns a promise, and rolls back', () => {
    const db = fresh();
    expect(() => transaction(db, async () => insert(db, 'a'))).toThrow(/must be synchronous/);
    expect(values(db)).toEqual([]);
    expect(db.isTransaction).toBe(false);
  });

  it('IMMEDIATE (the default) holds the write lock from BEGIN; another writer gets SQLITE_BUSY', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'rc-tx-')), 'tx.db');
    const db = openDatabase(path);
    const other = new (sqlite().DatabaseSync)(path);
    try {
      other.exec('PRAGMA busy_timeout = 0');
      transaction(db, () => {
        expect(() => other.exec('BEGIN IMMEDIATE')).toThrow(/locked|busy/i);
      });
      // With DEFERRED nothing is locked until the first write.
      transaction(
        db,
        () => {
          other.exec('BEGIN IMMEDIATE');
          other.exec('ROLLBACK');
        },
        'DEFERRED',
      );
    } finally {
      other.close();
      db.close();
    }
  });
});
