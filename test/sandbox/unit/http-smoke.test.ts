/** A few end-to-end checks over loopback; the full contract suite lives in test/sandbox/contract. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageSchema, returnOrderSchema } from '../../../src/api/schemas.js';
import { KEYS } from '../../helpers/fixture.js';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb?.close());

const call = async (path: string, init: RequestInit = {}, key: string = KEYS.north) => {
  const res = await fetch(sb.url + path, { ...init, headers: { authorization: `Bearer ${key}`, ...init.headers } });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any route's JSON body, read by path in the assertions
  return { status: res.status, requestId: res.headers.get('x-request-id'), body: (await res.json()) as Record<string, any> };
};
const post = (path: string, body: unknown) =>
  call(path, { method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'content-type': 'application/json' } });

describe('sandbox over HTTP', () => {
  it('lists the shop\'s visible orders newest first, with items, and a request id', async () => {
    const res = await call('/return_orders?limit=5');
    expect(res.status).toBe(200);
    expect(res.requestId).toMatch(/^req_[0-9a-f]{24}$/);
    const page = pageSchema.parse(res.body);
    expect(page.data.map((o) => o.id)).toEqual([1025, 1024, 1023, 1022, 1021]);
    expect(page.data[0]!.refunds?.[0]).toMatchObject({ id: 70050, title: 'Jacket 25', price: '89.00' });
    expect(page.has_more).toBe(true);
  });

  it('reviews (all items, D5) and receives a pending order, then refuses a second review', async () => {
    const order = returnOrderSchema.parse((await call('/return_orders/1000')).body);
    const items = [
      ...order.refunds!.map((i) => ({ id: i.id, type: 'refund', action: 'approve' })),
      ...order.exchanges!.map((i) => ({ id: i.id, type: 'exchange', action: 'reject', reject_reason: 'worn' })),
    ];
    const reviewed = await post('/return_orders/1000/review', { items });
    expect(reviewed.status).toBe(200);
    expect(reviewed.body).toMatchObject({ id: 1000, status: 'reviewed' });
    expect(reviewed.body.exchanges[0]).toMatchObject({ status: 'rejected', reject_reason: 'worn' });
    expect((await post('/return_orders/1000/review', { items })).body.error.code).toBe('invalid_state_transition');
    const received = await post('/return_orders/1000/receive', '');
    expect(received.body).toMatchObject({ id: 1000, status: 'received' });
  });

  it('answers odd requests with the envelope, never a 5xx', async () => {
    expect((await call('/nope')).body.error.code).toBe('route_not_found');
    expect((await call('/return_orders/1000/review')).body.error.code).toBe('route_not_found');
    expect((await post('/return_orders/abc/review', {})).body.error.code).toBe('return_order_not_found');
    expect((await post('/return_orders/99999999999999999999/receive', {})).body.error.code).toBe('return_order_not_found');
    expect((await post('/return_orders/1014/review', '{"items": [')).body.error.code).toBe('missing_items_array');
    const big = await post('/return_orders/1014/review', 'x'.repeat(1024 * 1024 + 1));
    expect(big.status).toBe(413);
    expect(big.body.error).toMatchObject({ type: 'validation_error', code: 'body_too_large' });
    // Another shop's order looks exactly like a missing one.
    const foreign = await call('/return_orders/5000');
    const missing = await call('/return_orders/4999');
    expect(foreign.status).toBe(404);
    expect({ ...foreign.body }).toEqual(missing.body);
  });

  it('serves an OpenAPI 3.1 document generated from the shared schemas, without a key', async () => {
    for (const url of [sb.url + '/openapi.json', sb.url.replace('/public-api/v1', '') + '/openapi.json']) {
      const res = await fetch(url);
      expect(res.status).toBe(200);
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any route's JSON body, read by path in the assertions
      const doc = (await res.json()) as Record<string, any>;
      expect(doc.openapi).toBe('3.1.0');
      expect(Object.keys(doc.paths)).toEqual(['/return_orders', '/return_orders/{id}', '/return_orders/{id}/review', '/return_orders/{id}/receive']);
      expect(doc.components.schemas.ReturnOrder.properties.status.enum).toContain('pending_payment_from_customer');
      expect(doc.components.schemas.Page.properties.data.items).toEqual({ $ref: '#/components/schemas/ReturnOrder' });
    }
  });
});
