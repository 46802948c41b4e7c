/**
 * The README's picture of the console, made from the real thing: the built console on its
 * sandbox in a pseudo-terminal, a few keys typed, and the emulator's screen drawn as SVG.
 * Everything the screen depends on is pinned: the clock (test/helpers/fixed-clock.mjs), the
 * demo data (the sandbox's default seed and size), the terminal's size, time zone, locale and
 * colours (a fresh environment). scripts/gen-console-picture.ts writes it;
 * test/e2e/console-picture.test.ts checks the file is current.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { BUILT_CONSOLE, KEY, spawnPty, type PtySession } from './pty.js';
import { renderScreenSvg } from './screen-svg.js';

/** Where the picture is kept. */
export const PICTURE_PATH = 'docs/images/console.svg';

/** What the picture pins. */
export const PICTURE_SETTINGS = {
  cols: 110,
  rows: 28,
  now: '2026-11-27T09:30:00Z',
  timeZone: 'Europe/Berlin',
} as const;

const FIXED_CLOCK = join(process.cwd(), 'test', 'helpers', 'fixed-clock.mjs');

/** The keys typed, each with the text the screen shows once it has been handled. */
const STEPS: readonly { readonly keys: string; readonly shows: RegExp }[] = [
  { keys: KEY.space, shows: /✓ +3400 / },
  ...[3398, 3395, 3389, 3388, 3387, 3386].map((id) => ({ keys: 'j', shows: new RegExp(`› +${id} `) })),
];

/** Waits until the program has written nothing for `quietMs`. */
async function untilQuiet(session: PtySession, quietMs = 600, timeoutMs = 20_000): Promise<void> {
  const started = performance.now();
  let length = session.output().length;
  let since = performance.now();
  while (performance.now() - since < quietMs) {
    if (performance.now() - started > timeoutMs) throw new Error(`the console did not settle within ${timeoutMs} ms`);
    await sleep(50);
    if (session.output().length !== length) {
      length = session.output().length;
      since = performance.now();
    }
  }
}

/** Runs the built console, types STEPS and returns its screen as SVG. */
export async function captureConsolePicture(): Promise<string> {
  const home = mkdtempSync(join(tmpdir(), 'rc-picture-'));
  const { cols, rows } = PICTURE_SETTINGS;
  const env = {
    TERM: 'xterm-256color',
    LANG: 'C.UTF-8',
    TZ: PICTURE_SETTINGS.timeZone,
    HOME: home,
    XDG_CONFIG_HOME: join(home, 'config'),
    XDG_STATE_HOME: join(home, 'state'),
    XDG_DATA_HOME: join(home, 'data'),
    XDG_CACHE_HOME: join(home, 'cache'),
    RETURNS_FIXED_NOW: PICTURE_SETTINGS.now,
  };
  // `env -i`: nothing of the caller's environment (NO_COLOR, CI, a profile, a key) reaches it.
  const session = spawnPty({
    file: '/usr/bin/env',
    args: ['-i', ...Object.entries(env).map(([k, v]) => `${k}=${v}`), process.execPath, '--import', FIXED_CLOCK, BUILT_CONSOLE, '--sandbox'],
    cols,
    rows,
  });
  try {
    await session.waitForText(/› +3400 /, 60_000);
    for (const step of STEPS) {
      await untilQuiet(session, 300);
      session.write(step.keys);
      await session.waitForText(step.shows, 20_000);
    }
    await untilQuiet(session);
    return renderScreenSvg(session.buffer(), { cols, rows }, {
      title: 'returns-console',
      label: 'The returns-console orders list on the sandbox demo data: a header with the SANDBOX badge, orders with coloured statuses, one marked order, the selected row, and the key hints.',
    });
  } finally {
    session.write('q');
    const exited = await Promise.race([session.exited.then(() => true), sleep(5_000).then(() => false)]);
    if (!exited) session.kill();
    rmSync(home, { recursive: true, force: true });
  }
}
