/**
 * A scanner programmed with a prefix (and a suffix), end to end: the built console in a real
 * pseudo-terminal with the profile's scan_prefix and scan_suffix, the sandbox as a process of
 * its own. A control character (STX, Ctrl+B) and a function key (F9, F10) reach the console
 * through Ink's input as the terminal sends them, and with them a scan is told from typing
 * exactly, however slowly it comes. The desk's sounds run the profile's command, without a
 * shell and without anything scanned in its arguments.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliberateTypist } from '../helpers/console-session.js';
import { openDesk, startDeskConsole, type Desk } from '../helpers/desk.js';
import { makeFixture } from '../helpers/fixture.js';
import type { PtySession } from '../helpers/pty.js';

let desk: Desk;
const sessions: PtySession[] = [];

beforeAll(async () => {
  // Reviewed: 1001, 1015, 1029, 1043, 1057, 1071; pending 1000, 1014 …
  desk = await openDesk(makeFixture(84));
});
afterAll(async () => {
  for (const s of sessions) {
    s.kill('SIGKILL');
    await s.exited;
  }
  await desk.close();
});

/** Writes each key on its own, `gapMs` apart: far slower than any scanner the timing rule would take. */
async function slowly(session: PtySession, keys: readonly string[], gapMs: number): Promise<void> {
  for (const key of keys) {
    session.write(key);
    await sleep(gapMs);
  }
}

const posts = () => desk.requests.filter((r) => r.line.startsWith('POST '));
const STX = '\u0002';
const F9 = '\u001b[20~';
const F10 = '\u001b[21~';

describe('a scanner with a prefix key', { timeout: 120_000 }, () => {
  it('STX: a slow scan on the list is a scan, not keys (no question opens), and in scan mode it is received', async () => {
    const session = startDeskConsole(desk, { refreshSeconds: 0, profile: { scan_prefix: '<c-b>' } });
    sessions.push(session);
    await session.waitForText('#N1081', 30_000);
    // A at 150 ms a character would open the approve-all question; with the prefix it is one scan.
    await slowly(session, [STX, ...'AO1830', '\r'], 150);
    await session.waitForText('Scan "AO1830"', 10_000);
    expect(session.screen()).not.toContain('Approve every undecided item');
    expect(posts()).toEqual([]);
    await deliberateTypist(session)('\u001b', 'Enter open');

    await deliberateTypist(session)('S', 'SCAN MODE · receiving desk');
    await sleep(600);
    await slowly(session, [STX, ...'#N1015', '\r'], 120);
    await session.waitForText('#N1015  ✓ received', 15_000);
    // Nothing of it was typed at the prompt.
    expect(session.screen()).toMatch(/Scan an order name or id: ›\s*$/m);
    expect(posts().map((r) => r.line)).toEqual([expect.stringMatching(/^POST \S*\/return_orders\/1015\/receive 200/)]);
  });

  it('F9 and F10 (prefix and suffix, then Enter): one scan whatever the speed; the sound command runs on a failed scan', async () => {
    const marks = join(desk.root, 'sounds');
    mkdirSync(marks, { recursive: true });
    const soundFile = join(marks, 'failure.txt');
    // A program and its arguments, run without a shell: a scan of "$(…)" would run nothing.
    const sound = [process.execPath, '-e', 'require("node:fs").appendFileSync(process.argv[1], "beep\\n")', soundFile];
    const session = startDeskConsole(desk, { refreshSeconds: 0, profile: { scan_prefix: '<f9>', scan_suffix: '<f10>', scan_sound: sound } });
    sessions.push(session);
    await session.waitForText('#N1081', 30_000);
    // Ink hands a function key over without its name: the console tells F9 by its bytes.
    await slowly(session, [F9, ...'AO1830', F10, '\r'], 150);
    await session.waitForText('Scan "AO1830"', 10_000);
    expect(session.screen()).not.toContain('Approve every undecided item');
    await deliberateTypist(session)('\u001b', 'Enter open');
    await deliberateTypist(session)('S', 'SCAN MODE · receiving desk');
    await sleep(600);
    await slowly(session, [F9, ...'#N1029', F10, '\r'], 100);
    await session.waitForText('#N1029  ✓ received', 15_000);
    await slowly(session, [F9, ...'$(touch x)', F10, '\r'], 40);
    await session.waitForText('$(touch x)  ✗ not found', 15_000);
    await expect.poll(() => (existsSync(soundFile) ? readFileSync(soundFile, 'utf8') : ''), { timeout: 10_000 }).toBe('beep\n');
    expect(existsSync(join(desk.root, 'x'))).toBe(false);
    // The command took the bell's place.
    expect(session.output()).not.toContain('\u0007');
    expect(posts().map((r) => r.line).at(-1)).toMatch(/^POST \S*\/return_orders\/1029\/receive 200/);
  });
});

describe('the desk in screen-reader mode', { timeout: 120_000 }, () => {
  it.each([
    ['is silent', {}, 0],
    ['rings when the profile asks for it', { scan_sound_with_screen_reader: true }, 1],
  ] as const)('%s on a failed scan', async (_name, profile, bells) => {
    const session = startDeskConsole(desk, { refreshSeconds: 0, profile, env: { INK_SCREEN_READER: 'true' } });
    sessions.push(session);
    await session.waitForText('#N1081', 30_000);
    await deliberateTypist(session)('S', 'SCAN MODE');
    await sleep(600);
    session.write('#N9999\r');
    await session.waitForText('#N9999  ✗ not found', 15_000);
    await sleep(300);
    expect(session.output().split('\u0007').length - 1).toBe(bells);
  });
});
