/**
 * The in-memory cache of stored order JSON: bounded, least recently used out first, taking an
 * order on its second read (a long walk does not replace the orders in use), and never stale:
 * this store's writes drop the orders they touch, and a commit by another connection
 * (data_version) drops everything.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DocCache } from '../../../src/sandbox/db/doc-cache.js';
import { openDatabase, type Db } from '../../../src/sandbox/db/open.js';
import { OrderStore } from '../../../src/sandbox/db/orders.js';
import { sqlite } from '../../../src/sandbox/db/sqlite.js';
import { transaction } from '../../../src/sqlite/transaction.js';
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
  it('keeps at most its capacity, always the last half of it used, and drops the least recently used first', () => {
    const db = openDatabase(':memory:');
    const cache = new DocCache(db, 6);
    for (const id of [1, 2, 3, 4]) cache.set(id, Buffer.from(String(id)));
    cache.get(1); // used again: now among the most recent
    for (const id of [5, 6]) cache.set(id, Buffer.from(String(id)));
    expect(cache.size).toBeLessThanOrEqual(6);
    // The three used last are always there; 2 and 3, used least recently, went first.
    expect([1, 5, 6].map((id) => cache.get(id)?.toString())).toEqual(['1', '5', '6']);
    expect(cache.get(2)).toBeUndefined();
    expect(cache.get(3)).toBeUndefined();
    cache.invalidate(6);
    expect(cache.get(6)).toBeUndefined();
    // Filled far beyond its capacity, it never holds more, and the newest half is kept.
    const big = new DocCache(db, 100);
    for (let id = 0; id < 1000; id++) {
      big.set(id, Buffer.from(String(id)));
      expect(big.size).toBeLessThanOrEqual(100);
      expect(big.size).toBeGreaterThanOrEqual(Math.min(id + 1, 50));
    }
    for (let id = 950; id < 1000; id++) expect(big.get(id)?.toString()).toBe(String(id));
    expect(big.get(0)).toBeUndefined();
  });

  it('keeps a working set of up to half its capacity however often it is cycled', () => {
    const db = openDatabase(':memory:');
    const cache = new DocCache(db, 100);
    for (let id = 0; id < 50; id++) cache.set(id, Buffer.from(String(id)));
    for (let round = 0; round < 5; round++) {
      for (let id = 0; id < 50; id++) expect(cache.get(id)?.toString(), `round ${round}, order ${id}`).toBe(String(id));
    }
  });
  it('takes an order on its second read, as a copy, and serves the first read as it came', () => {
    const db = openDatabase(':memory:');
    const cache = new DocCache(db, 100);
    const joined = Buffer.from('{"id":1}{"id":2}');
    const first = joined.subarray(0, 8);
    expect(cache.admit(1, first)).toBe(first);
    expect(cache.get(1)).toBeUndefined();
    const again = Buffer.from('{"id":1}');
    const kept = cache.admit(1, again);
    expect(kept).not.toBe(again);
    again.fill(0); // the statement's buffer is not the cache's
    expect(cache.get(1)?.toString()).toBe('{"id":1}');
  });

  it('keeps the orders in use through a walk over many more orders than it holds', () => {
    const db = openDatabase(':memory:');
    const cache = new DocCache(db, 100);
    const doc = (id: number) => Buffer.from(String(id));
    for (let read = 0; read < 2; read++) for (let id = 0; id < 40; id++) cache.admit(id, doc(id));
    for (let id = 1000; id < 5000; id++) {
      expect(cache.admit(id, doc(id)).toString()).toBe(String(id));
      if (id % 100 === 0) for (let used = 0; used < 40; used++) cache.get(used);
    }
    for (let id = 0; id < 40; id++) expect(cache.get(id)?.toString(), `order ${id}`).toBe(String(id));
    expect(cache.get(4999)).toBeUndefined();
  });
});

describe('OrderStore with its cache', () => {
  it('reads a page from SQLite until it is asked for a second time, then from memory', () => {
    const { db } = fileDb();
    const store = new OrderStore(db);
    // Writes of this connection outside the store do not move data_version: they show
    // whether a read went to SQLite (the sandbox itself never writes order_docs so).
    const setDoc = db.prepare('UPDATE order_docs SET doc = ? WHERE id = ?');
    const bodyOf = (id: number) => store.pageDocs([id])[0]!.toString();
    setDoc.run(Buffer.from('{"read":1}'), 1003);
    expect(bodyOf(1003)).toBe('{"read":1}');
    setDoc.run(Buffer.from('{"read":2}'), 1003);
    expect(bodyOf(1003)).toBe('{"read":2}');
    setDoc.run(Buffer.from('{"read":3}'), 1003);
    expect(bodyOf(1003)).toBe('{"read":2}');
  });

  it('serves a page read once intact after later reads', () => {
    const { db } = fileDb();
    const store = new OrderStore(db);
    const first = store.pageDocs([1000, 1001, 1002]);
    const texts = first.map((d) => d.toString());
    store.pageDocs([1003, 1004, 1005]);
    store.pageDocs([1000, 1001, 1002]);
    expect(first.map((d) => d.toString())).toEqual(texts);
    expect(texts.map((t) => (JSON.parse(t) as { id: number }).id)).toEqual([1000, 1001, 1002]);
  });

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
