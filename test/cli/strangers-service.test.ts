/**
 * A service that turns on the client: redirects to another host, where the key must never
 * follow, and a storm of 429s with absurd Retry-After values, which must neither make the
 * commands wait for ever nor retry without end. The commands in-process with the real client
 * (its backoff shortened to 10 ms), against loopback servers that answer as told; the
 * activity log keeps one outcome per write.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAudit } from '../../src/local/audit-log.js';
import { KEYS } from '../helpers/fixture.js';
import { json, page, startHostileServer, validOrder, type HostileServer } from '../helpers/hostile-server.js';
import { runInProcess } from './helpers/cli-run.js';

let service: HostileServer;
let elsewhere: HostileServer;

beforeAll(async () => {
  [service, elsewhere] = await Promise.all([startHostileServer(), startHostileServer()]);
  elsewhere.answer((_req, res) => page(res, [validOrder(7)]));
});
afterAll(async () => {
  await Promise.all([service.close(), elsewhere.close()]);
});

const stateHome = () => mkdtempSync(join(tmpdir(), 'rc-strangers-'));

describe('a service that redirects to another host', () => {
  it.each([301, 302, 303, 307, 308])('%s: nothing follows it (no request, no key reaches the other host); the command fails clearly', async (status) => {
    service.answer((req, res) => {
      res.writeHead(status, { location: `${elsewhere.url}${req.url?.replace('/public-api/v1', '') ?? ''}`, 'x-request-id': 'req_redirect' });
      res.end();
    });
    const env = { RETURNS_BASE_URL: service.url, RETURNS_API_KEY: KEYS.north, XDG_STATE_HOME: stateHome() };
    for (const [command, argv] of [['list', []], ['show', ['7']], ['receive', ['7']], ['review', ['7', '--approve-all']]] as const) {
      const r = await runInProcess(command, [...argv], { env });
      expect(r.code, `${command}: ${r.stderr}`).toBe(1);
      expect(r.stderr).toMatch(new RegExp(`HTTP ${status}|\\(${status}\\)|status ${status}`));
      expect(r.stdout + r.stderr).not.toContain(KEYS.north.slice(3));
    }
    expect(elsewhere.seen).toEqual([]);
  });
});

describe('a storm of 429s with absurd Retry-After values', () => {
  const ABSURD = ['99999999999999999999999', 'Fri, 31 Dec 9999 23:59:59 GMT', '-5', 'soon', '0', '1e400', 'Thu, 01 Jan 1970 00:00:00 GMT', '3.5', ''];

  it('receive: bounded retries, bounded time, one outcome and one log entry per order (exit 1)', { timeout: 120_000 }, async () => {
    let n = 0;
    const perOrder = new Map<string, number>();
    service.answer((req, res) => {
      perOrder.set(req.url ?? '', (perOrder.get(req.url ?? '') ?? 0) + 1);
      json(res, 429, { error: { type: 'rate_limit_error', code: 'rate_limit_exceeded', message: 'slow down' } }, { 'retry-after': ABSURD[n++ % ABSURD.length]! });
    });
    const home = stateHome();
    const ids = ['11', '12', '13', '14'];
    const started = Date.now();
    const r = await runInProcess('receive', [...ids, '--concurrency', '2'], { env: { RETURNS_BASE_URL: service.url, RETURNS_API_KEY: KEYS.north, XDG_STATE_HOME: home } });
    // The bulk queue slows to its floor (0.5 requests/s) under 429s, and no header makes any
    // request wait longer than the policy's cap: at most 5 tries per order at that pace.
    expect(Date.now() - started).toBeLessThan(ids.length * 5 * 2_000 + 20_000);
    expect(r.code).toBe(1);
    expect(r.stdout.trimEnd().split('\n').map((l) => l.split('\t').slice(0, 2).join(' '))).toEqual(ids.map((id) => `${id} failed`));
    expect(r.stdout).toContain('[rate_limit_exceeded]');
    // The first try and at most four retries per order, whatever the header said.
    for (const [url, count] of perOrder) expect([url, count <= 5]).toEqual([url, true]);
    const { entries } = await readAudit(join(home, 'returns-console'), { limit: 100 });
    expect(entries.map((e) => [e.orderId, e.outcome, e.code]).sort()).toEqual(ids.map((id) => [Number(id), 'failed', 'rate_limit_exceeded']).sort());
  });

  it('list: gives up after its retries with the service\'s words, not a wait of years', async () => {
    let n = 0;
    service.answer((_req, res) => json(res, 429, { error: { type: 'rate_limit_error', code: 'rate_limit_exceeded', message: 'slow down' } }, { 'retry-after': ABSURD[n++ % ABSURD.length]! }));
    const started = Date.now();
    const r = await runInProcess('list', ['--all'], { env: { RETURNS_BASE_URL: service.url, RETURNS_API_KEY: KEYS.north } });
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: .*\[rate_limit_exceeded\]/);
  });
});
