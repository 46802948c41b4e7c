/**
 * Stored order JSON (order_docs): always equal to the JSON SQLite builds from the order
 * and item rows, after writes, after a rolled-back write, and in a database written by
 * an earlier version (schema 1), which is migrated and backfilled on open.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../../src/sandbox/db/open.js';
import { ORDER_DOC_SELECT } from '../../../src/sandbox/db/order-json.js';
import { OrderStore } from '../../../src/sandbox/db/orders.js';
import { sqlite } from '../../../src/sandbox/db/sqlite.js';
import { transaction } from '../../../src/sqlite/transaction.js';
import { loadFixture } from '../../../src/sandbox/fixture/load.js';
import { validateFixture } from '../../../src/sandbox/fixture/validate.js';
import { makeFixture } from '../../helpers/fixture.js';
import { column, value } from '../../helpers/sqlite.js';

function loaded(): Db {
  const db = openDatabase(':memory:');
  loadFixture(db, validateFixture(makeFixture(6)), '2026-01-01T00:00:00Z');
  return db;
}

/** Orders whose stored JSON differs from freshly built JSON (or is missing). */
function staleIds(db: Db): number[] {
  return column(
    db,
    `SELECT f.id FROM (${ORDER_DOC_SELECT}) f LEFT JOIN order_docs d ON d.id = f.id
     WHERE d.doc IS NULL OR CAST(d.doc AS TEXT) <> f.doc`,
  ) as number[];
}

const count = (db: Db) => value(db, 'SELECT count(*) FROM order_docs') as number;

describe('stored order JSON', () => {
  it('holds refunds and exchanges as arrays, on every SQLite a supported Node bundles', () => {
    const db = loaded();
    db.exec('UPDATE return_items SET status = status');
    const docs = (column(db, 'SELECT CAST(doc AS TEXT) FROM order_docs') as string[]).map((d) => JSON.parse(d) as { refunds: unknown; exchanges: unknown });
    expect(docs.length).toBeGreaterThan(0);
    for (const doc of docs) {
      expect(Array.isArray(doc.refunds), JSON.stringify(doc)).toBe(true);
      expect(Array.isArray(doc.exchanges), JSON.stringify(doc)).toBe(true);
    }
  });

  it('is written for every order by a bulk load', () => {
    const db = loaded();
    expect(count(db)).toBe(value(db, 'SELECT count(*) FROM return_orders'));
    expect(staleIds(db)).toEqual([]);
  });

  it('follows item and status changes in the same transaction, and rolls back with them', () => {
    const db = loaded();
    const store = new OrderStore(db);
    const pending = column(db, `SELECT id FROM return_orders WHERE status = 'pending' ORDER BY id LIMIT 2`) as number[];
    const [a, b] = pending as [number, number];
    const itemsOf = (id: number) => store.itemsOf(id).filter((i) => i.status === 'pending');
    transaction(db, () => {
      for (const item of itemsOf(a)) store.decideItem(a, item.id, 'rejected', 'worn');
      store.transition(a, 'pending', 'rejected');
    });
    const after = store.hydrate([a])[0]!;
    expect(after.status).toBe('rejected');
    expect([...after.refunds!, ...after.exchanges!].every((i) => i.status === 'rejected' && i.reject_reason === 'worn')).toBe(true);

    const before = store.docOf(b)!.toString();
    expect(() =>
      transaction(db, () => {
        for (const item of itemsOf(b)) store.decideItem(b, item.id, 'approved', null);
        store.transition(b, 'pending', 'reviewed');
        throw new Error('fail after the writes');
      }),
    ).toThrow('fail after the writes');
    expect(store.docOf(b)!.toString()).toBe(before);
    expect(staleIds(db)).toEqual([]);
  });

  it('gives a page in the order of the ids asked for, skipping unknown ids, cached or not', () => {
    const db = loaded();
    const store = new OrderStore(db);
    const ids = column(db, 'SELECT id FROM return_orders ORDER BY id') as number[];
    const pick = [ids[3]!, ids[0]!, 999_999_999, ids[7]!, ids[5]!];
    const page = () => JSON.parse(`[${store.pageDocs(pick).join(',')}]`) as { id: number }[];
    expect(page().map((o) => o.id)).toEqual([ids[3]!, ids[0]!, ids[7]!, ids[5]!]);
    // Again, now from the cache, and with some ids cached and others not.
    expect(page().map((o) => o.id)).toEqual([ids[3]!, ids[0]!, ids[7]!, ids[5]!]);
    const mixed = [ids[1]!, ids[3]!, ids[2]!];
    expect((JSON.parse(`[${store.pageDocs(mixed).join(',')}]`) as { id: number }[]).map((o) => o.id)).toEqual(mixed);
  });
});

describe('a database of schema 1 (before stored JSON)', () => {
  it('opens, migrates to the current schema and backfills every order', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'rc-migrate-')), 'old.db');
    const db = openDatabase(path);
    loadFixture(db, validateFixture(makeFixture(6)), '2026-01-01T00:00:00Z');
    const orders = value(db, 'SELECT count(*) FROM return_orders') as number;
    db.close();
    // Turn it back into what schema 1 wrote: no order_docs table and no triggers.
    const raw = new (sqlite().DatabaseSync)(path);
    raw.exec(`DROP TRIGGER order_docs_after_order_update; DROP TRIGGER order_docs_after_item_update;
              DROP TABLE order_docs; PRAGMA user_version = 1;`);
    raw.close();

    const reopened = openDatabase(path);
    expect(value(reopened, 'PRAGMA user_version')).toBe(3);
    expect(count(reopened)).toBe(orders);
    expect(staleIds(reopened)).toEqual([]);
    reopened.prepare(`UPDATE return_orders SET status = 'received' WHERE status = 'reviewed'`).run();
    expect(staleIds(reopened)).toEqual([]);
    reopened.close();
  });
});
