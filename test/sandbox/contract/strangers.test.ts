/**
 * What a stranger (or a broken client) can try on the sandbox's connections: a key revoked
 * while a write's body is still arriving writes nothing (the key is checked again inside the
 * write's transaction); headers, bodies and pauses that take too long are answered 408
 * request_timeout with the envelope and change nothing; two Authorization headers are
 * refused. Raw sockets against the real sandbox on port 0, its database a file that
 * `sandbox keys revoke` changes from outside, as in use.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey, revokeKey } from '../../../src/sandbox/key-admin.js';
import { KEYS } from '../../helpers/fixture.js';
import { rawExchange, type RawResponse, type RawStep } from '../../helpers/raw-http.js';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';

const TIMEOUTS = { headersTimeoutMs: 400, requestTimeoutMs: 1_500, idleTimeoutMs: 400 };

let sb: TestSandbox;
let dir: string;
let dbPath: string;
/** A second key of shop_north, for reading and for the timeout tests. */
let reader: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rc-strangers-'));
  dbPath = join(dir, 'sandbox.db');
  sb = await startTestSandbox({ dbPath, requestLogPath: join(dir, 'requests.jsonl'), ...TIMEOUTS });
  reader = createKey({ dbPath, env: {} }, { shopId: 'shop_north', name: 'reader' }, Date.now()).key;
});
afterAll(() => sb?.close());

const AUTH = (key: string) => `Authorization: Bearer ${key}\r\n`;

/** The head of a POST with a body of `length` bytes. */
function postHead(path: string, length: number, key: string = KEYS.north): string {
  return `POST /public-api/v1${path} HTTP/1.1\r\nHost: x\r\n${AUTH(key)}Content-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;
}

function expectEnvelope(res: RawResponse, status: number, code: string): void {
  expect({ status: res.status, code: (JSON.parse(res.body) as { error: { code: string } }).error.code }).toEqual({ status, code });
  expect(res.headers['x-request-id']).toMatch(/^req_[0-9a-f]{24}$/);
}

/** An order's status as stored, read with the reader key (north's own key is revoked by the first test). */
async function readStatus(id: number): Promise<string> {
  const res = await fetch(`${sb.url}/return_orders/${id}`, { headers: { authorization: `Bearer ${reader}` } });
  return ((await res.json()) as { status: string }).status;
}

function requestLog(): { route: string | null; order_id: number | null; status: number; code: string | null; applied: boolean }[] {
  return readFileSync(join(dir, 'requests.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
}

describe('a key revoked while a write arrives', () => {
  it('review: the body trickles, the key is revoked midway: 401 invalid_api_key, nothing changed', async () => {
    const body = JSON.stringify({ items: [{ id: 70028, type: 'refund', action: 'approve' }, { id: 70029, type: 'exchange', action: 'approve' }] });
    const half = Math.floor(body.length / 2);
    const steps: RawStep[] = [
      postHead('/return_orders/1014/review', Buffer.byteLength(body)),
      body.slice(0, half),
      { waitMs: 100 },
      { run: () => revokeKey({ dbPath, env: {} }, { last4: KEYS.north.slice(-4) }, Date.now()) },
      { waitMs: 100 },
      body.slice(half),
    ];
    expectEnvelope(await rawExchange(sb.port, steps), 401, 'invalid_api_key');
    expect(await readStatus(1014)).toBe('pending');
    expect(requestLog().findLast((e) => e.route === 'review')).toMatchObject({ route: 'review', order_id: 1014, status: 401, code: 'invalid_api_key', applied: false });
  });
});

describe('timeouts on what a client sends', () => {
  it('headers that never end: 408 request_timeout with the envelope, after the headers timeout', async () => {
    const res = await rawExchange(sb.port, ['GET /public-api/v1/return_orders HTTP/1.1\r\nHost: x\r\n', { waitMs: 5_000 }]);
    expectEnvelope(res, 408, 'request_timeout');
    expect(res.afterMs).toBeGreaterThanOrEqual(TIMEOUTS.headersTimeoutMs);
    expect(res.afterMs).toBeLessThan(4_000);
  });

  it('a body that stops arriving: 408 after the idle timeout, nothing changed', async () => {
    const body = JSON.stringify({ items: [{ id: 70000, type: 'refund', action: 'approve' }, { id: 70001, type: 'exchange', action: 'approve' }] });
    const res = await rawExchange(sb.port, [postHead('/return_orders/1000/review', Buffer.byteLength(body), reader), body.slice(0, 10), { waitMs: 5_000 }]);
    expectEnvelope(res, 408, 'request_timeout');
    expect(res.afterMs).toBeLessThan(4_000);
    expect(await readStatus(1000)).toBe('pending');
  });

  it('a body that trickles a byte at a time: 408 after the request timeout, nothing changed', async () => {
    const body = JSON.stringify({ items: [{ id: 70000, type: 'refund', action: 'approve' }, { id: 70001, type: 'exchange', action: 'approve' }] });
    const steps: RawStep[] = [postHead('/return_orders/1000/review', Buffer.byteLength(body), reader)];
    for (const char of body) steps.push(char, { waitMs: 100 });
    const res = await rawExchange(sb.port, steps);
    expectEnvelope(res, 408, 'request_timeout');
    expect(res.afterMs).toBeGreaterThanOrEqual(TIMEOUTS.requestTimeoutMs);
    expect(res.afterMs).toBeLessThan(body.length * 100);
    expect(await readStatus(1000)).toBe('pending');
  });
});

describe('two Authorization headers', () => {
  it.each([
    ['the same key twice', [KEYS.south, KEYS.south]],
    ['a good key, then a bad one', [KEYS.south, KEYS.unknown]],
    ['a bad key, then a good one', [KEYS.unknown, KEYS.south]],
  ])('%s: 400 malformed_request, before any key is looked at', async (_name, keys) => {
    const head = `GET /public-api/v1/return_orders?limit=1 HTTP/1.1\r\nHost: x\r\n${keys.map(AUTH).join('')}\r\n`;
    expectEnvelope(await rawExchange(sb.port, [head]), 400, 'malformed_request');
  });

  it('a write with two keys changes nothing', async () => {
    const head = `POST /public-api/v1/return_orders/5001/receive HTTP/1.1\r\nHost: x\r\n${AUTH(KEYS.south)}${AUTH(KEYS.north)}Content-Length: 0\r\n\r\n`;
    expectEnvelope(await rawExchange(sb.port, [head]), 400, 'malformed_request');
    const res = await fetch(`${sb.url}/return_orders/5001`, { headers: { authorization: `Bearer ${KEYS.south}` } });
    expect(((await res.json()) as { status: string }).status).toBe('reviewed');
  });
});

describe('the request log (--request-log)', () => {
  it('has one line per answered request, saying which writes changed something, never a key', async () => {
    const receive = () => fetch(`${sb.url}/return_orders/5015/receive`, { method: 'POST', headers: { authorization: `Bearer ${KEYS.south}` } });
    expect((await receive()).status).toBe(200);
    expect((await receive()).status).toBe(422);
    const lines = requestLog().filter((e) => e.order_id === 5015);
    expect(lines.map((e) => [e.route, e.status, e.code, e.applied])).toEqual([
      ['receive', 200, null, true],
      ['receive', 422, 'invalid_state_transition', false],
    ]);
    const text = readFileSync(join(dir, 'requests.jsonl'), 'utf8');
    for (const key of Object.values(KEYS)) expect(text).not.toContain(key.slice(3));
  });
});
