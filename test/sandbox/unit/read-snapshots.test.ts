/**
 * Read snapshots (src/sandbox/db/snapshot.ts): a request's reads see one state of the
 * database, caches are dropped when another connection commits and only then, and a
 * revoked or new key is seen by the key lookup at once, whichever connection wrote it.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { insertKey, KeyLookup, revokeKeys } from '../../../src/sandbox/db/keys.js';
import { openDatabase, type Db } from '../../../src/sandbox/db/open.js';
import { snapshotsOf } from '../../../src/sandbox/db/snapshot.js';
import { loadFixture } from '../../../src/sandbox/fixture/load.js';
import { validateFixture } from '../../../src/sandbox/fixture/validate.js';
import { hashApiKey } from '../../../src/sandbox/keys.js';
import { KEYS, makeFixture } from '../../helpers/fixture.js';
import { value } from '../../helpers/sqlite.js';

function fileDb(): { db: Db; path: string } {
  const path = join(mkdtempSync(join(tmpdir(), 'rc-snapshot-')), 'orders.db');
  const db = openDatabase(path);
  loadFixture(db, validateFixture(makeFixture(4)), '2026-01-01T00:00:00Z');
  return { db, path };
}

/** Runs `sql` through a second connection to the same file, as another process would. */
function otherConnection(path: string, sql: string): void {
  const other = openDatabase(path);
  try {
    other.exec(sql);
  } finally {
    other.close();
  }
}

const statusOf = (db: Db) => value(db, 'SELECT status FROM return_orders WHERE id = 1000');

describe('ReadSnapshots.read', () => {
  it('runs its work in one read transaction that sees one state of the database', () => {
    const { db, path } = fileDb();
    const seen = snapshotsOf(db).read(() => {
      expect(db.isTransaction).toBe(true);
      const before = statusOf(db);
      otherConnection(path, `UPDATE return_orders SET status = 'reviewed' WHERE id = 1000`);
      return [before, statusOf(db)];
    });
    expect(seen).toEqual(['pending', 'pending']);
    expect(db.isTransaction).toBe(false);
    expect(statusOf(db)).toBe('reviewed');
  });

  it('ends its transaction when the work throws, joins an enclosing one, and refuses a promise', () => {
    const { db } = fileDb();
    const reads = snapshotsOf(db);
    expect(() => reads.read(() => { throw new Error('bad parameter'); })).toThrow('bad parameter');
    expect(db.isTransaction).toBe(false);
    expect(reads.read(() => reads.read(() => db.isTransaction))).toBe(true);
    expect(db.isTransaction).toBe(false);
    expect(() => reads.read(() => Promise.resolve(1))).toThrow(/synchronous/);
    expect(db.isTransaction).toBe(false);
  });

  it('moves the cache generation when another connection commits, not for this connection', () => {
    const { db, path } = fileDb();
    const reads = snapshotsOf(db);
    const start = reads.check();
    reads.read(() => statusOf(db));
    db.exec(`UPDATE return_orders SET status = 'reviewed' WHERE id = 1000`);
    expect(reads.check()).toBe(start);
    expect(reads.read(() => reads.check())).toBe(start);
    otherConnection(path, `UPDATE return_orders SET status = 'received' WHERE id = 1000`);
    expect(reads.read(() => reads.check())).toBe(start + 1);
    otherConnection(path, `UPDATE return_orders SET status = 'reviewed' WHERE id = 1000`);
    expect(reads.check()).toBe(start + 2);
    reads.dropCaches();
    expect(reads.check()).toBe(start + 3);
  });
});

describe('KeyLookup', () => {
  const northHash = hashApiKey(KEYS.north);

  it('refuses a key revoked by another connection on the very next lookup', () => {
    const { db, path } = fileDb();
    const keys = new KeyLookup(db);
    expect(keys.findByHash(northHash)?.revoked_at).toBeNull();
    expect(keys.findByHash(northHash)?.revoked_at).toBeNull();
    otherConnection(path, `UPDATE api_keys SET revoked_at = '2026-01-02T00:00:00Z' WHERE key_hash = '${northHash}'`);
    expect(keys.findByHash(northHash)?.revoked_at).toBe('2026-01-02T00:00:00Z');
  });

  it('refuses a key revoked through its own connection on the very next lookup', () => {
    const { db } = fileDb();
    const keys = new KeyLookup(db);
    const row = keys.findByHash(northHash)!;
    expect(revokeKeys(db, [row.pk], '2026-01-03T00:00:00Z')).toBe(1);
    expect(keys.findByHash(northHash)?.revoked_at).toBe('2026-01-03T00:00:00Z');
  });

  it('finds a key created by another connection at once', () => {
    const { db, path } = fileDb();
    const keys = new KeyLookup(db);
    const fresh = 'sk_' + 'e5'.repeat(32);
    expect(keys.findByHash(hashApiKey(fresh))).toBeUndefined();
    const other = openDatabase(path);
    try {
      insertKey(other, { shopPk: 1, name: 'new desk', plain: fresh, createdAt: '2026-01-04T00:00:00Z' });
    } finally {
      other.close();
    }
    expect(keys.findByHash(hashApiKey(fresh))?.name).toBe('new desk');
  });
});
