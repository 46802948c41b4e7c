/**
 * Scan mode end to end in a real pseudo-terminal: the built console against a sandbox with
 * a fixture, fed as a barcode scanner types (a whole order name and Enter in one write,
 * several writes in a row, several scans in one write). Every scan is processed in order,
 * none is lost, each kind of outcome is shown, bad ones ring the bell, and the API agrees.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client/index.js';
import { readAudit } from '../../src/local/audit-log.js';
import { deliberateTypist } from '../helpers/console-session.js';
import { KEYS, makeFixture } from '../helpers/fixture.js';
import { assertBuilt, BUILT_CONSOLE, KEY, spawnPty, type PtySession } from '../helpers/pty.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

let sandbox: TestSandbox;
const sessions: PtySession[] = [];

beforeAll(async () => {
  assertBuilt();
  // 84 orders per shop. North: 1000 pending, 1001/1015/1029/1043/1057/1071 reviewed, 1002 received.
  // Order 1005 is renamed "1003", so scanning 1003 matches order 1003 by id and 1005 by name.
  const fixture = makeFixture(84);
  fixture.return_orders.find((o) => o.id === 1005)!.order_name = '1003';
  sandbox = await startTestSandbox({ fixture });
});
afterAll(async () => {
  await sandbox.close();
});
afterEach(async () => {
  for (const session of sessions.splice(0)) {
    session.kill('SIGKILL');
    await session.exited;
  }
});

const api = () => createClient({ baseUrl: sandbox.url, apiKey: KEYS.north, maxRetries: 0 });

/** The history lines of scan mode, oldest first (the screen lists them newest first). */
function history(session: PtySession): string[] {
  const lines = session.lines();
  const start = lines.findIndex((l) => l.includes('newest first):'));
  if (start === -1) return [];
  return lines
    .slice(start + 1)
    .filter((l) => /^ {2}\S/.test(l))
    .map((l) => l.trim())
    .reverse();
}

describe('scan mode end to end', () => {
  it('processes a burst of scans in order, none lost, with every kind of outcome', async () => {
    const root = mkdtempSync(join(tmpdir(), 'rc-e2e-scan-'));
    const stateHome = join(root, 'state');
    const session = spawnPty({
      args: [BUILT_CONSOLE, '--base-url', sandbox.url],
      env: { RETURNS_API_KEY: KEYS.north, NO_COLOR: '1', XDG_STATE_HOME: stateHome, XDG_CONFIG_HOME: join(root, 'config'), XDG_DATA_HOME: join(root, 'data') },
      cols: 110,
      rows: 44,
    });
    sessions.push(session);
    await session.waitForText('#N1081');
    await deliberateTypist(session)('S');
    await session.waitForText('SCAN MODE · receiving desk');

    // As fast as a scanner: one write per scan, back to back, then several scans in one write.
    session.write('#N1001\r');
    session.write('1015\r');
    session.write('N1029\r');
    session.write('#N1043\r#N9999\r#N1002\r1003\r#N1057\r');
    await session.waitForText('Scans this session (8, newest first)');
    // The header can be on the screen before the rest of its frame has arrived from the pty.
    await expect.poll(() => history(session), { timeout: 5_000 }).toEqual([
      '#N1001  ✓ received  First1 Last1',
      '1015  ✓ received  #N1015 · First15 Last15',
      'N1029  ✓ received  #N1029 · First29 Last29',
      '#N1043  ✓ received  First43 Last43',
      '#N9999  ✗ not found',
      '#N1002  ✗ already received  First2 Last2',
      '1003  ✗ 2 matches',
      '#N1057  ✓ received  First57 Last57',
    ]);
    expect(session.screen()).toContain('✓ R E C E I V E D');
    // The bell rang once for each bad scan (not found, wrong status, several matches).
    expect(session.output().split('\u0007').length - 1).toBe(3);

    // A pending order opens its review; a scan arriving meanwhile waits in the queue.
    session.write('#N1000\r');
    await session.waitForText('SCAN MODE · review of #N1000');
    await session.waitForText('Jacket 0');
    session.write('#N1071\r');
    await session.waitForText('1 waiting');
    session.write('A');
    await session.waitForText('→ approve');
    session.write('s');
    await session.waitForText('2 approve?');
    await deliberateTypist(session)('y');
    await session.waitForText('Review sent');
    session.write(KEY.escape);
    await session.waitForText('Scans this session (10, newest first)');
    await expect.poll(() => history(session).slice(-2), { timeout: 5_000 }).toEqual(['#N1000  → review opened, now reviewed  First0 Last0', '#N1071  ✓ received  First71 Last71']);

    // Each kind of banner was on screen at the end of its turn; the last one is a receive.
    expect(session.screen()).toContain('#N1071 · First71 Last71');
    session.write('zz');
    await session.waitForText('› zz');
    session.write(KEY.escape);
    await session.waitForText('#N1081');

    const client = api();
    const page = await client.listPage({ filters: { ids: [1000, 1001, 1002, 1003, 1015, 1029, 1043, 1057, 1071] }, limit: 100 });
    const status = new Map(page.data.map((o) => [o.id, o.status]));
    for (const id of [1001, 1015, 1029, 1043, 1057, 1071]) expect(status.get(id)).toBe('received');
    expect(status.get(1000)).toBe('reviewed');
    expect(status.get(1002)).toBe('received');
    expect(status.get(1003)).toBe('resolving');
    await client.close();

    const { entries } = await readAudit(join(stateHome, 'returns-console'), { limit: 50 });
    expect(entries.filter((e) => e.source === 'scan' && e.action === 'receive').map((e) => e.orderId).reverse()).toEqual([1001, 1015, 1029, 1043, 1057, 1071]);
    // Scans that changed nothing are logged too, with why.
    const unchanged = entries.filter((e) => e.action === 'scan').reverse();
    expect(unchanged.map((e) => [e.scanned, e.code, e.orderId])).toEqual([
      ['#N9999', 'not_found', undefined],
      ['#N1002', 'wrong_status', 1002],
      ['1003', 'several_matches', undefined],
    ]);
    expect(session.output()).not.toContain(KEYS.north);
  });
});
