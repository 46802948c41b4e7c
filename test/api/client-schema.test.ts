/**
 * Answers that break the interface, from a hostile third-party server (not a mock of the
 * sandbox): schema violations, non-JSON, empty bodies, HTML pages, loops. Each becomes a
 * clear ApiError, never a crash and never silently wrong data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createClient, type ReturnsApiClient } from '../../src/api/client/index.js';
import { isKnownStatus, returnOrderSchema } from '../../src/api/schemas.js';
import { KEYS } from '../helpers/fixture.js';
import { json, startHostileServer, validOrder, type HostileServer } from '../helpers/hostile-server.js';

let server: HostileServer;
let client: ReturnsApiClient;

beforeAll(async () => {
  server = await startHostileServer();
  client = createClient({ baseUrl: server.url, apiKey: KEYS.north, maxRetries: 1, backoffBaseMs: 1 });
});
afterAll(async () => {
  await client.close();
  await server.close();
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

const page = (data: unknown[], extra: Record<string, unknown> = {}) => ({ data, has_more: false, next_cursor: null, ...extra });

describe('success bodies that break the schema', () => {
  it('names the offending field and the request id', async () => {
    const badItem = { id: 1, status: 'lost_in_space', title: 't', quantity: 1, price: '1' };
    server.answer((_q, res) => json(res, 200, page([validOrder(1), validOrder(2, { refunds: [badItem] })])));
    const e = await failure(client.listPage());
    expect(e).toMatchObject({ kind: 'schema', code: 'invalid_response', field: 'data[1].refunds[0].status', requestId: 'req_hostile', retries: 0 });
    expect(e.message).toContain('data[1].refunds[0].status');
    expect(e.message).toContain('[request id req_hostile]');
  });
  it('reads an order whose status this version does not know, as sent (the tolerant reader)', async () => {
    server.answer((_q, res) => json(res, 200, page([validOrder(1), validOrder(2, { status: 'lost_in_space' })])));
    const result = await client.listPage();
    expect(result.data.map((o) => [o.status, isKnownStatus(o.status)])).toEqual([['reviewed', true], ['lost_in_space', false]]);
    // The interface's own schema (the sandbox's and the OpenAPI document's) stays strict.
    expect(returnOrderSchema.safeParse(validOrder(2, { status: 'lost_in_space' })).success).toBe(false);
  });
  it.each([
    ['a missing envelope field', { data: [] }, 'has_more'],
    ['a wrong type', page([validOrder(1, { id: '1' })]), 'data[0].id'],
    ['a bad item', page([validOrder(1, { refunds: [{ id: 1, status: 'pending', title: 't', quantity: 0, price: '1' }] })]), 'data[0].refunds[0].quantity'],
    ['a date in another shape', page([validOrder(1, { submitted_at: '2026-11-01' })]), 'data[0].submitted_at'],
  ])('%s', async (_name, body, field) => {
    server.answer((_q, res) => json(res, 200, body));
    expect(await failure(client.listPage())).toMatchObject({ kind: 'schema', field });
  });
  it('lets unknown fields through', async () => {
    server.answer((_q, res) => json(res, 200, page([validOrder(1, { loyalty_tier: 'gold' })], { total_estimate: 1 })));
    const result = await client.listPage();
    expect(result).toMatchObject({ total_estimate: 1, data: [{ loyalty_tier: 'gold' }] });
  });
  it('tolerates an order without item details (D4)', async () => {
    const bare = validOrder(1);
    delete bare.refunds;
    delete bare.exchanges;
    server.answer((_q, res) => json(res, 200, page([bare])));
    expect((await client.listPage()).data[0]).not.toHaveProperty('refunds');
  });
});

describe('bodies that are not JSON', () => {
  it.each([
    ['empty', '', /an empty body/],
    ['plain text', 'OK', /a body that is not JSON/],
    ['an HTML page', '<!doctype html><html><body>Welcome</body></html>', /an HTML page/],
  ])('a 200 with %s body', async (_name, body, message) => {
    server.answer((_q, res) => {
      res.writeHead(200, { 'x-request-id': 'req_hostile' });
      res.end(body);
    });
    const e = await failure(client.listPage());
    expect(e).toMatchObject({ kind: 'schema', code: 'invalid_response', status: 200 });
    expect(e.message).toMatch(message);
    expect(e.message).toMatch(/where a page of return orders was expected/);
  });
  it('a proxy\'s HTML 502 page: retried, then a clear api error', async () => {
    const before = server.seen.length;
    server.answer((_q, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html><body><h1>502 Bad Gateway</h1></body></html>');
    });
    const e = await failure(client.listPage());
    expect(e).toMatchObject({ kind: 'api', status: 502, code: 'unexpected_response', retries: 1 });
    expect(e.message).toBe('The service answered HTTP 502 with an HTML page (often a proxy or gateway error page).');
    expect(server.seen.length - before).toBe(2);
  });
  it('a 403 from a proxy with its own JSON: authentication, not retried', async () => {
    server.answer((_q, res) => json(res, 403, { message: 'Forbidden' }));
    const e = await failure(client.listPage());
    expect(e).toMatchObject({ kind: 'authentication', status: 403, code: 'unexpected_response', retries: 0 });
  });
  it('a redirect is reported with a pointer to the base URL', async () => {
    server.answer((_q, res) => {
      res.writeHead(301, { location: 'https://elsewhere.example/' });
      res.end();
    });
    expect((await failure(client.listPage())).message).toMatch(/redirect: check the base URL/);
  });
});

describe('answers that would mislead', () => {
  it('getOrder refuses an answer about another order', async () => {
    server.answer((_q, res) => json(res, 200, page([validOrder(7)])));
    expect(await failure(client.getOrder(5))).toMatchObject({ kind: 'schema', field: 'data[0].id' });
  });
  it('listAll stops on has_more without a cursor, or a repeated cursor, instead of looping', async () => {
    server.answer((_q, res) => json(res, 200, page([validOrder(1)], { has_more: true, next_cursor: null })));
    await expect(drain(client)).rejects.toMatchObject({ kind: 'schema', field: 'next_cursor' });
    server.answer((_q, res) => json(res, 200, page([validOrder(1)], { has_more: true, next_cursor: 'same' })));
    await expect(drain(client)).rejects.toMatchObject({ kind: 'schema', field: 'next_cursor' });
  });
  it('a service error message with escape sequences is kept as sent: the terminal\'s one sanitizer shows them', async () => {
    server.answer((_q, res) => json(res, 400, { error: { type: 'validation_error', code: 'invalid_ids_format', message: 'bad\u001b[2J\u001b[31m ids\u0007', param: 'ids' } }));
    expect(await failure(client.listPage())).toMatchObject({ message: 'bad\u001b[2J\u001b[31m ids\u0007', code: 'invalid_ids_format', param: 'ids' });
  });
});

describe('writes (D2: any 200 is success)', () => {
  it('a 200 whose body is not an order: success, and the order is re-read from the list', async () => {
    server.answer((req, res) => {
      if (req.method === 'POST') return json(res, 200, { ok: true });
      json(res, 200, page([validOrder(3, { status: 'received' })]));
    });
    const before = server.seen.length;
    const result = await client.receive(3);
    expect(result).toMatchObject({ isAlreadyApplied: false, order: { id: 3, status: 'received' } });
    expect(server.seen.slice(before)).toEqual(['POST /public-api/v1/return_orders/3/receive', 'GET /public-api/v1/return_orders?ids=3']);
  });
  it('an empty 200 is success too; a failing re-read leaves the order unknown, not the write failed', async () => {
    server.answer((req, res) => {
      if (req.method === 'POST') return res.end();
      res.end('not json');
    });
    expect(await client.receive(3)).toMatchObject({ isAlreadyApplied: false, order: null });
  });
  it('sends every review item in one request, with the configured route', async () => {
    const custom = createClient({ baseUrl: server.url, apiKey: KEYS.north, routes: { review: 'PUT /orders/{id}/decisions', receive: 'POST /orders/{id}/arrived' } });
    let received = '';
    server.answer((req, res, body) => {
      if (req.method === 'PUT') received = body;
      json(res, 200, validOrder(9));
    });
    const items = [
      { id: 1, type: 'refund', action: 'approve' },
      { id: 2, type: 'exchange', action: 'reject', reject_reason: 'worn' },
    ] as const;
    await custom.review(9, items);
    await custom.receive(9);
    await custom.close();
    expect(JSON.parse(received)).toEqual({ items });
    expect(server.seen.slice(-2)).toEqual(['PUT /public-api/v1/orders/9/decisions', 'POST /public-api/v1/orders/9/arrived']);
  });
});

async function drain(c: ReturnsApiClient): Promise<void> {
  for await (const _ of c.listAll()) {
    // Walk until it ends or throws.
  }
}
