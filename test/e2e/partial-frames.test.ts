/**
 * End to end in a real pseudo-terminal, in colour: the console draws with Ink's
 * incrementalRendering (src/ui/start-console.tsx), so a frame rewrites only the lines that
 * changed, and of a changed line only what follows its unchanged start (with its styles
 * replayed). After moves that scroll the table, jumps and pages, the screen those partial
 * frames leave is exactly the one a full redraw gives (a resize makes Ink rewrite every
 * line), and it holds one header, one selected row, and whole rows in order. A selection
 * move writes a fraction of what the whole screen takes.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFixture } from '../helpers/fixture.js';
import { assertBuilt, spawnConsoleInShell, type PtySession } from '../helpers/pty.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { deliberateTypist } from '../helpers/console-session.js';

let sandbox: TestSandbox;

beforeAll(async () => {
  assertBuilt();
  sandbox = await startTestSandbox({ fixture: makeFixture(120) });
});
afterAll(async () => {
  await sandbox.close();
});

function startConsole(): PtySession {
  return spawnConsoleInShell({
    args: ['--base-url', sandbox.url],
    home: mkdtempSync(join(tmpdir(), 'rc-e2e-')),
    // Colour on: a partial line write replays the styles of the line's unchanged start.
    env: { NO_COLOR: undefined },
  });
}

const ROW = /^([› ])[✓ ][✎ ]\s*(\d+) #N(\d+)\s/;
const selectedId = (lines: readonly string[]) => lines.map((l) => /^›\s*(\d+) /.exec(l)?.[1]).find((id) => id !== undefined);

/** One header, one selected row, whole rows (the id and its order name agree), newest first, no repeats. */
function expectWholeScreen(lines: readonly string[]): void {
  expect(lines.filter((l) => / page \d+ · 50\/page/.test(l))).toHaveLength(1);
  expect(lines[1]).toMatch(/^Filters:/);
  const rows = lines.map((l) => ROW.exec(l)).filter((m) => m !== null);
  expect(rows.filter((m) => m[1] === '›')).toHaveLength(1);
  for (const m of rows) expect(m[3]).toBe(m[2]);
  const ids = rows.map((m) => Number(m[2]));
  expect([...ids].sort((a, b) => b - a)).toEqual(ids);
  expect(new Set(ids).size).toBe(ids.length);
}

/** Waits until the console has written nothing for 250 ms. */
async function quiet(session: PtySession): Promise<void> {
  for (let length = -1; length !== session.output().length; ) {
    length = session.output().length;
    await sleep(250);
  }
}

/** Writes `key` and waits until the selected row is `id`. */
async function move(session: PtySession, key: string, id: number): Promise<void> {
  session.write(key);
  await session.waitForScreen((screen) => selectedId(screen.split('\n')) === String(id));
}

describe('partial frames (incrementalRendering)', () => {
  it('leave the screen a full redraw gives, after scrolls, jumps and pages', async () => {
    const session = startConsole();
    await session.waitForText('#N1119');
    // The whole first frame, not only as much of it as had arrived when its first row showed.
    await session.waitForText('q quit');
    await quiet(session);
    // Visible north orders of makeFixture(120), newest first (i % 14 of 12 and 13 are never listed).
    const visible = Array.from({ length: 120 }, (_, i) => 1119 - i).filter((id) => (id - 1000) % 14 < 12);
    // The first frame is the whole screen; a selection move rewrites its two lines only.
    const firstFrame = session.output().length;
    const before = session.output().length;
    await move(session, 'j', visible[1]!);
    expect(session.output().length - before).toBeLessThan(firstFrame / 4);
    let at = 1;
    // Down past the bottom of the table (each step scrolls it), back up past its top, then jumps.
    for (const key of [...'jjjjjjjjjjjjjjjjjjjjjjjjj', ...'kkkkkkkkkkkkkkkkkkkkkkkkkkk']) {
      at = Math.max(0, Math.min(49, at + (key === 'j' ? 1 : -1)));
      await move(session, key, visible[at]!);
    }
    await move(session, 'G', visible[49]!);
    expectWholeScreen(session.lines());
    await move(session, 'n', visible[50]!);
    await move(session, 'j', visible[51]!);
    await move(session, 'p', visible[0]!);
    await move(session, 'G', visible[49]!);
    const partial = session.lines();
    expectWholeScreen(partial);

    // A narrower terminal and back: Ink rewrites every line, whole. Each frame is complete
    // once its last line, the footer, is drawn at the new width (at 100 columns with f, n and p; at 80 without).
    const isFooterOneLine = (screen: string) => screen.split('\n').some((l) => l.includes('Enter open') && l.includes('f filters') && l.includes('q quit'));
    const isSelected = (screen: string) => selectedId(screen.split('\n')) === String(visible[49]);
    session.resize(80, 30);
    await session.waitForScreen((screen) => !screen.includes('E-mail') && !isFooterOneLine(screen) && isSelected(screen));
    session.resize(100, 30);
    // Until Ink has rewritten them, the terminal shows the 80-column rows with the ends of the
    // 100-column rows it kept: every row shows its e-mail again when the frame is complete.
    const isEveryRowWide = (screen: string) => screen.split('\n').filter((l) => ROW.test(l)).every((l) => /customer\d+@/.test(l) && l.split('EUR').length === 2);
    await session.waitForScreen((screen) => screen.includes('E-mail') && isFooterOneLine(screen) && isSelected(screen) && isEveryRowWide(screen));
    const full = session.lines();
    expectWholeScreen(full);
    // The first line ends with how fresh the page is, which a second may change.
    expect(partial.slice(1)).toEqual(full.slice(1));
    await deliberateTypist(session)('q');
    await session.exited;
  });
});
