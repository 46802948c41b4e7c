/**
 * `npx tsx bench/order/big-order.ts [items]`: the work of the order screen on one order with
 * many items (20,000 by default), in-process and without a terminal: approve-all in the
 * reducer, the draft and the review check that follow it, the review plan of bulk approve-all,
 * and the lines one frame lays out. Prints milliseconds per step (median of RUNS runs, default 3).
 */
import { performance } from 'node:perf_hooks';
import type { ReturnItem, ReturnOrder } from '../../src/api/schemas.js';
import { planApproveAll } from '../../src/ops/review-plan.js';
import { initialOrderState, orderReducer, type OrderContext } from '../../src/ui/screens/order/order-state.js';
import { checkReview, itemRefs, orderItems, toDraftDecisions } from '../../src/ops/review-model.js';
import { orderItemsLayout } from '../../src/ui/screens/order/order-frame.js';

const count = Number(process.argv[2] ?? 20_000);
const runs = Math.max(1, Number(process.env.RUNS ?? 3));

function bigOrder(n: number): ReturnOrder {
  const item = (id: number): ReturnItem => ({ id, status: 'pending', title: `Item ${id}`, sku: `SKU-${id}`, quantity: 1, price: '9.90', reason: 'Too small' });
  return {
    id: 1, cust_email: 'a@example.com', cust_first_name: 'A', cust_last_name: 'B', status: 'pending', currency: 'EUR',
    order_id: '1', order_name: '#BIG', submitted_at: '2026-11-01T00:00:00Z',
    refunds: Array.from({ length: n }, (_, i) => item(100_000 + i)), exchanges: [],
  };
}

function median(run: () => void): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

const order = bigOrder(count);
const items = orderItems(order)!;
const refs = itemRefs(items);
const ctx: OrderContext = { items: refs, status: 'pending', keepUnsupportedSince: null, presets: [] };
const approved = orderReducer(initialOrderState, { type: 'approve-all' }, ctx);

const rows: [string, number][] = [
  ['reducer approve-all', median(() => orderReducer(initialOrderState, { type: 'approve-all' }, ctx))],
  ['draft decisions of the result', median(() => toDraftDecisions(refs, approved.decisions))],
  ['review check (s)', median(() => checkReview(refs, approved.decisions))],
  ['review plan (bulk A)', median(() => planApproveAll(order.id, order, []))],
  ['one frame of the item list (80x24)', median(() => orderItemsLayout(items, order.currency, approved, 80).frame(24))],
];
console.log(`order with ${count} items (Node ${process.version})`);
for (const [name, ms] of rows) console.log(`${name.padEnd(36)} ${ms.toFixed(1).padStart(9)} ms`);
