/**
 * The list engine against a plain filter over the same rows: every access path (ids,
 * order_names, per-status merge, visible index, zone-map date windows) must return
 * exactly the matching ids, newest first, across whole keyset walks; with submission
 * times that follow the ids and with times in random order.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RETURN_ORDER_STATUSES, type StoredStatus } from '../../../src/api/schemas.js';
import { OrderLister, rebuildBlocks, type ListPlan } from '../../../src/sandbox/db/list-orders.js';
import { openDatabase, type Db } from '../../../src/sandbox/db/open.js';
import { transaction } from '../../../src/sqlite/transaction.js';

const STORED: StoredStatus[] = [...RETURN_ORDER_STATUSES, 'draft', 'cancelled'];
const T0 = 1_760_000_000;

interface Row { id: number; shop: number; status: StoredStatus; name: string; s: number }

function build(rows: readonly Row[]): Db {
  const db = openDatabase(':memory:');
  db.exec(`INSERT INTO shops (pk, id, name, keep_item) VALUES (1, 'a', 'A', 1), (2, 'b', 'B', 0)`);
  const insert = db.prepare(`INSERT INTO return_orders VALUES (?, ?, ?, 'e', 'f', 'l', 'EUR', 'o', ?, ?)`);
  transaction(db, () => rows.forEach((r) => insert.run(r.id, r.shop, r.status, r.name, r.s)), 'DEFERRED');
  rebuildBlocks(db);
  return db;
}

function naive(rows: readonly Row[], plan: ListPlan): number[] {
  return rows
    .filter((r) =>
      r.shop === plan.shopPk &&
      r.status !== 'draft' && r.status !== 'cancelled' &&
      (!plan.statuses || plan.statuses.includes(r.status)) &&
      (!plan.ids || plan.ids.includes(r.id)) &&
      (!plan.orderNames || plan.orderNames.includes(r.name)) &&
      (plan.minS === null || r.s >= plan.minS) &&
      (plan.maxS === null || r.s <= plan.maxS))
    .map((r) => r.id)
    .sort((a, b) => b - a);
}

function walk(lister: OrderLister, plan: ListPlan): number[] {
  const out: number[] = [];
  let before: number | null = null;
  for (;;) {
    const ids = lister.listIds({ ...plan, beforeId: before });
    const page = ids.slice(0, plan.limit);
    out.push(...page);
    if (ids.length <= plan.limit) return out;
    before = page[page.length - 1]!;
  }
}

const rowsArb = (isCorrelated: boolean) =>
  fc.integer({ min: 0, max: 2500 }).chain((n) =>
    fc.array(
      fc.record({
        shop: fc.constantFrom(1, 2),
        status: fc.constantFrom(...STORED),
        name: fc.constantFrom('#1', '#2', '#3', '#4', '#5'),
        jitter: fc.integer({ min: 0, max: 100_000_000 }),
      }),
      { minLength: n, maxLength: n },
    ).map((xs) => xs.map((x, i): Row => ({
      id: 10 + i * 3,
      shop: x.shop,
      status: x.status,
      name: x.name,
      s: isCorrelated ? T0 + i * 600 + (x.jitter % 500) : T0 + (x.jitter % 2_000_000),
    }))),
  );

const planArb = fc.record({
  shopPk: fc.constantFrom(1, 2),
  limit: fc.integer({ min: 1, max: 100 }),
  statuses: fc.option(fc.uniqueArray(fc.constantFrom(...RETURN_ORDER_STATUSES), { minLength: 1, maxLength: RETURN_ORDER_STATUSES.length }), { nil: undefined }),
  ids: fc.option(fc.array(fc.integer({ min: 1, max: 8000 }), { minLength: 1, maxLength: 30 }), { nil: undefined }),
  orderNames: fc.option(fc.array(fc.constantFrom('#1', '#3', '#9'), { minLength: 1, maxLength: 2 }), { nil: undefined }),
  minS: fc.option(fc.integer({ min: T0 - 1000, max: T0 + 1_600_000 }), { nil: null }),
  span: fc.option(fc.integer({ min: 0, max: 1_000_000 }), { nil: null }),
});

describe('list engine equals a plain filter', () => {
  for (const isCorrelated of [true, false]) {
    it(`whole walks, ${isCorrelated ? 'times following ids' : 'times in random order'}`, () => {
      fc.assert(
        fc.property(rowsArb(isCorrelated), fc.array(planArb, { minLength: 1, maxLength: 6 }), (rows, plans) => {
          const db = build(rows);
          const lister = new OrderLister(db);
          for (const p of plans) {
            const plan: ListPlan = {
              shopPk: p.shopPk,
              limit: p.limit,
              beforeId: null,
              statuses: p.statuses,
              ids: p.ids,
              orderNames: p.orderNames,
              minS: p.minS,
              maxS: p.span === null ? null : (p.minS ?? T0) + p.span,
            };
            expect(walk(lister, plan)).toEqual(naive(rows, plan));
          }
          db.close();
        }),
        { numRuns: 25 },
      );
    });
  }
});

describe('page sizes', () => {
  it('each page size reads exactly limit + 1 ids, whichever sizes the same lister served before', () => {
    const rows = Array.from({ length: 300 }, (_, i): Row => ({ id: i + 1, shop: 1, status: 'pending', name: `#${i}`, s: T0 + i }));
    const db = build(rows);
    const lister = new OrderLister(db);
    const plan = (limit: number, statuses?: string[]): ListPlan => ({ shopPk: 1, limit, beforeId: null, statuses, minS: null, maxS: null });
    for (const limit of [3, 7, 100, 3, 1, 7]) {
      expect(lister.listIds(plan(limit))).toEqual(Array.from({ length: limit + 1 }, (_, i) => 300 - i));
      // The per-status merge path too (two statuses, one of them empty).
      expect(lister.listIds(plan(limit, ['pending', 'reviewed']))).toHaveLength(limit + 1);
    }
    db.close();
  });

  it('runs its id statements with the LIMIT written in, never bound (a bound LIMIT cost 7-15 µs a query: docs/benchmarks.md)', () => {
    const db = build([{ id: 1, shop: 1, status: 'pending', name: '#1', s: T0 }]);
    const prepared: string[] = [];
    const prepare = db.prepare.bind(db);
    db.prepare = (sql: string) => {
      prepared.push(sql);
      return prepare(sql);
    };
    const lister = new OrderLister(db);
    const plan = (extra: Partial<ListPlan>): ListPlan => ({ shopPk: 1, limit: 5, beforeId: null, minS: null, maxS: null, ...extra });
    for (const p of [plan({}), plan({ statuses: ['pending'] }), plan({ statuses: ['pending', 'reviewed'] }), plan({ ids: [1] }), plan({ orderNames: ['#1'] })]) lister.listIds(p);
    const idQueries = prepared.filter((sql) => sql.startsWith('SELECT json_group_array(id)'));
    expect(idQueries.length).toBeGreaterThanOrEqual(4);
    for (const sql of idQueries) expect(sql).toMatch(/LIMIT 6\)$/);
    db.close();
  });
});
