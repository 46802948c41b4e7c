/**
 * q and Ctrl+C end the console while reads are in flight against a service that takes ten
 * minutes to answer: the reads are aborted, so the process ends instead of waiting for them
 * (it once waited for every request in flight). Checked in a real pseudo-terminal.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { KEYS } from '../helpers/fixture.js';
import { assertBuilt, BUILT_CONSOLE, KEY, spawnPty, type PtySession } from '../helpers/pty.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

/** Every request of this sandbox takes ten minutes: far longer than any test may run. */
const LATENCY_MS = 600_000;

let sandbox: TestSandbox;
const sessions: PtySession[] = [];

beforeAll(async () => {
  assertBuilt();
  sandbox = await startTestSandbox({ latencyMs: LATENCY_MS });
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

function start(): PtySession {
  const root = mkdtempSync(join(tmpdir(), 'rc-e2e-quit-'));
  const session = spawnPty({
    args: [BUILT_CONSOLE, '--base-url', sandbox.url],
    env: { RETURNS_API_KEY: KEYS.north, NO_COLOR: '1', XDG_STATE_HOME: join(root, 'state'), XDG_CONFIG_HOME: join(root, 'config'), XDG_DATA_HOME: join(root, 'data') },
  });
  sessions.push(session);
  return session;
}

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
