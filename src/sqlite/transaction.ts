/**
 * Transactions for node:sqlite, which has no db.transaction(): BEGIN, the function, COMMIT;
 * ROLLBACK and rethrow when it throws. Inside an open transaction a call runs in a
 * SAVEPOINT instead, so the inner work rolls back alone (as better-sqlite3's did).
 */
import type { DatabaseSync as Db } from 'node:sqlite';

/**
 * How to begin: IMMEDIATE takes the write lock at BEGIN (every write of the sandbox and the search index, so a
 * second writer waits on busy_timeout instead of failing at its first write); DEFERRED
 * takes locks as the statements need them.
 */
export type TransactionMode = 'IMMEDIATE' | 'DEFERRED';

let savepoints = 0;

/** Runs `work` in one transaction and returns its result. `work` must be synchronous. */
export function transaction<T>(db: Db, work: () => T, mode: TransactionMode = 'IMMEDIATE'): T {
  if (db.isTransaction) return inSavepoint(db, work);
  db.exec(`BEGIN ${mode}`);
  try {
    const result = checkedSync(work());
    db.exec('COMMIT');
    return result;
  } catch (error) {
    // SQLite may have rolled back already (e.g. SQLITE_FULL); a second ROLLBACK would fail.
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  }
}

function inSavepoint<T>(db: Db, work: () => T): T {
  const name = `sp_${++savepoints}`;
  db.exec(`SAVEPOINT ${name}`);
  try {
    const result = checkedSync(work());
    db.exec(`RELEASE ${name}`);
    return result;
  } catch (error) {
    if (db.isTransaction) db.exec(`ROLLBACK TO ${name}; RELEASE ${name}`);
    throw error;
  }
}

/** A promise would commit before its work ran: refused, so the transaction rolls back. */
export function checkedSync<T>(result: T): T {
  if (typeof (result as { then?: unknown } | null)?.then === 'function') {
    throw new TypeError('a transaction function must be synchronous (it returned a promise)');
  }
  return result;
}
