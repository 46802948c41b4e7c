/** Timeouts, network failures and cancellation. */
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createClient } from '../../src/api/client/index.js';
import { classifyFailure } from '../../src/api/client/transport.js';
import { DEFAULT_TIMEOUTS } from '../../src/api/client-types.js';
import { KEYS } from '../helpers/fixture.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { endless, page, startHostileServer, trickle, validOrder, type HostileServer } from '../helpers/hostile-server.js';

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('classifying network failures (pure)', () => {
  const ctx = { host: 'h:1', timeouts: DEFAULT_TIMEOUTS, secrets: [] };
  const err = (code: string) => Object.assign(new Error(code), { code });
  it.each([
    ['UND_ERR_CONNECT_TIMEOUT', 'timeout', 'connect_timeout', false],
    ['UND_ERR_HEADERS_TIMEOUT', 'timeout', 'response_timeout', true],
    ['UND_ERR_BODY_TIMEOUT', 'timeout', 'body_timeout', true],
    ['ECONNREFUSED', 'network', 'network_error', false],
    ['ENOTFOUND', 'network', 'network_error', false],
    ['ECONNRESET', 'network', 'network_error', true],
    ['UND_ERR_SOCKET', 'network', 'network_error', true],
  ])('%s → %s / %s (possibly sent: %s)', (code, kind, apiCode, isPossiblySent) => {
    const outcome = classifyFailure(err(code), ctx);
    expect(outcome).toMatchObject({ type: 'failure', isPossiblySent, error: { kind, code: apiCode } });
  });
  it('an aborted signal wins over whatever undici threw', () => {
    const ac = new AbortController();
    ac.abort();
    expect(classifyFailure(err('UND_ERR_SOCKET'), { ...ctx, signal: ac.signal })).toMatchObject({ error: { kind: 'aborted' } });
  });
});

describe('against a slow sandbox (--latency)', () => {
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox({ latencyMs: 3_000 });
  });
  afterAll(() => sandbox.close());

  it('a response slower than headersMs is a timeout, retried, then reported', async () => {
    const client = createClient({
      baseUrl: sandbox.url, apiKey: KEYS.north, maxRetries: 1, backoffBaseMs: 1,
      timeouts: { connectMs: 10_000, headersMs: 100, bodyMs: 10_000 },
    });
    const e = await failure(client.listPage());
    await client.close();
    expect(e).toMatchObject({ kind: 'timeout', code: 'response_timeout', retries: 1, isRetried: true });
    expect(e.message).toMatch(/did not answer within 100 ms/);
  });
  it('aborting a request in flight ends it at once as aborted', async () => {
    const client = createClient({ baseUrl: sandbox.url, apiKey: KEYS.north });
    const ac = new AbortController();
    const pending = client.listPage({ signal: ac.signal });
    setTimeout(() => ac.abort(), 20);
    const e = await failure(pending);
    await client.close();
    expect(e).toMatchObject({ kind: 'aborted', code: 'aborted', retries: 0 });
  });
});

describe('against a server that stalls mid-body', () => {
  let server: HostileServer;
  beforeAll(async () => {
    server = await startHostileServer();
  });
  afterAll(() => server.close());

  it('is a body timeout', async () => {
    server.answer((_q, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"data":[');
    });
    const client = createClient({ baseUrl: server.url, apiKey: KEYS.north, maxRetries: 0, timeouts: { connectMs: 1_000, headersMs: 1_000, bodyMs: 100 } });
    const e = await failure(client.listPage());
    await client.close();
    expect(e).toMatchObject({ kind: 'timeout', code: 'body_timeout' });
  });
});

describe('the deadline of one request (headers and whole body)', () => {
  let server: HostileServer;
  beforeAll(async () => {
    server = await startHostileServer();
  });
  afterAll(() => server.close());

  it('ends a body that trickles in one byte every 2 s (never idle long enough for the body timeout), not retried', async () => {
    const body = JSON.stringify({ data: [validOrder(1)], has_more: false, next_cursor: null });
    server.answer((_q, res) => trickle(res, body, 2_000));
    const client = createClient({ baseUrl: server.url, apiKey: KEYS.north, maxRetries: 3, backoffBaseMs: 1, timeouts: { ...DEFAULT_TIMEOUTS, totalMs: 3_000 } });
    const e = await failure(client.listPage());
    await client.close();
    expect(e).toMatchObject({ kind: 'timeout', code: 'deadline_exceeded', retries: 0 });
    expect(e.message).toBe(`The service at ${new URL(server.url).host} did not send its whole answer within 3 s; the request was stopped.`);
    expect(e.hint).toMatch(/timeouts\.total_seconds/);
  });

  it('ends an endless body', async () => {
    server.answer((_q, res) => endless(res));
    const client = createClient({ baseUrl: server.url, apiKey: KEYS.north, maxRetries: 0, timeouts: { ...DEFAULT_TIMEOUTS, totalMs: 500 } });
    expect(await failure(client.listPage())).toMatchObject({ code: 'deadline_exceeded' });
    await client.close();
  });

  it('a signal still aborts at once, as aborted (not as the deadline)', async () => {
    server.answer((_q, res) => endless(res));
    const client = createClient({ baseUrl: server.url, apiKey: KEYS.north, maxRetries: 0 });
    const ac = new AbortController();
    const pending = client.listPage({ signal: ac.signal });
    setTimeout(() => ac.abort(), 50);
    expect(await failure(pending)).toMatchObject({ kind: 'aborted' });
    await client.close();
  });
});

describe('walking every page', () => {
  it('stops at the page cap with too_many_pages when the service keeps giving fresh cursors', async () => {
    const server = await startHostileServer();
    let n = 0;
    server.answer((_q, res) => page(res, [validOrder(++n)], { nextCursor: `c${n}` }));
    const client = createClient({ baseUrl: server.url, apiKey: KEYS.north });
    let seen = 0;
    const walk = async () => {
      for await (const _ of client.listAll({ maxPages: 5 })) seen++;
    };
    const e = await failure(walk());
    await client.close();
    await server.close();
    expect(e).toMatchObject({ kind: 'schema', code: 'too_many_pages' });
    expect(e.message).toBe('Stopped after 5 pages: the service still said more pages exist.');
    expect(e.requestId).toBe('req_hostile');
    expect(seen).toBe(5);
  });
});

describe('network failures', () => {
  it('a refused connection is retried, then a network error that says what happened', async () => {
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const { port } = probe.address() as { port: number };
    await new Promise<void>((r) => probe.close(() => r()));
    const client = createClient({ baseUrl: `http://127.0.0.1:${port}/public-api/v1`, apiKey: KEYS.north, maxRetries: 2, backoffBaseMs: 1 });
    const e = await failure(client.listPage());
    await client.close();
    expect(e).toMatchObject({ kind: 'network', code: 'network_error', retries: 2 });
    expect(e.message).toBe(`Could not talk to the service at 127.0.0.1:${port}: the connection was refused (is the service running?) (ECONNREFUSED).`);
  });
});

describe('cancellation', () => {
  let failing: TestSandbox;
  beforeAll(async () => {
    failing = await startTestSandbox({ failRate: 1 });
  });
  afterAll(() => failing.close());

  it('an already aborted signal sends nothing', async () => {
    const server = await startHostileServer();
    const client = createClient({ baseUrl: server.url, apiKey: KEYS.north });
    const ac = new AbortController();
    ac.abort();
    expect(await failure(client.receive(1, { signal: ac.signal }))).toMatchObject({ kind: 'aborted' });
    expect(await failure(client.listPage({ signal: ac.signal }))).toMatchObject({ kind: 'aborted' });
    await client.close();
    expect(server.seen).toEqual([]);
    await server.close();
  });
  it('aborting during a retry wait ends the wait at once', async () => {
    const ac = new AbortController();
    // A one-minute backoff: only the abort can end this test in time.
    const client = createClient({
      baseUrl: failing.url, apiKey: KEYS.north, maxRetries: 3, backoffBaseMs: 60_000,
      hooks: { onRetry: () => setImmediate(() => ac.abort()) },
    });
    const e = await failure(client.listPage({ signal: ac.signal }));
    await client.close();
    expect(e).toMatchObject({ kind: 'aborted', retries: 0 });
  });
  it('aborting a walk stops it', async () => {
    const sandbox = await startTestSandbox();
    const client = createClient({ baseUrl: sandbox.url, apiKey: KEYS.north });
    const ac = new AbortController();
    let seen = 0;
    const walk = async () => {
      for await (const _ of client.listAll({ limit: 2, signal: ac.signal })) {
        seen += 1;
        if (seen === 3) ac.abort();
      }
    };
    expect(await failure(walk())).toMatchObject({ kind: 'aborted' });
    expect(seen).toBe(4);
    await client.close();
    await sandbox.close();
  });
});
