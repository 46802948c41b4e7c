/**
 * D9: errors beyond the codes table (route_not_found, body_too_large), X-Request-Id on
 * every response, and no API key echoed in any message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';
import { KEYS } from '../../helpers/fixture.js';
import { expectError, expectPage, listOrders, reviewOrder, send, type ApiResponse } from '../../helpers/contract-http.js';

let sb: TestSandbox;
let origin: string;

beforeAll(async () => {
  sb = await startTestSandbox();
  origin = new URL(sb.url).origin;
});
afterAll(async () => {
  await sb?.close();
});

const MiB = 1024 * 1024;

/** A JSON review body of exactly `size` bytes (padding in an ignored field). */
function bodyOfSize(size: number): string {
  const head = '{"items":[],"pad":"';
  const tail = '"}';
  return head + 'x'.repeat(size - head.length - tail.length) + tail;
}

describe('route_not_found (D9)', () => {
  it.each([
    ['GET', '/no_such_route'],
    ['DELETE', '/return_orders'],
    ['POST', '/return_orders'],
    ['PUT', '/return_orders/1000/review'],
    ['GET', '/return_orders/1000/review'],
    ['GET', '/return_orders/1000/receive'],
    ['POST', '/return_orders/1000/receive/extra'],
    ['POST', '/return_orders/1000/approve'],
  ])('%s %s → 404 resource_error route_not_found', async (method, path) => {
    const res = await send(sb.url, path, { method, auth: KEYS.north });
    expectError(res, 'route_not_found');
  });

  it.each(['/other', '/public-api/v2/return_orders', '/public-api/return_orders', '/'])(
    'a path outside the /public-api/v1 base (%s) → 404 route_not_found', async (path) => {
      const res = await send(origin, path, { auth: KEYS.north });
      expectError(res, 'route_not_found');
    });
});

describe('order ids in the path that are not ids', () => {
  it.each(['1e3', '-1', '1000.0', '99999999999999999999', '%E0', 'abc'])('POST /return_orders/%s/receive → 404 resource_error', async (id) => {
    const res = await send(sb.url, `/return_orders/${id}/receive`, { method: 'POST', auth: KEYS.north });
    expect(res.status).toBe(404);
    expect((res.json as { error: { type: string } }).error.type).toBe('resource_error');
  });
});

describe('body_too_large (D9)', () => {
  it('a review body over 1 MiB → 413 validation_error body_too_large', async () => {
    const res = await reviewOrder(sb.url, KEYS.north, 1000, bodyOfSize(MiB + 1));
    expectError(res, 'body_too_large');
  });

  it('a chunked body (no Content-Length) over 1 MiB → 413 as well', async () => {
    const text = bodyOfSize(MiB + 100);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        const bytes = new TextEncoder().encode(text);
        for (let i = 0; i < bytes.length; i += 64 * 1024) controller.enqueue(bytes.subarray(i, i + 64 * 1024));
        controller.close();
      },
    });
    const res = await fetch(`${sb.url}/return_orders/1000/review`, {
      method: 'POST', body: stream, duplex: 'half',
      headers: { authorization: `Bearer ${KEYS.north}`, 'content-type': 'application/json' },
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('body_too_large');
  });

  it('a body of exactly 1 MiB is read and judged by the review rules instead', async () => {
    const res = await reviewOrder(sb.url, KEYS.north, 1000, bodyOfSize(MiB));
    expectError(res, 'missing_items', 'items');
  });

  it('a 413 changes nothing and the server keeps serving', async () => {
    const big = JSON.stringify({ items: [
      { id: 70000, type: 'refund', action: 'approve' },
      { id: 70001, type: 'exchange', action: 'approve', pad: 'y'.repeat(MiB) },
    ] });
    expectError(await reviewOrder(sb.url, KEYS.north, 1000, big), 'body_too_large');
    const page = expectPage(await listOrders(sb.url, KEYS.north, { ids: '1000' }));
    expect(page.data[0]?.status).toBe('pending');
  });
});

describe('X-Request-Id on every response (D9)', () => {
  it('is present and distinct on 200, 400, 401, 404, 413 and 422 responses', async () => {
    const responses: ApiResponse[] = [
      await listOrders(sb.url, KEYS.north),
      await listOrders(sb.url, KEYS.north, { limit: '0' }),
      await listOrders(sb.url, null),
      await listOrders(sb.url, KEYS.unknown),
      await send(sb.url, '/nowhere', { auth: KEYS.north }),
      await reviewOrder(sb.url, KEYS.north, 424242, { items: [] }),
      await reviewOrder(sb.url, KEYS.north, 1000, bodyOfSize(MiB + 10)),
      await reviewOrder(sb.url, KEYS.north, 1001, { items: [] }),
      await send(origin, '/elsewhere', { auth: KEYS.north }),
    ];
    expect(responses.map((r) => r.status)).toEqual([200, 400, 401, 401, 404, 404, 413, 422, 404]);
    const ids = responses.map((r) => r.requestId);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('no API key is echoed (D9, section 5)', () => {
  const near = KEYS.north.slice(0, -1) + (KEYS.north.endsWith('0') ? '1' : '0');

  it.each([
    ['a near-miss key in the header', () => listOrders(sb.url, near)],
    ['a key with trailing text', () => listOrders(sb.url, { header: `Bearer ${KEYS.north} extra` })],
    ['a key without Bearer', () => listOrders(sb.url, { header: KEYS.north })],
    ['a key as the statuses value', () => listOrders(sb.url, KEYS.north, { statuses: KEYS.south })],
    ['a key as the ids value', () => listOrders(sb.url, KEYS.north, { ids: KEYS.south })],
    ['a key as the cursor', () => listOrders(sb.url, KEYS.north, { cursor: KEYS.south })],
    ['a key as the limit', () => listOrders(sb.url, KEYS.north, { limit: KEYS.south })],
    ['a key as a date', () => listOrders(sb.url, KEYS.north, { submitted_at_min: KEYS.south })],
    ['a key as the order id in the path', () => reviewOrder(sb.url, KEYS.north, KEYS.south, { items: [] })],
    ['a key as an item type', () => reviewOrder(sb.url, KEYS.north, 1000, { items: [{ id: 70000, type: KEYS.south, action: 'approve' }] })],
    ['a key as an item action', () => reviewOrder(sb.url, KEYS.north, 1000, { items: [{ id: 70000, type: 'refund', action: KEYS.south }] })],
  ])('%s: the response never contains it', async (_name, request) => {
    const res = await request();
    // send() already fails on any fixture key in the body; check the near-miss key as well.
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.text).not.toContain(near.slice(3));
    expect(res.text).not.toMatch(/sk_[0-9a-f]{8,}/i);
  });
});
