/**
 * Real responses of the real sandbox (port 0), a sample of every route
 * and every status it declares, checked against the sandbox's own OpenAPI document by
 * openapi-backend (operation by method and path, body by status, headers incl.
 * X-Request-Id and Retry-After). Also: every status each route answers is declared.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS } from '../../helpers/fixture.js';
import { loadContract, type Contract, type WireResponse } from '../../helpers/openapi-contract.js';
import { rawExchange } from '../../helpers/raw-http.js';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';

let sb: TestSandbox;
let limited: TestSandbox;
let failing: TestSandbox;
let throttling: TestSandbox;
/** Gives up on slow requests quickly (408 request_timeout). */
let impatient: TestSandbox;
let contract: Contract;

beforeAll(async () => {
  [sb, limited, failing, throttling, impatient] = await Promise.all([
    startTestSandbox(),
    startTestSandbox({ rateLimit: 1 }),
    startTestSandbox({ failRate: 1, failStatus: 500 }),
    startTestSandbox({ failRate: 1, failStatus: 429 }),
    startTestSandbox({ headersTimeoutMs: 200, requestTimeoutMs: 2_000, idleTimeoutMs: 200 }),
  ]);
  contract = await loadContract(sb.url);
});
afterAll(async () => {
  await Promise.all([sb, limited, failing, throttling, impatient].map((s) => s?.close()));
});

interface Call {
  readonly method: 'GET' | 'POST';
  /** Under the base path, with the query. */
  readonly path: string;
  readonly key?: string | null;
  readonly body?: string;
  readonly headers?: Record<string, string>;
  /** False sends no Host header. */
  readonly hasHost?: boolean;
}

/** One request over node:http (which can leave out Host and send a body with GET). */
function call(target: TestSandbox, c: Call): Promise<WireResponse> {
  const headers: Record<string, string> = { ...c.headers };
  const key = c.key === undefined ? KEYS.north : c.key;
  if (key !== null) headers.authorization = `Bearer ${key}`;
  if (c.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    headers['content-length'] = String(Buffer.byteLength(c.body)); // node:http sends a GET body without one
  }
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: target.port, method: c.method, path: `/public-api/v1${c.path}`, headers, setHost: c.hasHost !== false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (d: Buffer) => chunks.push(d));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode!, headers: res.headers as Record<string, string>, body: JSON.parse(text) });
        });
      },
    );
    req.on('error', reject);
    req.end(c.body);
  });
}

const review = (id: number | string, items: unknown[]): Call => ({ method: 'POST', path: `/return_orders/${id}/review`, body: JSON.stringify({ items }) });
const approve = (id: number, type = 'refund', action = 'approve') => ({ id, type, action });
const MiB = 1024 * 1024;

/** One call per route for the sandboxes that answer everything with 429 or 500. */
const ONE_PER_ROUTE: Record<string, Call> = {
  list: { method: 'GET', path: '/return_orders' },
  get: { method: 'GET', path: '/return_orders/1002' },
  review: review(1014, []),
  receive: { method: 'POST', path: '/return_orders/1002/receive' },
};

/** Per route, calls that together answer every status the route declares (sandbox `sb`). */
const SAMPLES: Record<string, readonly Call[]> = {
  list: [
    { method: 'GET', path: '/return_orders?limit=3' },
    { method: 'GET', path: '/return_orders?statuses=pending,reviewed&submitted_at_min=2026-11-01T00:00:00%2B01:00' },
    { method: 'GET', path: '/return_orders?order_names=%23N1000,no%20such%20name' },
    { method: 'GET', path: '/return_orders?limit=0' },
    { method: 'GET', path: '/return_orders?cursor=x.y' },
    { method: 'GET', path: '/return_orders?submitted_at_max=yesterday' },
    { method: 'GET', path: '/return_orders?submitted_at_min=2026-11-02T00:00:00Z&submitted_at_max=2026-11-01T00:00:00Z' },
    { method: 'GET', path: '/return_orders?statuses=draft' },
    { method: 'GET', path: '/return_orders?statuses=pending,,reviewed' },
    { method: 'GET', path: '/return_orders?ids=1,a' },
    { method: 'GET', path: '/return_orders?order_names=,' },
    { method: 'GET', path: '/return_orders', key: null },
    { method: 'GET', path: '/return_orders', key: KEYS.northRevoked },
    { method: 'GET', path: '/return_orders/' },
  ],
  get: [
    { method: 'GET', path: '/return_orders/1001' },
    { method: 'GET', path: '/return_orders/5000' },
    { method: 'GET', path: '/return_orders/abc' },
    { method: 'GET', path: '/return_orders/1001', key: 'sk_nothex' },
    { method: 'GET', path: '/return_orders/1001/' },
  ],
  review: [
    review(1000, [approve(70000), { ...approve(70001, 'exchange', 'reject'), reject_reason: 'worn', note: 'ignored' }]),
    { method: 'POST', path: '/return_orders/1014/review', body: '{"items": [' },
    { method: 'POST', path: '/return_orders/1014/review', body: '{"items":[]}', headers: { 'content-type': 'text/plain' } },
    review(1014, [approve(70028, 'gift')]),
    review(1014, [approve(70028, 'refund', 'maybe')]),
    review(1014, [approve(70028, 'refund', 'reject')]),
    review(1014, [approve(99999)]),
    review(1014, [approve(70028)]),
    review(1014, [approve(70028), approve(70029, 'exchange', 'keep_item')]),
    review(1001, [approve(70002)]),
    review(9999, []),
    { ...review(1014, []), key: null },
    { ...review(1014, []), path: '/return_orders/1014/review/' },
  ],
  receive: [
    { method: 'POST', path: '/return_orders/1001/receive' },
    { method: 'POST', path: '/return_orders/1001/receive', body: '{}' },
    { method: 'POST', path: '/return_orders/5001/receive' },
    { method: 'POST', path: '/return_orders/1001/receive', key: KEYS.unknown },
    { method: 'POST', path: '/return_orders/1001/receive/' },
  ],
};

/** What every route answers alike: no Host (400), oversized headers (431), a body over 1 MiB (413). */
const everyRoute = (c: Call): Call[] => [
  { ...c, hasHost: false },
  { ...c, headers: { 'x-padding': 'p'.repeat(20_000) } },
  { ...c, body: 'x'.repeat(MiB + 1) },
];

const OPERATIONS = { list: 'listReturnOrders', get: 'getReturnOrder', review: 'reviewReturnOrder', receive: 'receiveReturnOrder' } as const;

describe('real responses against the OpenAPI document', () => {
  const seen = new Map<string, Set<number>>();
  const check = async (target: TestSandbox, route: string, c: Call) => {
    const res = await call(target, c);
    expect(contract.operationOf(c.method, c.path)?.operationId, `${c.method} ${c.path}`).toBe(OPERATIONS[route as keyof typeof OPERATIONS]);
    expect(contract.responseProblems(c.method, c.path, res)).toEqual([]);
    const statuses = seen.get(route) ?? new Set<number>();
    seen.set(route, statuses.add(res.status));
    return res;
  };

  it.each(Object.keys(SAMPLES))('%s: every sampled response (all of the route\'s 2xx and 4xx) matches the document', async (route) => {
    // The review of 1000 happens first, so the receive of 1001 (reviewed in the fixture) is a 200 and then a 422.
    for (const c of [...SAMPLES[route]!, ...everyRoute(ONE_PER_ROUTE[route]!)]) await check(sb, route, c);
  });

  it.each(Object.keys(ONE_PER_ROUTE))('%s: 429 (rate limit and injected) and 500 (injected) match the document, Retry-After included', async (route) => {
    const c = ONE_PER_ROUTE[route]!;
    let res = await check(limited, route, c);
    for (let i = 0; i < 10 && res.status !== 429; i++) res = await check(limited, route, c);
    expect(res.status).toBe(429);
    expect((await check(throttling, route, c)).status).toBe(429);
    expect((await check(failing, route, c)).status).toBe(500);
  });

  it.each(Object.keys(ONE_PER_ROUTE))('%s: 408 (headers or a body that stop arriving) matches the document', async (route) => {
    const c = ONE_PER_ROUTE[route]!;
    const head = `${c.method} /public-api/v1${c.path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEYS.north}\r\n`;
    const stalled = c.method === 'GET' ? [head, { waitMs: 3_000 }] : [`${head}Content-Length: 10\r\n\r\n{`, { waitMs: 3_000 }];
    const res = await rawExchange(impatient.port, stalled);
    const wire: WireResponse = { status: res.status, headers: res.headers, body: JSON.parse(res.body) };
    expect(contract.operationOf(c.method, c.path)?.operationId).toBe(OPERATIONS[route as keyof typeof OPERATIONS]);
    expect(contract.responseProblems(c.method, c.path, wire)).toEqual([]);
    expect(res.status).toBe(408);
    seen.get(route)?.add(res.status);
  });

  it('has answered every status each route declares, and declares no status it never answered', () => {
    for (const [route, operationId] of Object.entries(OPERATIONS)) {
      const op = Object.values(contract.document.paths ?? {}).flatMap((item) => Object.values(item ?? {})).find((o) => (o as { operationId?: string }).operationId === operationId) as { responses: Record<string, unknown> };
      expect([...seen.get(route)!].sort(), route).toEqual(Object.keys(op.responses).map(Number).sort());
    }
  });
});
