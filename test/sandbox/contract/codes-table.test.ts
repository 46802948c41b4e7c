/**
 * Every row of the codes table (interface section 7) plus the D7/D9 extension codes, each
 * provoked once over real HTTP with the exact status, type, code and param.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';
import { KEYS } from '../../helpers/fixture.js';
import { expectError, listOrders, receiveOrder, reviewOrder, send, SPEC_CODES, type ApiResponse, type SpecCode } from '../../helpers/contract-http.js';

let sb: TestSandbox;
let limited: TestSandbox;
const clock = { ms: Date.UTC(2026, 10, 15) };

beforeAll(async () => {
  sb = await startTestSandbox();
  // A frozen clock: the bucket never refills, so the 429 does not depend on timing.
  limited = await startTestSandbox({ rateLimit: 1, now: () => clock.ms });
});
afterAll(async () => {
  await sb?.close();
  await limited?.close();
});

// makeFixture(): north 1000 pending (items 70000 refund, 70001 exchange), 1001 reviewed,
// 1012 draft, 1013 cancelled; south 5000 pending (items 70056, 70057), south has no keep_item.
const pendingBoth = (action: string, extra: Record<string, unknown> = {}) => ({
  items: [
    { id: 70000, type: 'refund', action: 'approve' },
    { id: 70001, type: 'exchange', action, ...extra },
  ],
});

type Row = readonly [SpecCode, string | undefined, () => Promise<ApiResponse>];

const rows: Row[] = [
  ['missing_api_key', undefined, () => listOrders(sb.url, null)],
  ['invalid_api_key', undefined, () => listOrders(sb.url, KEYS.unknown)],
  ['invalid_date_format', 'submitted_at_min', () => listOrders(sb.url, KEYS.north, { submitted_at_min: 'yesterday' })],
  ['invalid_date_format', 'submitted_at_max', () => listOrders(sb.url, KEYS.north, { submitted_at_max: '2026-11-01' })],
  ['invalid_date_range', 'submitted_at_min', () => listOrders(sb.url, KEYS.north, {
    submitted_at_min: '2026-11-02T00:00:00Z', submitted_at_max: '2026-11-01T00:00:00Z' })],
  ['invalid_status_value', 'statuses', () => listOrders(sb.url, KEYS.north, { statuses: 'pending,bogus' })],
  ['invalid_statuses_format', 'statuses', () => listOrders(sb.url, KEYS.north, { statuses: 'pending,,reviewed' })],
  ['invalid_ids_format', 'ids', () => listOrders(sb.url, KEYS.north, { ids: '1000,abc' })],
  ['invalid_order_names_format', 'order_names', () => listOrders(sb.url, KEYS.north, { order_names: '#N1000,' })],
  ['invalid_cursor_format', 'cursor', () => listOrders(sb.url, KEYS.north, { cursor: 'not-a-cursor' })],
  ['missing_items_array', 'items', () => reviewOrder(sb.url, KEYS.north, 1000, {})],
  ['missing_items', 'items', () => reviewOrder(sb.url, KEYS.north, 1000, { items: [{ id: 70000, type: 'refund', action: 'approve' }] })],
  ['invalid_action', 'items[].action', () => reviewOrder(sb.url, KEYS.north, 1000, pendingBoth('refund'))],
  ['invalid_item_type', 'items[].type', () => reviewOrder(sb.url, KEYS.north, 1000, {
    items: [{ id: 70000, type: 'credit', action: 'approve' }, { id: 70001, type: 'exchange', action: 'approve' }] })],
  ['item_not_found', 'items[].id', () => reviewOrder(sb.url, KEYS.north, 1000, {
    items: [{ id: 70000, type: 'refund', action: 'approve' }, { id: 123456, type: 'exchange', action: 'approve' }] })],
  ['keep_item_not_allowed', 'items[].action', () => reviewOrder(sb.url, KEYS.south, 5000, {
    items: [{ id: 70056, type: 'refund', action: 'keep_item' }, { id: 70057, type: 'exchange', action: 'approve' }] })],
  ['missing_reject_reason', 'items[].reject_reason', () => reviewOrder(sb.url, KEYS.north, 1000, pendingBoth('reject'))],
  ['return_order_not_found', undefined, () => reviewOrder(sb.url, KEYS.north, 999_999, pendingBoth('approve'))],
  ['invalid_state_transition', undefined, () => receiveOrder(sb.url, KEYS.north, 1000)],
  ['invalid_limit', 'limit', () => listOrders(sb.url, KEYS.north, { limit: '101' })],
  ['route_not_found', undefined, () => send(sb.url, '/no_such_route', { auth: KEYS.north })],
];

describe('codes table (section 7) and extension codes', () => {
  it.each(rows.map((r, i) => [`${r[0]} ${r[1] ?? ''}`.trim(), i] as const))('%s', async (_name, i) => {
    const [code, param, request] = rows[i]!;
    const res = await request();
    expectError(res, code, param);
    if (SPEC_CODES[code][2] === undefined) expect(res.json).not.toHaveProperty('error.param');
  });

  it('rate_limit_exceeded: 429 rate_limit_error with Retry-After', async () => {
    const statuses: number[] = [];
    let last: ApiResponse | undefined;
    for (let i = 0; i < 10 && !statuses.includes(429); i++) {
      last = await listOrders(limited.url, KEYS.north, { limit: '1' });
      statuses.push(last.status);
    }
    expect(statuses).toContain(429);
    expectError(last!, 'rate_limit_exceeded');
    expect(last!.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
  });

  it('a review that fails any rule changes nothing (the order stays pending)', async () => {
    const res = await listOrders(sb.url, KEYS.north, { ids: '1000' });
    const order = (res.json as { data: { status: string; refunds: { status: string }[]; exchanges: { status: string }[] }[] }).data[0]!;
    expect(order.status).toBe('pending');
    expect([...order.refunds, ...order.exchanges].map((i) => i.status)).toEqual(['pending', 'pending']);
  });
});
