import { describe, expect, it } from 'vitest';
import { RETURN_ORDER_STATUSES, HIDDEN_STATUSES } from '../../../src/api/schemas.js';
import { openDatabase, type Db } from '../../../src/sandbox/db/open.js';
import { generateDemoData } from '../../../src/sandbox/demo/generate.js';
import { demoKeysFor } from '../../../src/sandbox/demo/keys.js';
import { hashApiKey } from '../../../src/sandbox/keys.js';
import { column, value } from '../../helpers/sqlite.js';

const endAt = Date.UTC(2026, 10, 1, 12);

function generate(seed: string, orders = 3000): Db {
  const db = openDatabase(':memory:');
  generateDemoData(db, { orders, seed, endAt });
  return db;
}

function dump(db: Db): string {
  return JSON.stringify([
    db.prepare('SELECT * FROM shops ORDER BY pk').all(),
    db.prepare('SELECT * FROM return_orders ORDER BY id').all(),
    db.prepare('SELECT * FROM return_items ORDER BY id').all(),
  ]);
}

describe('demo data', () => {
  const db = generate('alpha');

  it('is the same for the same seed and end time, and differs for another seed', () => {
    expect(dump(generate('alpha'))).toBe(dump(db));
    expect(dump(generate('beta'))).not.toBe(dump(db));
  });

  it('has several shops, one without keep_item, and every status incl. draft and cancelled', () => {
    const shops = db.prepare('SELECT id, keep_item FROM shops').all() as { id: string; keep_item: number }[];
    expect(shops.length).toBeGreaterThanOrEqual(3);
    expect(shops.some((s) => s.keep_item === 0)).toBe(true);
    const statuses = (column(db, 'SELECT DISTINCT status FROM return_orders') as string[]).sort();
    expect(statuses).toEqual([...RETURN_ORDER_STATUSES, ...HIDDEN_STATUSES].sort());
    expect(value(db, 'SELECT count(*) FROM return_orders')).toBe(3000);
  });

  it('gives every order 1-4 items; pending orders have only pending items; no keep in a shop without the feature', () => {
    const counts = db.prepare('SELECT min(n) AS lo, max(n) AS hi FROM (SELECT count(*) AS n FROM return_items GROUP BY order_id)').get();
    expect(counts).toEqual({ lo: 1, hi: 4 });
    expect(value(db, 'SELECT count(DISTINCT order_id) FROM return_items')).toBe(3000);
    expect(value(db, `SELECT count(*) FROM return_items i JOIN return_orders o ON o.id = i.order_id
      WHERE o.status = 'pending' AND i.status <> 'pending'`)).toBe(0);
    expect(value(db, `SELECT count(*) FROM return_items i JOIN return_orders o ON o.id = i.order_id JOIN shops s ON s.pk = o.shop_pk
      WHERE s.keep_item = 0 AND i.status = 'kept'`)).toBe(0);
  });

  it('spreads submission over the 180 days before the end, growing with the id', () => {
    const times = column(db, 'SELECT submitted_s FROM return_orders ORDER BY id') as number[];
    expect(times.every((t, i) => i === 0 || t >= times[i - 1]!)).toBe(true);
    expect(times[0]!).toBeGreaterThanOrEqual(endAt / 1000 - 180 * 86_400);
    expect(times[times.length - 1]!).toBeLessThanOrEqual(endAt / 1000);
  });

  it('order 1001 is a pending order of the first demo shop (the walk-through of docs/commands.md)', () => {
    expect(db.prepare('SELECT s.id AS shop, o.status FROM return_orders o JOIN shops s ON s.pk = o.shop_pk WHERE o.id = 1001').get())
      .toEqual({ shop: demoKeysFor('alpha')[0]!.shopId, status: 'pending' });
  });

  it('stores the demo keys of the seed, hashed', () => {
    const keys = demoKeysFor('alpha');
    expect(demoKeysFor('alpha')).toEqual(keys);
    expect(demoKeysFor('beta')[0]!.key).not.toBe(keys[0]!.key);
    for (const k of keys) expect(k.key).toMatch(/^sk_[0-9a-f]{64}$/);
    const hashes = column(db, 'SELECT key_hash FROM api_keys');
    expect(hashes.sort()).toEqual(keys.map((k) => hashApiKey(k.key)).sort());
    expect(JSON.stringify(db.prepare('SELECT * FROM api_keys').all())).not.toContain(keys[0]!.key.slice(3));
  });

  it('never overwrites a database that holds data', () => {
    expect(generateDemoData(db, { orders: 10, seed: 'other', endAt })).toEqual([]);
    expect(value(db, 'SELECT count(*) FROM return_orders')).toBe(3000);
  });
});
