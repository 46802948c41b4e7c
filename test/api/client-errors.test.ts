/** Every kind of error of the interface, produced by the real sandbox and read by the client. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RetryInfo } from '../../src/api/client-types.js';
import { ApiError, createClient, type ReturnsApiClient } from '../../src/api/client/index.js';
import type { ReviewItem } from '../../src/api/schemas.js';
import { startCuttingProxy } from '../helpers/cutting-proxy.js';
import { KEYS } from '../helpers/fixture.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

let sandbox: TestSandbox;
let north: ReturnsApiClient;
let south: ReturnsApiClient;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  north = createClient({ baseUrl: sandbox.url, apiKey: KEYS.north, maxRetries: 0 });
  south = createClient({ baseUrl: sandbox.url, apiKey: KEYS.south, maxRetries: 0 });
});
afterAll(async () => {
  await Promise.all([north.close(), south.close()]);
  await sandbox.close();
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

describe('authentication (401)', () => {
  it.each([
    ['unknown', KEYS.unknown],
    ['revoked', KEYS.northRevoked],
  ])('an %s key gets invalid_api_key', async (_name, key) => {
    const client = createClient({ baseUrl: sandbox.url, apiKey: key, maxRetries: 3 });
    const e = await failure(client.listPage());
    await client.close();
    expect(e).toMatchObject({ kind: 'authentication', status: 401, type: 'authentication_error', code: 'invalid_api_key', retries: 0 });
    expect(e.requestId).toMatch(/\S/);
    expect(e.hint).toMatch(/API keys/);
  });
  it('a request that arrives without the header gets missing_api_key', async () => {
    const proxy = await startCuttingProxy(sandbox.url, { stripAuthorization: true });
    const client = createClient({ baseUrl: proxy.url, apiKey: KEYS.north, maxRetries: 0 });
    const e = await failure(client.listPage());
    await client.close();
    await proxy.close();
    expect(e).toMatchObject({ kind: 'authentication', status: 401, code: 'missing_api_key' });
  });
});

describe('configuration (checked before any request)', () => {
  it.each([
    ['', 'api_key_missing'],
    ['sk_123', 'api_key_malformed'],
    [`${KEYS.north} `, 'api_key_whitespace'],
  ])('key %j: %s, and nothing is sent', async (key, code) => {
    const proxy = await startCuttingProxy(sandbox.url);
    const client = createClient({ baseUrl: proxy.url, apiKey: key });
    for (const call of [client.listPage(), client.getOrder(1), client.receive(1001), client.review(1000, [])]) {
      expect(await failure(call)).toMatchObject({ kind: 'config', code });
    }
    await expect(client.listAll()[Symbol.asyncIterator]().next()).rejects.toMatchObject({ kind: 'config', code });
    expect(proxy.requests).toEqual([]);
    await client.close();
    await proxy.close();
  });
  it('a bad base URL or route template is a config error', async () => {
    const badUrl = createClient({ baseUrl: 'localhost:4010', apiKey: KEYS.north });
    expect(await failure(badUrl.listPage())).toMatchObject({ kind: 'config', code: 'invalid_base_url' });
    const badRoute = createClient({ baseUrl: sandbox.url, apiKey: KEYS.north, routes: { review: 'POST /x', receive: 'POST /y/{id}' } });
    const e = await failure(badRoute.receive(1001));
    expect(e).toMatchObject({ kind: 'config', code: 'invalid_route' });
    expect(e.message).toContain('no {id} placeholder');
  });
  it('a closed client says so', async () => {
    const client = createClient({ baseUrl: sandbox.url, apiKey: KEYS.north });
    await client.close();
    expect(await failure(client.listPage())).toMatchObject({ kind: 'config', code: 'client_closed' });
  });
});

describe('validation (400), with param', () => {
  it.each([
    [{ filters: { submittedAtMin: 'yesterday' } }, 'invalid_date_format', 'submitted_at_min'],
    [{ filters: { submittedAtMax: '2026-13-01T00:00:00Z' } }, 'invalid_date_format', 'submitted_at_max'],
    [{ filters: { submittedAtMin: '2026-11-02T00:00:00Z', submittedAtMax: '2026-11-01T00:00:00Z' } }, 'invalid_date_range', 'submitted_at_min'],
    [{ filters: { statuses: ['draft'] } }, 'invalid_status_value', 'statuses'],
    [{ filters: { statuses: ['pending', ''] } }, 'invalid_statuses_format', 'statuses'],
    [{ filters: { ids: [1.5] } }, 'invalid_ids_format', 'ids'],
    [{ filters: { orderNames: ['#N1000', ''] } }, 'invalid_order_names_format', 'order_names'],
    [{ cursor: 'not-a-cursor' }, 'invalid_cursor_format', 'cursor'],
    [{ limit: 101 }, 'invalid_limit', 'limit'],
  ] as const)('%j → %s', async (request, code, param) => {
    const e = await failure(north.listPage(request as Parameters<ReturnsApiClient['listPage']>[0]));
    expect(e).toMatchObject({ kind: 'validation', status: 400, type: 'validation_error', code, param, retries: 0 });
    expect(e.message.length).toBeGreaterThan(0);
    expect(e.hint).toBeDefined();
  });

  // Order 1000 is pending with refund 70000 and exchange 70001 (makeFixture).
  const both = (refund: Partial<ReviewItem>, exchange: Partial<ReviewItem> = { action: 'approve' }) =>
    [
      { id: 70000, type: 'refund', action: 'approve', ...refund },
      { id: 70001, type: 'exchange', ...exchange },
    ] as ReviewItem[];
  it.each([
    [both({}).slice(0, 1), 'missing_items', 'items'],
    [both({ action: 'destroy' as 'approve' }), 'invalid_action', 'items[].action'],
    [both({ type: 'gift' as 'refund' }), 'invalid_item_type', 'items[].type'],
    [both({ id: 99_999 }), 'item_not_found', 'items[].id'],
    [both({ action: 'reject' }), 'missing_reject_reason', 'items[].reject_reason'],
  ])('review %# → %s', async (items, code, param) => {
    const e = await failure(north.review(1000, items));
    expect(e).toMatchObject({ kind: 'validation', status: 400, code, param });
  });
  it('keep_item in a shop without the feature → keep_item_not_allowed', async () => {
    // South's first order (5000) is pending; its items follow north's 56 item ids.
    const e = await failure(south.review(5000, [
      { id: 70056, type: 'refund', action: 'keep_item' },
      { id: 70057, type: 'exchange', action: 'approve' },
    ]));
    expect(e).toMatchObject({ kind: 'validation', status: 400, code: 'keep_item_not_allowed', param: 'items[].action' });
  });
});

describe('resource (404) and state (422)', () => {
  it('another shop\'s or a missing order → return_order_not_found', async () => {
    expect(await failure(north.receive(5001))).toMatchObject({ kind: 'resource', status: 404, type: 'resource_error', code: 'return_order_not_found' });
    expect(await failure(north.review(999_999, []))).toMatchObject({ kind: 'resource', code: 'return_order_not_found' });
  });
  it('a route the service does not have → route_not_found, with a hint about the templates', async () => {
    const client = createClient({ baseUrl: sandbox.url, apiKey: KEYS.north, routes: { review: 'POST /nope/{id}', receive: 'POST /nope/{id}' } });
    const e = await failure(client.receive(1001));
    await client.close();
    expect(e).toMatchObject({ kind: 'resource', status: 404, code: 'route_not_found' });
    expect(e.hint).toMatch(/route templates/);
  });
  it('receive of a pending order, review of a reviewed one → invalid_state_transition', async () => {
    expect(await failure(north.receive(1000))).toMatchObject({ kind: 'state', status: 422, type: 'state_error', code: 'invalid_state_transition', retries: 0 });
    expect(await failure(north.review(1001, []))).toMatchObject({ kind: 'state', status: 422, code: 'invalid_state_transition' });
  });
});

describe('rate limit (429)', () => {
  let limited: TestSandbox;
  beforeAll(async () => {
    limited = await startTestSandbox({ rateLimit: 1 });
  });
  afterAll(() => limited.close());

  it('is rate_limit_exceeded, honours Retry-After on each retry, and gives up after maxRetries', async () => {
    const retries: RetryInfo[] = [];
    const slept: number[] = [];
    const client = createClient({
      baseUrl: limited.url, apiKey: KEYS.south, maxRetries: 2, random: () => 0,
      sleep: async (ms) => void slept.push(ms), hooks: { onRetry: (i) => retries.push(i) },
    });
    await client.listPage(); // the burst of 2 (rate 1, burst twice that)
    await client.listPage();
    const e = await failure(client.listPage());
    await client.close();
    expect(e).toMatchObject({ kind: 'rate_limit', status: 429, type: 'rate_limit_error', code: 'rate_limit_exceeded', retries: 2, isRetried: true });
    expect(retries.map((r) => [r.attempt, r.reason, r.status, r.retryAfterMs])).toEqual([
      [1, 'rate_limited', 429, 1000],
      [2, 'rate_limited', 429, 1000],
    ]);
    expect(slept).toEqual([1000, 1000]);
  });
  it('succeeds after waiting out the Retry-After for real', async () => {
    const retries: RetryInfo[] = [];
    const client = createClient({ baseUrl: limited.url, apiKey: KEYS.north, maxRetries: 3, hooks: { onRetry: (i) => retries.push(i) } });
    for (let i = 0; i < 3; i++) await client.listPage({ limit: 1 });
    await client.close();
    expect(retries.length).toBeGreaterThanOrEqual(1);
    expect(retries[0]).toMatchObject({ reason: 'rate_limited', retryAfterMs: 1000 });
    expect(retries[0]!.delayMs).toBeGreaterThanOrEqual(1000);
  });
  it('is not retried at all with maxRetries 0', async () => {
    const client = createClient({ baseUrl: limited.url, apiKey: KEYS.south, maxRetries: 0 });
    let e: ApiError | undefined;
    // The bucket holds at most 2 tokens: one of 5 quick calls must be refused.
    for (let i = 0; i < 5 && !e; i++) e = await client.listPage({ limit: 1 }).then(() => undefined, (error: ApiError) => error);
    await client.close();
    expect(e).toMatchObject({ status: 429, code: 'rate_limit_exceeded', retries: 0, isRetried: false });
  });
});

describe('api error (500)', () => {
  let failing: TestSandbox;
  beforeAll(async () => {
    failing = await startTestSandbox({ failRate: 1 });
  });
  afterAll(() => failing.close());

  it('is retried with exponential backoff, then reported as api / internal_error', async () => {
    const retries: RetryInfo[] = [];
    const client = createClient({
      baseUrl: failing.url, apiKey: KEYS.north, maxRetries: 3, backoffBaseMs: 10, random: () => 0.5,
      sleep: async () => {}, hooks: { onRetry: (i) => retries.push(i) },
    });
    const e = await failure(client.receive(1001));
    await client.close();
    expect(e).toMatchObject({ kind: 'api', status: 500, type: 'api_error', code: 'internal_error', retries: 3, isRetried: true });
    expect(retries.map((r) => [r.reason, r.delayMs])).toEqual([['server_error', 10], ['server_error', 20], ['server_error', 40]]);
  });
  it('never retries a 4xx, even with retries to spare', async () => {
    const retries: RetryInfo[] = [];
    const client = createClient({ baseUrl: sandbox.url, apiKey: KEYS.north, maxRetries: 5, sleep: async () => {}, hooks: { onRetry: (i) => retries.push(i) } });
    await failure(client.listPage({ limit: 0 }));
    await failure(client.receive(1000));
    await failure(client.receive(5001));
    await client.close();
    expect(retries).toEqual([]);
  });
});
