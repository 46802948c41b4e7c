/** Listing through the client against the real sandbox: every filter, paging, one order. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type ReturnsApiClient } from '../../src/api/client/index.js';
import type { ReturnOrder } from '../../src/api/schemas.js';
import { KEYS, type FixtureOrder } from '../helpers/fixture.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

let sandbox: TestSandbox;
let client: ReturnsApiClient;
/** North's visible orders, newest first: what every list answer is compared against. */
let visible: FixtureOrder[];

beforeAll(async () => {
  sandbox = await startTestSandbox();
  client = createClient({ baseUrl: sandbox.url, apiKey: KEYS.north, maxRetries: 0 });
  visible = sandbox.fixture.return_orders
    .filter((o) => o.shop_id === 'shop_north' && o.status !== 'draft' && o.status !== 'cancelled')
    .sort((a, b) => b.id - a.id);
});
afterAll(async () => {
  await client.close();
  await sandbox.close();
});

const ids = (orders: readonly { id: number }[]) => orders.map((o) => o.id);
async function all(request: Parameters<ReturnsApiClient['listAll']>[0]): Promise<ReturnOrder[]> {
  const out: ReturnOrder[] = [];
  for await (const order of client.listAll(request)) out.push(order);
  return out;
}

describe('listPage', () => {
  it('returns a page with the envelope, the request id and unknown fields kept', async () => {
    const page = await client.listPage({ limit: 5 });
    expect(ids(page.data)).toEqual(ids(visible.slice(0, 5)));
    expect(page.has_more).toBe(true);
    expect(typeof page.next_cursor).toBe('string');
    expect(page.requestId).toMatch(/\S+/);
    // D4 arrays are not in the interface's field list: they pass through.
    expect(page.data[0]!.refunds?.[0]).toMatchObject({ title: expect.any(String) });
  });
  it('uses the default page size without a limit', async () => {
    const page = await client.listPage();
    expect(page.data).toHaveLength(visible.length);
    expect(page.has_more).toBe(false);
    expect(page.next_cursor).toBeNull();
  });
  it('follows a cursor to the next page', async () => {
    const first = await client.listPage({ limit: 10 });
    const second = await client.listPage({ limit: 10, cursor: first.next_cursor! });
    expect(ids(second.data)).toEqual(ids(visible.slice(10, 20)));
  });

  it('filters by statuses', async () => {
    const page = await client.listPage({ filters: { statuses: ['pending', 'reviewed'] } });
    expect(ids(page.data)).toEqual(ids(visible.filter((o) => o.status === 'pending' || o.status === 'reviewed')));
    expect(page.data.length).toBeGreaterThan(1);
  });
  it('filters by submitted_at bounds, inclusive', async () => {
    const min = visible.find((o) => o.id === 1003)!.submitted_at;
    const max = visible.find((o) => o.id === 1008)!.submitted_at;
    const page = await client.listPage({ filters: { submittedAtMin: min, submittedAtMax: max } });
    expect(ids(page.data)).toEqual(ids(visible.filter((o) => o.id >= 1003 && o.id <= 1008)));
  });
  it('compares date bounds as instants (other zones)', async () => {
    const page = await client.listPage({ filters: { submittedAtMin: '2026-11-01T03:00:00+02:00', submittedAtMax: '2026-11-01T03:00:00Z' } });
    expect(ids(page.data)).toEqual([1003, 1002, 1001]);
  });
  it('filters by ids (other shops and hidden orders never show)', async () => {
    const page = await client.listPage({ filters: { ids: [1001, 1004, 1012, 5001] } });
    expect(ids(page.data)).toEqual([1004, 1001]);
  });
  it('filters by order names, exactly', async () => {
    const page = await client.listPage({ filters: { orderNames: ['#N1002', '#N1005', '#n1006'] } });
    expect(ids(page.data)).toEqual([1005, 1002]);
  });
  it('combines filters with paging', async () => {
    const filters = { statuses: ['pending', 'reviewed', 'received'] as const, submittedAtMin: '2026-11-01T00:00:00Z' };
    const walked = await all({ filters: { ...filters, statuses: [...filters.statuses] }, limit: 2 });
    expect(ids(walked)).toEqual(ids(visible.filter((o) => ['pending', 'reviewed', 'received'].includes(o.status))));
  });
  it('answers an empty page when nothing matches', async () => {
    const page = await client.listPage({ filters: { orderNames: ['#nothing'] } });
    expect(page).toMatchObject({ data: [], has_more: false, next_cursor: null });
  });
});

describe('listAll / listPages', () => {
  it('walks every page once, in order, without duplicates or gaps', async () => {
    const walked = await all({ limit: 3 });
    expect(ids(walked)).toEqual(ids(visible));
    let pages = 0;
    for await (const page of client.listPages({ limit: 3 })) {
      pages += 1;
      expect(page.data.length).toBeLessThanOrEqual(3);
    }
    expect(pages).toBe(Math.ceil(visible.length / 3));
  });
  it('stops at an empty result', async () => {
    expect(await all({ filters: { ids: [999_999] } })).toEqual([]);
  });
});

describe('getOrder (D3)', () => {
  it('reads one order through the list endpoint', async () => {
    const order = await client.getOrder(1001);
    expect(order).toMatchObject({ id: 1001, order_name: '#N1001', status: 'reviewed' });
  });
  it('gives null for a missing, hidden or other shop\'s order', async () => {
    expect(await client.getOrder(999_999)).toBeNull();
    expect(await client.getOrder(1012)).toBeNull(); // draft
    expect(await client.getOrder(1013)).toBeNull(); // cancelled
    expect(await client.getOrder(5001)).toBeNull(); // south's
  });
  it('refuses an id that is not a positive whole number before any request', async () => {
    await expect(client.getOrder(0)).rejects.toMatchObject({ kind: 'validation', code: 'invalid_argument', param: 'id' });
    await expect(client.getOrder(1.5)).rejects.toMatchObject({ code: 'invalid_argument' });
  });
});
