/**
 * A disk that fills up and a read-only state directory, for the built commands and console as
 * real processes (test/helpers/limited-fs.ts): nothing is lost and the message is clear. A
 * write whose activity-log entry cannot be written is not sent (the service is unchanged),
 * the command says why and exits 1, the console says so on the screen and keeps what was
 * entered, and the log already there is intact.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pauseForDeliberateKey } from '../helpers/deliberate.js';
import { createClient } from '../../src/api/client/index.js';
import { parseAuditLine } from '../../src/local/audit-format.js';
import { KEYS, makeFixture } from '../helpers/fixture.js';
import { limitedCommand, limitedFsSupport, type Limit } from '../helpers/limited-fs.js';
import { typist } from '../helpers/console-session.js';
import { assertBuilt, BUILT_CONSOLE, KEY, spawnPty, type PtySession } from '../helpers/pty.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

const unsupported = limitedFsSupport();
if (unsupported) console.warn(`test/e2e/limited-disk.test.ts skipped: ${unsupported}`);

let sandbox: TestSandbox;
const sessions: PtySession[] = [];

beforeAll(async () => {
  assertBuilt();
  // Reviewed: 1001, 1015, …; pending: 1000, 1014, ….
  sandbox = await startTestSandbox({ fixture: makeFixture(60) });
});
afterAll(() => sandbox.close());
afterEach(async () => {
  for (const session of sessions.splice(0)) {
    session.kill('SIGKILL');
    await session.exited;
  }
});

const statusOf = async (id: number) => {
  const client = createClient({ baseUrl: sandbox.url, apiKey: KEYS.north, maxRetries: 0 });
  try {
    return (await client.getOrder(id))?.status;
  } finally {
    await client.close();
  }
};

/** An earlier entry of exactly one 4 KiB page (newline included), so a full disk cannot add a byte to the log. */
function earlierEntry(): string {
  const base = { time: '2026-11-05T12:00:00.000Z', profile: 'p', orderId: 7, action: 'receive', outcome: 'ok', message: '' };
  return JSON.stringify({ ...base, message: 'x'.repeat(4095 - JSON.stringify(base).length) });
}

interface Limited {
  readonly env: Record<string, string>;
  readonly dir: string;
  readonly logCopy: string;
  readonly prepare: string;
}

function limitedHome(): Limited {
  const root = mkdtempSync(join(tmpdir(), 'rc-limited-'));
  const dir = join(root, 'state');
  const logCopy = join(root, 'audit-copy.jsonl');
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: root,
    XDG_STATE_HOME: dir,
    XDG_CONFIG_HOME: join(root, 'config'),
    RETURNS_API_KEY: KEYS.north,
    RETURNS_BASE_URL: sandbox.url,
    NO_COLOR: '1',
    EARLIER: earlierEntry(),
    LOG_COPY: logCopy,
  };
  const prepare = 'mkdir -p -m 700 "$1/returns-console" && printf "%s\\n" "$EARLIER" > "$1/returns-console/audit.jsonl"';
  return { env, dir, logCopy, prepare };
}

function run(limit: Limit, home: Limited, argv: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { file, args } = limitedCommand(limit, home.dir, home.prepare, [process.execPath, BUILT_CONSOLE, ...argv]);
  const child = spawn(file, args, { env: home.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
  child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

/** The log as it was when the process ended: the earlier entry whole, nothing torn after it. */
function expectEarlierLogIntact(home: Limited): void {
  const lines = readFileSync(home.logCopy, 'utf8').split('\n').filter(Boolean);
  expect(lines).toEqual([home.env.EARLIER]);
  expect(parseAuditLine(lines[0]!)).toMatchObject({ orderId: 7, outcome: 'ok' });
}

describe.skipIf(unsupported !== null)('a state directory that cannot take the activity log', { timeout: 120_000 }, () => {
  it.each([
    ['full', 'no space left on the device'],
    ['read-only', 'the state directory is on a read-only file system'],
  ] as const)('%s: receive sends nothing, says why (exit 1), the log is intact', async (limit, words) => {
    const home = limitedHome();
    const id = limit === 'full' ? 1001 : 1015;
    const r = await run(limit, home, ['receive', String(id)]);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toBe(
      `error: Not sent: the activity log could not be written (${words}), and a write it cannot account for is never made. [activity_log_unwritable]\nhint: Free some space on the disk of the state directory (or make it writable), then send it again; nothing was sent.\n`,
    );
    expect(await statusOf(id)).toBe('reviewed');
    expectEarlierLogIntact(home);
  });

  it('full: the console keeps the decisions on screen, says the draft and the review could not be kept, and sends nothing', async () => {
    const home = limitedHome();
    const { file, args } = limitedCommand('full', home.dir, home.prepare, [process.execPath, BUILT_CONSOLE, '--ids', '1014']);
    const session = spawnPty({ file, args, env: home.env, cols: 110, rows: 30 });
    sessions.push(session);
    const press = typist(session, 60_000);
    await session.waitForText('#N1014', 60_000);
    await press(KEY.enter, 'Jacket 14');
    await press('a', 'draft NOT saved: no space left on the device');
    await press('a');
    await session.waitForScreen((screen) => screen.split('→ approve').length === 3, 60_000);
    await press('s', 'Send the review of #N1014: 2 approve?');
    await pauseForDeliberateKey();
    await press('y', 'Review not sent [activity_log_unwritable]');
    await session.waitForText('no space left on the device', 60_000);
    expect(session.screen()).toContain('→ approve');
    expect(await statusOf(1014)).toBe('pending');
    await pauseForDeliberateKey();
    session.write('q');
    expect((await session.exited).exitCode).toBe(0);
    expectEarlierLogIntact(home);
  });
});
