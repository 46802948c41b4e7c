/**
 * Several shops in one console, end to end: the built console in a real pseudo-terminal at
 * 80x24 with a config file of two profiles on two sandboxes (different keys, different
 * data). P switches shop without a restart; after the switch no order of the other shop is
 * on screen, the header names the shop shown, and the overview counts that shop only.
 */
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS, makeShopFixture } from '../helpers/fixture.js';
import { freshHomeEnv } from '../helpers/console-session.js';
import { assertBuilt, BUILT_CONSOLE, KEY, spawnPty, type PtySession } from '../helpers/pty.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { deliberateTypist } from '../helpers/console-session.js';

let north: TestSandbox;
let south: TestSandbox;
let session: PtySession | undefined;
beforeAll(async () => {
  assertBuilt();
  [north, south] = await Promise.all([startTestSandbox({ fixture: makeShopFixture('shop_north') }), startTestSandbox({ fixture: makeShopFixture('shop_south') })]);
});
afterAll(async () => {
  session?.kill('SIGKILL');
  if (session) await session.exited;
  await Promise.all([north.close(), south.close()]);
});

/** Presses P until the picker shows (a key typed in the instant a session mounts may go to the one before), then picks the row `down` below the top. */
async function pick(s: PtySession, down: number): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!s.screen().includes('Switch shop')) {
    if (Date.now() > deadline) throw new Error(`no picker; screen:\n${s.screen()}`);
    s.write('P');
    await s.waitForText('Switch shop', 1_000).catch(() => undefined);
  }
  s.write('k');
  s.write('k');
  for (let i = 0; i < down; i++) s.write('j');
  await s.waitForScreen((screen) => screen.split('\n').filter((l) => l.startsWith('›')).length === 1 && new RegExp(`› ${down === 0 ? 'north' : 'south'}\\b`).test(screen), 5_000);
  // Switching counts only as a key on its own.
  await deliberateTypist(s)(KEY.enter);
}

describe('switching shops in a real terminal', () => {
  it('shows only the shop switched to, in the list and in the overview', async () => {
    const root = mkdtempSync(join(tmpdir(), 'rc-shops-'));
    const configDir = join(root, 'config', 'returns-console');
    mkdirSync(configDir, { recursive: true });
    const configPath = join(configDir, 'config.json');
    writeFileSync(
      configPath,
      JSON.stringify({
        default_profile: 'north',
        profiles: {
          north: { base_url: north.url, key_env: 'NORTH_KEY', refresh_interval_seconds: 0 },
          south: { base_url: south.url, key_env: 'SOUTH_KEY', refresh_interval_seconds: 0 },
        },
      }),
    );
    chmodSync(configPath, 0o600);
    session = spawnPty({
      args: [BUILT_CONSOLE],
      cols: 80,
      rows: 24,
      env: freshHomeEnv(root, { NORTH_KEY: KEYS.north, SOUTH_KEY: KEYS.south }),
    });
    const s = session;
    await s.waitForText('#N1025', 20_000);
    expect(s.screen()).toContain(`north @ ${new URL(north.url).host}`);

    await pick(s, 1);
    await s.waitForText('#S5025');
    await s.waitForText(`south @ ${new URL(south.url).host}`);
    expect(s.screen()).not.toMatch(/#N\d|north @/);

    // South's overview: south's counts (2 pending of 28 orders), nothing of north.
    s.write('o');
    // Waits for the figures themselves: a frame can reach the terminal in more than one
    // write, and the header's "taken" may be on screen before the lines under it.
    await s.waitForScreen((screen) => /taken \d\d:\d\d/.test(screen) && /pending\s+2\b/.test(screen));
    expect(s.screen()).toContain('south @');
    s.write(KEY.escape);
    await s.waitForText('#S5025');

    await pick(s, 0);
    await s.waitForText('#N1025', 20_000);
    await s.waitForText(`north @ ${new URL(north.url).host}`);
    expect(s.screen()).not.toMatch(/#S\d|south @/);

    await deliberateTypist(s)('q');
    expect((await s.exited).exitCode).toBe(0);
    session = undefined;
  }, 90_000);
});
