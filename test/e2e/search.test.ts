/**
 * The built program: `search` killed with SIGKILL in the middle of its first walk goes on
 * from where it stopped; the console in a pseudo-terminal finds a customer through the search
 * index, shows the profile's label in its colour (in words with NO_COLOR, and to a screen
 * reader), and W shows the order's page where no browser can be opened.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client/index.js';
import { searchIndexPath } from '../../src/local/state-paths.js';
import { sqlite } from '../../src/sqlite/load.js';
import { pauseForDeliberateKey } from '../helpers/deliberate.js';
import { KEYS, makeFixture } from '../helpers/fixture.js';
import { assertBuilt, BUILT_CONSOLE, spawnPty, type PtySession } from '../helpers/pty.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { outsideStateName } from '../helpers/state-name.js';

let sandbox: TestSandbox;
const requests: string[] = [];
const sessions: PtySession[] = [];

beforeAll(async () => {
  assertBuilt();
  const fixture = makeFixture(3000);
  Object.assign(fixture.return_orders.find((o) => o.id === 1014)!, { cust_first_name: 'Olivia', cust_last_name: 'Romero', cust_email: 'olivia.romero@example.com' });
  // Each request waits a little, so a walk of 26 pages takes long enough to be cut.
  sandbox = await startTestSandbox({ fixture, latencyMs: 25, quiet: false, log: (line) => requests.push(line) });
});
afterAll(async () => {
  for (const s of sessions) s.kill();
  await sandbox.close();
});

const listRequests = () => requests.filter((line) => /^GET \S*\/return_orders /.test(line)).length;

/** Runs the built `search`; `onStart` gets the child (to kill it). */
function runSearch(args: readonly string[], env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, [BUILT_CONSOLE, 'search', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
  return { child, done };
}

describe('search, killed mid-walk', () => {
  it('goes on from the saved position: no page is read again', async () => {
    const root = mkdtempSync(join(tmpdir(), 'rc-e2e-search-'));
    const env = { PATH: process.env.PATH, RETURNS_BASE_URL: sandbox.url, RETURNS_API_KEY: KEYS.north, XDG_STATE_HOME: join(root, 'state'), XDG_CONFIG_HOME: join(root, 'config'), NO_COLOR: '1' };
    const client = createClient({ baseUrl: sandbox.url, apiKey: KEYS.north });
    let visible = 0;
    for await (const _ of client.listAll({ limit: 100 })) visible++;
    await client.close();

    const before = listRequests();
    const first = runSearch(['Olivia', '--fields', 'id'], env);
    while (listRequests() - before < 8) await sleep(5);
    first.child.kill('SIGKILL');
    expect((await first.done).signal).toBe('SIGKILL');

    const path = searchIndexPath(join(root, 'state', 'returns-console'), outsideStateName(sandbox.url, KEYS.north));
    const db = new (sqlite().DatabaseSync)(path, { readOnly: true });
    const walk = JSON.parse((db.prepare("SELECT value FROM meta WHERE key = 'walk'").get() as { value: string }).value) as { cursor: string | null; seen: number };
    const count = (db.prepare('SELECT count(*) AS n FROM orders').get() as { n: number }).n;
    db.close();
    expect(walk.cursor).not.toBeNull();
    expect(walk.seen).toBeGreaterThanOrEqual(500);
    expect(count).toBe(walk.seen);

    const resumedAt = listRequests();
    const second = await runSearch(['Olivia', '--fields', 'id'], env).done;
    expect(second).toMatchObject({ code: 0, stdout: '1014\n' });
    // The pages after the saved one, then one read of the order found.
    expect(listRequests() - resumedAt).toBe(Math.ceil((visible - walk.seen) / 100) + 1);
  });
});

/** The built console with a profile "north" (label, colour, web_url) in a pseudo-terminal. */
function startConsole(env: NodeJS.ProcessEnv, args: readonly string[] = []): PtySession {
  const root = mkdtempSync(join(tmpdir(), 'rc-e2e-shop-'));
  const configDir = join(root, 'config', 'returns-console');
  mkdirSync(configDir, { recursive: true });
  const profile = { base_url: sandbox.url, key_env: 'NORTH_KEY', label: 'PRODUCTION', color: 'red', web_url: 'https://admin.example.com/returns/{id}' };
  writeFileSync(join(configDir, 'config.json'), JSON.stringify({ default_profile: 'north', profiles: { north: profile } }));
  chmodSync(join(configDir, 'config.json'), 0o600);
  const session = spawnPty({
    args: [BUILT_CONSOLE, ...args],
    cols: 110,
    rows: 30,
    env: {
      HOME: root,
      NORTH_KEY: KEYS.north,
      XDG_CONFIG_HOME: join(root, 'config'),
      XDG_STATE_HOME: join(root, 'state'),
      XDG_DATA_HOME: join(root, 'data'),
      RETURNS_API_KEY: undefined,
      RETURNS_BASE_URL: undefined,
      RETURNS_PROFILE: undefined,
      DISPLAY: undefined,
      WAYLAND_DISPLAY: undefined,
      SSH_CONNECTION: undefined,
      SSH_TTY: undefined,
      SSH_CLIENT: undefined,
      ...env,
    },
  });
  sessions.push(session);
  return session;
}

describe('the console', () => {
  it('shows the label in its colour, finds a customer through the index, and shows the page W cannot open', async () => {
    const session = startConsole({ NO_COLOR: undefined, FORCE_COLOR: undefined });
    await session.waitForText('PRODUCTION  north @');
    // Red (31) and inverse (7) around the label.
    expect(session.output()).toMatch(/\u001b\[(?:[0-9;]*;)?(?:31|7)m(?:\u001b\[[0-9;]*m)* PRODUCTION /);
    expect(session.output()).toMatch(/31m/);
    await sleep(300);
    session.write('/');
    await session.waitForText(/Index of [\d,]+ orders, updated/, 30_000);
    await sleep(100);
    session.write('olivia rom');
    await session.waitForText('› 1014  #N1014');
    await sleep(100);
    session.write('\r');
    await session.waitForText(/PRODUCTION {2}north @ \S+ · Order #N1014/);
    await sleep(300);
    session.write('W');
    await session.waitForText('https://admin.example.com/returns/1014 (not opened: no display (DISPLAY is unset))');
    await pauseForDeliberateKey();
    session.write('q');
    expect((await session.exited).exitCode).toBe(0);
  }, 60_000);

  it('says the label in words with NO_COLOR and to a screen reader', async () => {
    const plain = startConsole({ NO_COLOR: '1' });
    await plain.waitForText(' PRODUCTION  north @');
    expect(plain.output()).not.toMatch(/31m/);
    await pauseForDeliberateKey();
    plain.write('q');
    await plain.exited;
    const spoken = startConsole({ NO_COLOR: '1' }, ['--screen-reader']);
    await spoken.waitForText(/Shop north at 127\.0\.0\.1:\d+, PRODUCTION/);
    await pauseForDeliberateKey();
    spoken.write('q');
    await spoken.exited;
  });
});
