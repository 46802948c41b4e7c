/**
 * However a command ends, the activity log and the service agree write for write: the built
 * `receive` and `review` as real processes, stopped by SIGTERM, SIGHUP, two signals or
 * kill -9, against a loopback service that applies a write at once and answers late (the
 * real sandbox behind a proxy that holds its answers back). Afterwards every order the
 * sandbox's request log says was written has exactly one outcome in the activity log that
 * agrees with it, the JSON on stdout is whole, one line on stderr says what happened, and the
 * exit status is 128 + the signal. A write a kill -9 cut off is settled by the next start.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readAudit, type AuditEntry } from '../../src/local/audit-log.js';
import { deliberateTypist, startConsoleAt, typist, type ConsoleSession } from '../helpers/console-session.js';
import { startCuttingProxy, type CuttingProxy } from '../helpers/cutting-proxy.js';
import { KEYS, makeFixture } from '../helpers/fixture.js';
import { assertBuilt, BUILT_CONSOLE, KEY } from '../helpers/pty.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { until } from '../helpers/until.js';

let sandbox: TestSandbox;
let dir: string;
const running: ChildProcessWithoutNullStreams[] = [];
const proxies: CuttingProxy[] = [];

beforeAll(async () => {
  assertBuilt();
  dir = mkdtempSync(join(tmpdir(), 'rc-signals-'));
  // Reviewed: every 14th from 1001 (1001, 1015, …, 1379); pending: every 14th from 1000.
  sandbox = await startTestSandbox({ fixture: makeFixture(400), requestLogPath: join(dir, 'requests.jsonl') });
});
afterAll(async () => {
  await Promise.all(proxies.map((p) => p.close()));
  await sandbox.close();
});
afterEach(() => {
  for (const child of running.splice(0)) child.kill('SIGKILL');
});

/** The reviewed orders number `from` to `from + n - 1` (by their place among the reviewed ones). */
const reviewed = (from: number, n: number) => Array.from({ length: n }, (_, i) => 1001 + 14 * (from + i));

/** A proxy in front of the sandbox that holds the answers of writes back for `holdMs`. */
async function holdingProxy(holdMs: number): Promise<CuttingProxy> {
  const proxy = await startCuttingProxy(sandbox.url);
  proxies.push(proxy);
  proxy.holdAnswers({ method: 'POST', path: /\/(receive|review)$/ }, holdMs);
  return proxy;
}

interface Run {
  readonly child: ChildProcessWithoutNullStreams;
  readonly stateDir: string;
  readonly done: Promise<{ readonly code: number | null; readonly signal: NodeJS.Signals | null; readonly stdout: string; readonly stderr: string }>;
}

/** The built CLI as a process, its state in `stateHome` (a fresh one by default). */
function cli(args: readonly string[], baseUrl: string, stateHome = mkdtempSync(join(tmpdir(), 'rc-signals-state-'))): Run {
  const child = spawn(process.execPath, [BUILT_CONSOLE, ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: stateHome, XDG_STATE_HOME: stateHome, XDG_CONFIG_HOME: join(stateHome, 'config'), RETURNS_API_KEY: KEYS.north, RETURNS_BASE_URL: baseUrl, NO_COLOR: '1' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  running.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
  child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  child.stdin.end();
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
  return { child, stateDir: join(stateHome, 'returns-console'), done };
}

interface RequestLine {
  readonly route: string | null;
  readonly order_id: number | null;
  readonly status: number;
  readonly applied: boolean;
}

function requestLog(): RequestLine[] {
  return readFileSync(join(dir, 'requests.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as RequestLine);
}

/** True when the log says `entry`'s write took effect. */
const isApplied = (e: AuditEntry) => e.outcome === 'ok' || e.outcome === 'already_applied';

/**
 * For each of `ids`: the sandbox applied a receive of it at most once, and the activity log
 * (as a person reads it) holds exactly one outcome for it, applied exactly when the sandbox
 * applied it; none is left unknown or without an answer.
 */
async function expectLogAgrees(stateDir: string, ids: readonly number[]): Promise<void> {
  const applied = requestLog().filter((l) => l.route === 'receive' && l.applied);
  const entries = (await readAudit(stateDir, { limit: 1_000 })).entries.filter((e) => e.action === 'receive');
  for (const id of ids) {
    const times = applied.filter((l) => l.order_id === id).length;
    expect(times, `order ${id} applied`).toBeLessThanOrEqual(1);
    const own = entries.filter((e) => e.orderId === id);
    // A write left unknown and its settling are one outcome: the settling says it.
    const final = own.filter((e) => e.reconciled !== 'unknown' || own.every((o) => o.settles !== e.time));
    expect(final.map((e) => e.outcome), `order ${id}: ${JSON.stringify(own)}`).toHaveLength(1);
    expect(final[0]!.outcome, `order ${id}`).not.toBe('sending');
    expect([id, isApplied(final[0]!)]).toEqual([id, times === 1]);
  }
}

interface Result {
  readonly id: number;
  readonly outcome: string;
  readonly read_back?: string;
}

describe('receive stopped by a signal while the service holds its answers', { timeout: 120_000 }, () => {
  it('SIGTERM: the writes in flight finish, the rest are not sent; every order logged, JSON whole, exit 143', async () => {
    const proxy = await holdingProxy(2_000);
    const ids = reviewed(0, 8);
    const run = cli(['receive', ...ids.map(String), '--concurrency', '4', '--json'], proxy.url);
    await until(() => proxy.held() >= 1, 30_000);
    run.child.kill('SIGTERM');
    const r = await run.done;
    expect([r.code, r.signal]).toEqual([143, null]);
    expect(r.stderr).toMatch(/^Stopping on SIGTERM: nothing new is sent; the writes in flight get 3 s to finish, then are cancelled and read back; the activity log records how each ended\.\n/);
    const results = JSON.parse(r.stdout) as Result[];
    expect(results.map((x) => x.id)).toEqual(ids);
    expect(results.filter((x) => x.outcome === 'ok').length).toBeGreaterThan(0);
    expect(results.filter((x) => x.outcome === 'skipped').length).toBeGreaterThan(0);
    await expectLogAgrees(run.stateDir, ids);
  });

  it('SIGHUP with answers that outlast the wait: cut, read back, logged as applied; exit 129', async () => {
    const proxy = await holdingProxy(60_000);
    const ids = reviewed(8, 3);
    const run = cli(['receive', ...ids.map(String), '--concurrency', '3', '--json'], proxy.url);
    await until(() => proxy.held() === 3, 30_000);
    const stoppedAt = Date.now();
    run.child.kill('SIGHUP');
    const r = await run.done;
    expect([r.code, r.signal]).toEqual([129, null]);
    // The wait (3 s) and the read-back, far from the minute the answers are held.
    expect(Date.now() - stoppedAt).toBeLessThan(20_000);
    expect(r.stderr).toContain('Stopping on SIGHUP (the terminal was closed): nothing new is sent');
    expect((JSON.parse(r.stdout) as Result[]).map((x) => [x.id, x.outcome, x.read_back])).toEqual(ids.map((id) => [id, 'ok', 'applied']));
    await expectLogAgrees(run.stateDir, ids);
  });

  it('a second signal cuts the writes in flight at once', async () => {
    const proxy = await holdingProxy(60_000);
    const ids = reviewed(11, 2);
    const run = cli(['receive', ...ids.map(String), '--json'], proxy.url);
    await until(() => proxy.held() === 2, 30_000);
    run.child.kill('SIGTERM');
    await sleep(300);
    run.child.kill('SIGINT');
    const r = await run.done;
    expect(r.code).toBe(143);
    expect((JSON.parse(r.stdout) as Result[]).map((x) => x.read_back)).toEqual(['applied', 'applied']);
    await expectLogAgrees(run.stateDir, ids);
  });

  it('review: SIGTERM while the review is held: logged once, as the service has it', async () => {
    const proxy = await holdingProxy(60_000);
    const run = cli(['review', '1000', '--approve-all', '--json'], proxy.url);
    await until(() => proxy.held() === 1, 30_000);
    run.child.kill('SIGTERM');
    const r = await run.done;
    expect(r.code).toBe(143);
    const entries = (await readAudit(run.stateDir, { limit: 10 })).entries;
    expect(entries.map((e) => [e.orderId, e.action, e.outcome, e.reconciled])).toEqual([[1000, 'review', 'ok', 'applied']]);
    expect(requestLog().filter((l) => l.route === 'review' && l.order_id === 1000 && l.applied)).toHaveLength(1);
  });
});

describe('a read stopped by a signal', { timeout: 120_000 }, () => {
  it('list --all --json: SIGTERM while a later page is held; the array is closed, partial said, exit 143', async () => {
    const proxy = await startCuttingProxy(sandbox.url);
    proxies.push(proxy);
    proxy.holdAnswers({ method: 'GET', path: /cursor=/ }, 60_000);
    const run = cli(['list', '--all', '--json', '--limit', '20'], proxy.url);
    await until(() => proxy.held() === 1, 30_000);
    run.child.kill('SIGTERM');
    const r = await run.done;
    expect(r.code).toBe(143);
    expect((JSON.parse(r.stdout) as unknown[]).length).toBe(20);
    // With --json the error is JSON too.
    expect(r.stderr).toBe(
      'note: the output is partial: it holds the 20 orders read before the error below, not every match.\n{"error":{"type":"interrupted","code":"interrupted","message":"Stopped by SIGTERM; the requests in flight were cancelled."}}\n',
    );
  });
});

describe('receive killed outright (kill -9) while the service holds its answers', { timeout: 120_000 }, () => {
  it('leaves a trace of each write in flight; the next start reads them back and logs them once', async () => {
    const proxy = await holdingProxy(60_000);
    const ids = reviewed(13, 6);
    const stateHome = mkdtempSync(join(tmpdir(), 'rc-signals-state-'));
    const run = cli(['receive', ...ids.map(String), '--concurrency', '2'], proxy.url, stateHome);
    await until(() => proxy.held() === 2, 30_000);
    run.child.kill('SIGKILL');
    expect((await run.done).signal).toBe('SIGKILL');
    const left = (await readAudit(run.stateDir, { limit: 50 })).entries;
    expect(left.filter((e) => e.outcome === 'sending')).toHaveLength(2);
    // The next run (of another order, the same service and key: the same local state) settles them first.
    proxy.stopHolding();
    const next = cli(['receive', String(reviewed(19, 1)[0])], proxy.url, stateHome);
    const r = await next.done;
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^note: read back 2 writes an earlier run left unknown, now in the activity log: receive of order \d+ applied; receive of order \d+ applied\.\n/);
    await expectLogAgrees(run.stateDir, ids.filter((id) => left.some((e) => e.orderId === id)));
    const again = cli(['receive', String(reviewed(20, 1)[0])], proxy.url, stateHome);
    expect((await again.done).stderr).not.toContain('read back');
  });
});

describe('the console stopped while a write is in flight', { timeout: 180_000 }, () => {
  const press = (session: ConsoleSession, keys: string, text?: string | RegExp) => typist(session, 60_000)(keys, text);
  // A question's yes and q count only on their own, after a person's pause.
  const answer = (session: ConsoleSession, keys: string, text?: string | RegExp) => deliberateTypist(session, 60_000)(keys, text);
  const consoles: ConsoleSession[] = [];
  afterEach(async () => {
    for (const session of consoles.splice(0)) {
      session.kill('SIGKILL');
      await session.exited;
    }
  });
  const open = async (proxy: CuttingProxy, id: number, stateHome: string) => {
    const session = startConsoleAt(proxy.url, { args: ['--ids', String(id)], stateHome, cols: 110, rows: 30 });
    consoles.push(session);
    await session.waitForText(`#N${id}`, 60_000);
    await press(session, KEY.enter, `Order #N${id}`);
    return session;
  };

  it('SIGTERM during a receive: the write finishes or is read back, is logged once; exit 143', async () => {
    const proxy = await holdingProxy(60_000);
    const [id] = reviewed(21, 1);
    const session = await open(proxy, id!, mkdtempSync(join(tmpdir(), 'rc-signals-state-')));
    await session.waitForText('Reviewed: press r', 60_000);
    await press(session, 'r', `Mark #N${id} as received?`);
    await answer(session, 'y');
    await until(() => proxy.held() === 1, 30_000);
    session.kill('SIGTERM');
    const exit = await session.exited;
    expect(exit.exitCode).toBe(143);
    expect(session.isAlternateScreen()).toBe(false);
    expect(session.output()).toContain('Stopped by SIGTERM.');
    await expectLogAgrees(session.stateDir, [id!]);
  });

  it('kill -9 in the middle of a review: the next start reads the review back; the draft\'s decisions stay in the log', async () => {
    const proxy = await holdingProxy(60_000);
    const id = 1042;
    const stateHome = mkdtempSync(join(tmpdir(), 'rc-signals-state-'));
    const first = await open(proxy, id, stateHome);
    await first.waitForText('Jacket 42', 60_000);
    await press(first, 'a', '→ approve');
    await press(first, 'a');
    await first.waitForText('draft saved', 60_000);
    await press(first, 's', `Send the review of #N${id}: 2 approve?`);
    await answer(first, 'y');
    await until(() => proxy.held() === 1, 30_000);
    first.kill('SIGKILL');
    await first.exited;
    expect(requestLog().filter((l) => l.route === 'review' && l.order_id === id && l.applied)).toHaveLength(1);

    proxy.stopHolding();
    const second = startConsoleAt(proxy.url, { args: ['--ids', String(id)], stateHome, cols: 110, rows: 30 });
    consoles.push(second);
    await second.waitForText(/Read back 1 write left unknown before \(L: activity log\): #N1042 review applied/, 60_000);
    await answer(second, 'q');
    expect((await second.exited).exitCode).toBe(0);
    const entries = (await readAudit(first.stateDir, { limit: 20, isKeepingAnsweredSends: true })).entries;
    const reviews = entries.filter((e) => e.action === 'review');
    // The 'sending' entry and the reading back: one outcome, applied, with the decisions sent.
    expect(reviews.map((e) => [e.outcome, e.reconciled ?? null])).toEqual([['ok', 'applied'], ['sending', null]]);
    expect(reviews[0]!.decisions).toHaveLength(2);
    expect(reviews[0]!.writeId).toBe(reviews[1]!.writeId);
  });
});
