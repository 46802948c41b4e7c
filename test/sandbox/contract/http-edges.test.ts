/**
 * Every response carries X-Request-Id and the error envelope, also to
 * HTTP that Node's server would answer by itself (no Host, an unknown Expect, CONNECT)
 * or that cannot be parsed; and a review's Content-Type is honoured as the document says.
 * Raw requests over a socket, to the real sandbox on port 0.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS } from '../../helpers/fixture.js';
import { expectError, listOrders, reviewOrder } from '../../helpers/contract-http.js';
import { raw as rawRequest, type RawResponse } from '../../helpers/raw-http.js';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb?.close());

/** Writes `text` on a fresh connection and reads the first response. */
const raw = (text: string) => rawRequest(sb.port, text);

const AUTH = `Authorization: Bearer ${KEYS.north}\r\n`;

function expectEnvelope(res: RawResponse, status: number, code: string): void {
  expect(res.status).toBe(status);
  expect(res.headers['x-request-id']).toMatch(/^req_[0-9a-f]{24}$/);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(JSON.parse(res.body)).toMatchObject({ error: { code, type: expect.any(String), message: expect.any(String) } });
}

describe('HTTP that never reaches a handler', () => {
  it('an HTTP/1.1 request without Host → 400 malformed_request with the envelope and X-Request-Id', async () => {
    expectEnvelope(await raw(`GET /public-api/v1/return_orders HTTP/1.1\r\n${AUTH}\r\n`), 400, 'malformed_request');
  });

  it('an HTTP/1.0 request without Host is served (Host is an HTTP/1.1 requirement)', async () => {
    const res = await raw(`GET /public-api/v1/return_orders?limit=1 HTTP/1.0\r\n${AUTH}\r\n`);
    expect(res.status).toBe(200);
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('an unknown Expect is ignored: the request is answered as usual, not with a bare 417', async () => {
    const res = await raw(`GET /public-api/v1/return_orders?limit=1 HTTP/1.1\r\nHost: x\r\nExpect: magic\r\n${AUTH}\r\n`);
    expect(res.status).toBe(200);
    expect(res.headers['x-request-id']).toBeTruthy();
    expectEnvelope(await raw('GET /public-api/v1/return_orders HTTP/1.1\r\nHost: x\r\nExpect: magic\r\n\r\n'), 401, 'missing_api_key');
  });

  it('CONNECT → 404 route_not_found with the envelope (Node would close without an answer)', async () => {
    expectEnvelope(await raw('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n'), 404, 'route_not_found');
  });

  it.each([
    ['a request line that is no HTTP', 'HELLO\r\n\r\n'],
    ['an unknown method', 'BREW /public-api/v1/return_orders HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['Content-Length with Transfer-Encoding', 'POST /public-api/v1/return_orders/1/receive HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n'],
  ])('%s → 400 malformed_request', async (_name, text) => {
    expectEnvelope(await raw(text), 400, 'malformed_request');
  });

  it('headers over the limit → 431 malformed_request', async () => {
    expectEnvelope(await raw(`GET /public-api/v1/return_orders HTTP/1.1\r\nHost: x\r\nX-Pad: ${'p'.repeat(20_000)}\r\n\r\n`), 431, 'malformed_request');
  });

  it('an absolute-form target (RFC 9112 3.2.2) is routed by its path', async () => {
    const res = await raw(`GET http://x/public-api/v1/return_orders?ids=1000 HTTP/1.1\r\nHost: x\r\n${AUTH}Connection: close\r\n\r\n`);
    expect(res.status).toBe(200);
    expect((JSON.parse(res.body) as { data: { id: number }[] }).data.map((o) => o.id)).toEqual([1000]);
  });
});

describe('review Content-Type (section 1: all bodies are JSON; D6 step 3)', () => {
  const items = [{ id: 70028, type: 'refund', action: 'approve' }, { id: 70029, type: 'exchange', action: 'approve' }];

  it('a body that is not JSON is 400 missing_items_array whatever its type, and nothing changes', async () => {
    for (const type of ['application/json', 'text/plain', 'application/x-www-form-urlencoded']) {
      expectError(await reviewOrder(sb.url, KEYS.north, 1014, 'items=70028', type), 'missing_items_array', 'items');
    }
    const page = await listOrders(sb.url, KEYS.north, { ids: '1014' });
    expect((page.json as { data: { status: string }[] }).data[0]?.status).toBe('pending');
  });

  it('a JSON body is read as JSON whatever the Content-Type says (curl --data sends a form type), or with none', async () => {
    const body = JSON.stringify({ items: [] });
    // Step 3 passes (a JSON object with an items array), so the empty list is step 7's missing_items.
    for (const type of ['application/json; charset=utf-8', 'Application/JSON', 'application/vnd.api+json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      expectError(await reviewOrder(sb.url, KEYS.north, 1014, body, type), 'missing_items', 'items');
    }
    const res = await raw(
      `POST /public-api/v1/return_orders/1014/review HTTP/1.1\r\nHost: x\r\n${AUTH}Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    );
    expectEnvelope(res, 400, 'missing_items');
  });

  it('unknown properties are ignored, as the document says: the review succeeds', async () => {
    const res = await reviewOrder(sb.url, KEYS.north, 1014, { items: items.map((i) => ({ ...i, note: 'x' })), source: 'test' });
    expect(res.status).toBe(200);
    expect((res.json as { status: string }).status).toBe('reviewed');
  });
});
