/**
 * The scan desk's durable queue, end to end: the built console in a real pseudo-terminal,
 * the sandbox as a process of its own on a database file (its request log is what the
 * service saw), the console killed with SIGKILL. Scans made while the service cannot be
 * reached are kept through the kill and sent in order, each once, when it answers; a
 * receive whose answer was lost when the console died is read back, never sent twice.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readAudit } from '../../src/local/audit-log.js';
import { scanQueuePath } from '../../src/local/state-paths.js';
import { deliberateTypist, typist } from '../helpers/console-session.js';
import { startCuttingProxy, type CuttingProxy } from '../helpers/cutting-proxy.js';
import { scan, startDeskConsole, startSandboxProcess, type LoggedRequest, type SandboxProcess } from '../helpers/desk.js';
import { makeFixture } from '../helpers/fixture.js';
import { KEY, type PtySession } from '../helpers/pty.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

/** A loopback port nothing listens on (yet). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A fresh desk directory with the fixture file (reviewed orders: 1001, 1015, 1029, 1043 …). */
function deskRoot() {
  const root = mkdtempSync(join(tmpdir(), 'rc-scan-queue-'));
  const fixturePath = join(root, 'fixture.json');
  writeFileSync(fixturePath, JSON.stringify(makeFixture(84)));
  return { root, fixturePath, dbPath: join(root, 'sandbox.db'), stateHome: join(root, 'state') };
}

function startConsole(desk: { readonly root: string; readonly stateHome: string }, url: string): PtySession {
  const session = startDeskConsole({ ...desk, sandbox: { url } }, { refreshSeconds: 0, cols: 100, rows: 30 });
  cleanups.push(async () => {
    session.kill('SIGKILL');
    await session.exited;
  });
  return session;
}

async function killHard(session: PtySession): Promise<void> {
  session.kill('SIGKILL');
  await session.exited;
}

const receivesOf = (requests: readonly LoggedRequest[]) =>
  requests.map((r) => /^POST \S*\/return_orders\/(\d+)\/receive /.exec(r.line)?.[1]).filter((id) => id !== undefined).map(Number);

const queueFile = (stateHome: string) => scanQueuePath(join(stateHome, 'returns-console'), 'desk');

describe('the scan queue on disk', { timeout: 120_000 }, () => {
  it('service down, three scans, kill -9, restart, service up: three receives, in order, once each', async () => {
    const desk = deskRoot();
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/public-api/v1`;

    const first = startConsole(desk, url);
    await first.waitForText('Filters:', 30_000);
    await deliberateTypist(first)('S', 'SCAN MODE');
    for (const code of ['#N1001', '#N1015', '#N1029']) {
      await scan(first, `${code}\r`);
      await first.waitForText(`${code}  … queued`, 30_000);
    }
    await first.waitForText('3 queued · service not answering', 60_000);
    await first.waitForText('Q U E U E D');
    const kept = JSON.parse(readFileSync(queueFile(desk.stateHome), 'utf8')) as { scans: { text: string; sent?: unknown }[] };
    expect(kept.scans.map((s) => [s.text, s.sent])).toEqual([['#N1001', undefined], ['#N1015', undefined], ['#N1029', undefined]]);
    await killHard(first);

    const second = startConsole(desk, url);
    await second.waitForText('3 scans are queued from before: S opens scan mode and sends them.', 30_000);
    await second.waitForText('3 scans queued (S sends)');
    await deliberateTypist(second)('S', '#N1029  … queued (from before)');
    await second.waitForText('service not answering', 60_000);

    const sandbox: SandboxProcess = await startSandboxProcess({ dbPath: desk.dbPath, fixturePath: desk.fixturePath, port });
    cleanups.push(() => sandbox.stop());
    await second.waitForText('Scans this session (3, newest first)', 60_000);
    const lines = second.lines().map((l) => l.trim());
    const at = (text: string) => lines.findIndex((l) => l.startsWith(text));
    expect([at('#N1029  ✓ received'), at('#N1015  ✓ received'), at('#N1001  ✓ received')].every((i, n, all) => i >= 0 && (n === 0 || i > all[n - 1]!))).toBe(true);

    // What the service saw: three receives, in the order scanned, one each.
    expect(receivesOf(sandbox.requests)).toEqual([1001, 1015, 1029]);
    const { entries } = await readAudit(join(desk.stateHome, 'returns-console'), { limit: 20 });
    expect(entries.map((e) => [e.action, e.orderId, e.outcome, e.source]).reverse()).toEqual([
      ['receive', 1001, 'ok', 'scan'],
      ['receive', 1015, 'ok', 'scan'],
      ['receive', 1029, 'ok', 'scan'],
    ]);
    // The last scan leaves the file right behind its answer.
    await expect.poll(() => JSON.parse(readFileSync(queueFile(desk.stateHome), 'utf8')) as unknown, { timeout: 10_000 }).toEqual({ version: 1, scans: [] });
  });

  it('a receive sent as the console is killed, its answer lost: read back at the next start, not sent again', async () => {
    const desk = deskRoot();
    const sandbox = await startSandboxProcess({ dbPath: desk.dbPath, fixturePath: desk.fixturePath });
    cleanups.push(() => sandbox.stop());
    const proxy: CuttingProxy = await startCuttingProxy(sandbox.url);
    cleanups.push(() => proxy.close());
    proxy.cutNext({ method: 'POST', path: /\/return_orders\/1043\/receive$/ }, 'hold_after_forward');

    const first = startConsole(desk, proxy.url);
    await first.waitForText('#N1081', 30_000);
    await deliberateTypist(first)('S', 'SCAN MODE');
    await scan(first, '#N1043\r');
    // The sandbox received it (and applied it); the console waits for an answer that never comes.
    await expect.poll(() => receivesOf(sandbox.requests), { timeout: 30_000 }).toEqual([1043]);
    await killHard(first);
    const kept = JSON.parse(readFileSync(queueFile(desk.stateHome), 'utf8')) as { scans: { text: string; sent?: unknown }[] };
    expect(kept.scans).toEqual([expect.objectContaining({ text: '#N1043', sent: expect.objectContaining({ orderId: 1043, orderName: '#N1043' }) })]);

    const second = startConsole(desk, proxy.url);
    // The header's count stays while the start's read-back notice replaces the queue's notice.
    await second.waitForText('1 scan queued (S sends)', 30_000);
    await deliberateTypist(second)('S', '#N1043  ✓ received');
    await second.waitForText('(read back)');
    await typist(second)(KEY.escape, 'Filters:');
    await second.waitForScreen((screen) => !screen.includes('queued (S sends)'), 10_000);
    expect(receivesOf(sandbox.requests)).toEqual([1043]);
    const { entries } = await readAudit(join(desk.stateHome, 'returns-console'), { limit: 20 });
    // One outcome for the one receive: read back at the start (its `sending` entry) or by the queue, never both.
    expect(entries).toEqual([expect.objectContaining({ action: 'receive', orderId: 1043, reconciled: 'applied', source: 'scan' })]);
  });
});
