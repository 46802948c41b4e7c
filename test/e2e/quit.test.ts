/**
 * q and Ctrl+C end the console while reads are in flight against a service that takes ten
 * minutes to answer: the reads are aborted, so the process ends instead of waiting for them
 * (it once waited for every request in flight). A write in flight is let finish (against a
 * sandbox that answers after a while) and logged; a bulk run sends nothing new, and every
 * order ends received and logged, or not sent and logged as such. Checked in a real
 * pseudo-terminal, the orders through the interface.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client/index.js';
import { readAudit } from '../../src/local/audit-log.js';
import { KEYS, makeFixture } from '../helpers/fixture.js';
import { startConsoleAt, typist, type ConsoleSession, deliberateTypist } from '../helpers/console-session.js';
import { assertBuilt, KEY, type PtySession } from '../helpers/pty.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

/** Every request of this sandbox takes ten minutes: far longer than any test may run. */
const LATENCY_MS = 600_000;
/** Every request of this one takes long enough to press q while a write is on its way. */
const WRITE_LATENCY_MS = 1_500;
/** Orders of a bulk run that is quit. */
const BULK_ORDERS = 30;

let sandbox: TestSandbox;
let slow: TestSandbox;
const sessions: PtySession[] = [];

beforeAll(async () => {
  assertBuilt();
  sandbox = await startTestSandbox({ latencyMs: LATENCY_MS });
  // Reviewed orders: every 14th from 1001 (1001, 1015, …, 1995).
  slow = await startTestSandbox({ fixture: makeFixture(1000), latencyMs: WRITE_LATENCY_MS });
});
afterAll(async () => {
  await Promise.all([sandbox.close(), slow.close()]);
});
afterEach(async () => {
  for (const session of sessions.splice(0)) {
    session.kill('SIGKILL');
    await session.exited;
  }
});

/** A key after a person's pause, then `text` on the screen (the slow sandbox may take its time). */
const press = (session: PtySession, keys: string, text?: string | RegExp) => typist(session, 60_000)(keys, text);

function start(url = sandbox.url, args: readonly string[] = []): ConsoleSession {
  const session = startConsoleAt(url, { args });
  sessions.push(session);
  return session;
}

const statusOf = async (id: number) => {
  const client = createClient({ baseUrl: slow.url, apiKey: KEYS.north, maxRetries: 0 });
  try {
    return (await client.getOrder(id))?.status;
  } finally {
    await client.close();
  }
};

describe('quitting with reads in flight', { timeout: 120_000 }, () => {
  it.each([
    ['q', 'q', 0],
    ['Ctrl+C', KEY.ctrlC, 0],
  ])('%s ends the process while the first page is still on its way', async (_name, key, code) => {
    const session = start();
    await session.waitForText('Filters:', 60_000);
    session.write(key);
    const exit = await session.exited;
    expect(exit.exitCode).toBe(code);
    expect(session.isAlternateScreen()).toBe(false);
  });
});

describe('quitting with writes in flight', { timeout: 180_000 }, () => {
  it('q during a receive: the receive finishes, is logged, and the process ends', async () => {
    const session = start(slow.url, ['--ids', '1001']);
    await session.waitForText('#N1001', 60_000);
    await press(session, KEY.enter, 'Order #N1001');
    await session.waitForText('Reviewed: press r', 60_000);
    await press(session, 'r', 'Mark #N1001 as received?');
    await deliberateTypist(session, 60_000)('y', 'Marking received…');
    session.write('q');
    const exit = await session.exited;
    expect(exit.exitCode).toBe(0);
    expect(session.isAlternateScreen()).toBe(false);
    expect(session.output()).toContain('Waiting for 1 write in flight (receive of order 1001) to finish');
    expect(await statusOf(1001)).toBe('received');
    const { entries } = await readAudit(session.stateDir, { limit: 10 });
    expect(entries).toEqual([expect.objectContaining({ action: 'receive', orderId: 1001, outcome: 'ok', source: 'order' })]);
  });

  it.each([
    ['Ctrl+C', [KEY.ctrlC], 0],
    ['q, then yes to the question', ['q', 'y'], BULK_ORDERS],
  ])('%s during a bulk receive: every order is received and logged, or not sent and logged as not done', async (_name, keys, offset) => {
    // Each case its own reviewed orders: enough that the run outlasts q, the question and its yes (each taken only on its own).
    const ids = Array.from({ length: BULK_ORDERS }, (_, i) => 1015 + 14 * (offset + i));
    const session = start(slow.url, ['--ids', ids.join(',')]);
    await session.waitForText(`#N${ids.at(-1)}`, 60_000);
    await press(session, '*', `${BULK_ORDERS} marked`);
    await press(session, 'r', `Mark ${BULK_ORDERS} orders received`);
    await deliberateTypist(session, 60_000)('y', `Bulk receive · ${BULK_ORDERS} orders`);
    await session.waitForText(new RegExp(`[1-9]\\d*/${BULK_ORDERS} done|Latest:`), 60_000);
    if (keys.length === 1) await press(session, keys[0]!);
    else {
      await deliberateTypist(session, 60_000)(keys[0]!, 'Stop it and quit?');
      await deliberateTypist(session, 60_000)(keys[1]!);
    }
    const exit = await session.exited;
    expect(exit.exitCode).toBe(0);
    expect(session.isAlternateScreen()).toBe(false);
    const { entries } = await readAudit(session.stateDir, { limit: 100 });
    const statuses = await Promise.all(ids.map(statusOf));
    const logged = ids.map((id) => entries.filter((e) => e.orderId === id).map((e) => e.outcome));
    ids.forEach((id, i) => {
      const outcomes = logged[i]!;
      expect(outcomes, `order ${id}`).toHaveLength(1);
      if (outcomes[0] === 'not_done') expect([id, statuses[i]]).toEqual([id, 'reviewed']);
      else expect([id, outcomes[0], statuses[i]]).toEqual([id, 'ok', 'received']);
    });
    expect(logged.flat()).toContain('not_done');
  });
});
