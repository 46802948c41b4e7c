/**
 * The built console follows its config file: started on its built-in sandbox with no config
 * file at all, it lists a profile as soon as a config file naming one is saved, switches to
 * it, and reports a broken save while the profiles in force stay.
 */
import { mkdirSync, mkdtempSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pauseForDeliberateKey } from '../helpers/deliberate.js';
import { KEYS, makeShopFixture } from '../helpers/fixture.js';
import { freshHomeEnv } from '../helpers/console-session.js';
import { assertBuilt, BUILT_CONSOLE, KEY, spawnPty, type PtySession } from '../helpers/pty.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

let south: TestSandbox;
let session: PtySession | undefined;
beforeAll(async () => {
  assertBuilt();
  south = await startTestSandbox({ fixture: makeShopFixture('shop_south') });
});
afterAll(async () => {
  session?.kill('SIGKILL');
  if (session) await session.exited;
  await south.close();
});

/** Presses `key` until `text` is on screen (a key in the instant a session mounts may go to the one before). */
async function pressUntil(s: PtySession, key: string, text: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!s.screen().includes(text)) {
    if (Date.now() > deadline) throw new Error(`no "${text}"; screen:\n${s.screen()}`);
    s.write(key);
    await s.waitForText(text, 1_000).catch(() => undefined);
  }
}

it('lists a profile saved into a new config file, switches to it, and keeps it through a broken save', async () => {
  const root = mkdtempSync(join(tmpdir(), 'rc-reload-'));
  const configDir = join(root, 'config', 'returns-console');
  const configPath = join(configDir, 'config.json');
  /** Saves as an editor does: a new private file renamed over the old one. */
  const save = (text: string) => {
    mkdirSync(configDir, { recursive: true });
    writeFileSync(`${configPath}.new`, text, { mode: 0o600 });
    renameSync(`${configPath}.new`, configPath);
  };
  session = spawnPty({
    args: [BUILT_CONSOLE],
    cols: 140,
    rows: 30,
    env: freshHomeEnv(root, { SOUTH_KEY: KEYS.south }),
  });
  const s = session;
  await s.waitForText('SANDBOX', 30_000);
  await s.waitForText(/› +\d+ #AO/, 30_000);
  await pressUntil(s, 'P', 'Switch shop');
  await s.waitForText('This is the only profile');
  s.write(KEY.escape);

  save(JSON.stringify({ profiles: { south: { base_url: south.url, key_env: 'SOUTH_KEY', refresh_interval_seconds: 0 } } }));
  await s.waitForText('Config file reloaded: 2 profiles, 0 views.', 10_000);
  save('{ "profiles": ');
  await s.waitForText('Config file not reloaded, the settings in force stay: config.json is not valid JSON', 10_000);

  await pressUntil(s, 'P', 'Switch shop');
  await s.waitForText('  south');
  expect(s.screen()).not.toContain('This is the only profile');
  s.write('j');
  await s.waitForText(/› south\b/);
  // A profile switch and q count only on their own, after a person's pause.
  await pauseForDeliberateKey();
  s.write(KEY.enter);
  await s.waitForText('#S5025', 20_000);
  expect(s.screen()).not.toMatch(/#AO\d/);

  await pauseForDeliberateKey();
  s.write('q');
  expect((await s.exited).exitCode).toBe(0);
  session = undefined;
}, 90_000);
