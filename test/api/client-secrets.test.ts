/**
 * The API key never appears in any error: message, JSON form, stack, inspect output.
 * Errors of every kind are produced for real and searched for the key and its hex body.
 */
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createClient, type ReturnsApiClient } from '../../src/api/client/index.js';
import { startCuttingProxy } from '../helpers/cutting-proxy.js';
import { KEYS } from '../helpers/fixture.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { json, startHostileServer, type HostileServer } from '../helpers/hostile-server.js';

let sandbox: TestSandbox;
let hostile: HostileServer;
const errors: ApiError[] = [];
const clients: ReturnsApiClient[] = [];

beforeAll(async () => {
  sandbox = await startTestSandbox({ rateLimit: 1 });
  hostile = await startHostileServer();
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await hostile.close();
  await sandbox.close();
});

async function collect(promise: Promise<unknown>): Promise<void> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  errors.push(error as ApiError);
}

/** Everything an error can show, in every form a program might print or log it. */
function everything(e: ApiError): string {
  return [e.message, e.stack, JSON.stringify(e), inspect(e, { depth: 10, showHidden: true }), String(e), e.hint].join('\n');
}

function assertClean(key: string): void {
  for (const e of errors) {
    const text = everything(e);
    expect(text).not.toContain(key);
    expect(text).not.toContain(key.slice(3));
    expect(text).not.toContain(key.slice(3, 24));
  }
}

describe('the key in errors', () => {
  it('never appears, whatever kind of error', async () => {
    const key = KEYS.north;
    const make = (baseUrl: string, extra: Partial<Parameters<typeof createClient>[0]> = {}): ReturnsApiClient => {
      const client = createClient({ baseUrl, apiKey: key, maxRetries: 1, backoffBaseMs: 1, ...extra });
      clients.push(client);
      return client;
    };
    const c = make(sandbox.url);
    await collect(c.listPage({ limit: 0 })); // validation
    await collect(c.receive(5001)); // resource
    await collect(c.receive(1000)); // state
    await c.close();
    const eager = make(sandbox.url, { maxRetries: 0 });
    for (let i = 0; i < 4; i++) await eager.listPage().catch((e: ApiError) => errors.push(e)); // rate limit
    await collect(make(sandbox.url, { apiKey: KEYS.unknown }).listPage()); // authentication
    await collect(make(sandbox.url, { routes: { review: 'POST /x/{id}', receive: 'GET' } }).receive(1)); // config
    await collect(make('http://127.0.0.1:1/public-api/v1').listPage()); // network
    const proxy = await startCuttingProxy(sandbox.url);
    proxy.cutNext({ path: /return_orders/ }, 'before_forward');
    await collect(make(proxy.url, { maxRetries: 0 }).listPage()); // network, connection cut
    await proxy.close();

    // A hostile server that echoes the Authorization header everywhere it can.
    hostile.answer((req, res) => {
      const auth = String(req.headers.authorization);
      json(res, 400, { error: { type: auth, code: auth, message: `Your key ${auth} is no good`, param: auth } }, { 'x-request-id': auth });
    });
    await collect(make(hostile.url).listPage()); // validation, echoed
    hostile.answer((req, res) => json(res, 200, { data: [{ id: String(req.headers.authorization) }], has_more: false, next_cursor: null }));
    await collect(make(hostile.url).listPage()); // schema
    hostile.answer((req, res) => json(res, 500, `<html>${String(req.headers.authorization)}</html>`));
    await collect(make(hostile.url).listPage()); // api, non-JSON
    const ac = new AbortController();
    ac.abort();
    await collect(make(hostile.url).listPage({ signal: ac.signal })); // aborted

    const kinds = new Set(errors.map((e) => e.kind));
    expect([...kinds].sort()).toEqual(['aborted', 'api', 'authentication', 'config', 'network', 'rate_limit', 'resource', 'schema', 'state', 'validation']);
    assertClean(key);
    // What the hostile server echoed is shown redacted, the way the dashboard shows keys.
    expect(errors.some((e) => e.message.includes(`sk_…${key.slice(-4)}`))).toBe(true);
  });

  it('is never shown for a malformed key, even redacted', async () => {
    const bad = `sk_${'f'.repeat(63)}z`;
    const client = createClient({ baseUrl: sandbox.url, apiKey: bad });
    const e = await client.listPage().catch((error: ApiError) => error);
    expect(everything(e as ApiError)).not.toContain('f'.repeat(10));
    expect(everything(e as ApiError)).not.toContain('sk_…');
  });

  it('is sent only as "Authorization: Bearer <key>"', async () => {
    let headers: Record<string, unknown> = {};
    let url = '';
    hostile.answer((req, res) => {
      headers = req.headers;
      url = req.url ?? '';
      json(res, 200, { data: [], has_more: false, next_cursor: null });
    });
    const client = createClient({ baseUrl: hostile.url, apiKey: KEYS.south });
    await client.listPage({ filters: { ids: [1] } });
    await client.close();
    expect(headers.authorization).toBe(`Bearer ${KEYS.south}`);
    const elsewhere = Object.entries(headers).filter(([name, value]) => name !== 'authorization' && String(value).includes(KEYS.south.slice(3)));
    expect(elsewhere).toEqual([]);
    expect(url).not.toContain(KEYS.south.slice(3));
  });
});
