/**
 * The in-memory cache of stored order JSON: bounded, least recently used out, and never
 * stale: this store's writes drop the orders they touch, and a commit by another
 * connection (data_version) drops everything.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DocCache } from '../../../src/sandbox/db/doc-cache.js';
import { openDatabase, type Db } from '../../../src/sandbox/db/open.js';
import { OrderStore } from '../../../src/sandbox/db/orders.js';
import { sqlite } from '../../../src/sandbox/db/sqlite.js';
import { transaction } from '../../../src/sandbox/db/transaction.js';
import { loadFixture } from '../../../src/sandbox/fixture/load.js';
import { validateFixture } from '../../../src/sandbox/fixture/validate.js';
import { makeFixture } from '../../helpers/fixture.js';

function fileDb(): { db: Db; path: string } {
  const path = join(mkdtempSync(join(tmpdir(), 'rc-doc-cache-')), 'orders.db');
  const db = openDatabase(path);
  loadFixture(db, validateFixture(makeFixture(6)), '2026-01-01T00:00:00Z');
  return { db, path };
}

const statusIn = (doc: Buffer | undefined) => (JSON.parse(doc!.toString()) as { status: string }).status;

describe('DocCache', () => {
  it('keeps at most its capacity and drops the least recently used first', () => {
    const db = openDatabase(':memory:');
    const cache = new DocCache(db, 3);
    for (const id of [1, 2, 3]) cache.set(id, Buffer.from(String(id)));
    cache.get(1); // 1 is now the most recently used; 2 the least
    cache.set(4, Buffer.from('4'));
    expect(cache.size).toBe(3);
    expect(cache.get(2)).toBeUndefined();
    expect([1, 3, 4].map((id) => cache.get(id)?.toString())).toEqual(['1', '3', '4']);
    cache.invalidate(3);
    expect(cache.get(3)).toBeUndefined();
    // A larger cache evicts its oldest tenth at once and never exceeds its capacity.
    const big = new DocCache(db, 100);
    for (let id = 0; id < 1000; id++) {
      big.set(id, Buffer.from(String(id)));
      expect(big.size).toBeLessThanOrEqual(100);
    }
    expect(big.get(999)?.toString()).toBe('999');
    expect(big.get(0)).toBeUndefined();
  });
});

describe('OrderStore with its cache', () => {
  it("serves this store's own writes at once", () => {
    const { db } = fileDb();
    const store = new OrderStore(db);
    expect(statusIn(store.docOf(1001))).toBe('reviewed');
    expect(statusIn(store.pageDocs([1001])[0])).toBe('reviewed');
    transaction(db, () => store.transition(1001, 'reviewed', 'received'));
    expect(statusIn(store.docOf(1001))).toBe('received');
    expect(statusIn(store.pageDocs([1002, 1001])[1])).toBe('received');
  });

  it('drops everything when another connection commits', () => {
    const { db, path } = fileDb();
    const store = new OrderStore(db);
    expect(statusIn(store.pageDocs([1001])[0])).toBe('reviewed');
    const other = new (sqlite().DatabaseSync)(path);
    other.prepare(`UPDATE return_orders SET status = 'received' WHERE id = 1001`).run();
    other.close();
    expect(statusIn(store.pageDocs([1001])[0])).toBe('received');
    expect(statusIn(store.docOf(1001))).toBe('received');
  });

  it('stays bounded by the capacity it was given', () => {
    const { db } = fileDb();
    const store = new OrderStore(db, 2);
    const ids = [1000, 1001, 1002, 1003];
    expect(store.pageDocs(ids).map((d) => (JSON.parse(d.toString()) as { id: number }).id)).toEqual(ids);
    expect(store.pageDocs(ids)).toHaveLength(4);
  });
});
