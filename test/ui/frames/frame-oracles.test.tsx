/**
 * Both frame oracles, as one property over seeded random cases: a terminal size from 40x12
 * to 200x60, a screen to start on (the list, an order opened from the list and from scan
 * mode, the reject prompt with a long reason, the filter panel, the overview, the activity
 * log, help, bulk results, scan mode, the review question, the profile picker), then random
 * keys, pauses and resizes, on data with the longest and the most hostile texts (test/
 * helpers/long-texts.ts), against a fresh sandbox. Every frame Ink lays out must put no text
 * over other text and nothing outside the window (the layout oracle), and the terminal fed
 * the console's raw output must show exactly the frame meant whenever it is not inside a
 * synchronized update (the terminal oracle).
 */
import fc from 'fast-check';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, it } from 'vitest';
import { describeProblems, layoutProblems } from '../../helpers/layout-oracle.js';
import { frameFixture } from '../../helpers/long-texts.js';
import { KEY } from '../../helpers/pty.js';
import { propertyRuns } from '../../helpers/property-runs.js';
import { startTestSandbox } from '../../helpers/sandbox.js';
import { DELIBERATE_PAUSE_MS, pauseForDeliberateKey } from '../../helpers/deliberate.js';
import { typeAsScanner } from '../../helpers/scanner.js';
import { describeMismatch } from '../../helpers/terminal-oracle.js';
import { renderOnTerminal } from './tty-console.js';

const PRESETS = ['Outside the return window', 'Item used or damaged', 'Item not received', 'Not eligible for return'];
const LONG_REASON = `${'The customer wore it on a hike and the sole came loose, '.repeat(8)}photos in ticket 55812.`;

type View = ReturnType<typeof renderOnTerminal>;

/** Waits until the frame meant shows `text` (a screen opened, a page loaded). */
async function waitForText(view: View, text: string, timeoutMs = 10_000): Promise<void> {
  const until = performance.now() + timeoutMs;
  while (!view.frame().join('\n').includes(text)) {
    if (performance.now() > until) throw new Error(`"${text}" never showed; frame:\n${view.frame().join('\n')}`);
    await sleep(20);
  }
}

/** Types `text` as a person does: one key at a time, a little apart. */
async function typeSlowly(view: View, text: string): Promise<void> {
  for (const char of text) {
    view.type(char);
    await sleep(40);
  }
}

async function openOrder(view: View, name: string): Promise<void> {
  view.type('/');
  await waitForText(view, 'Find (order name or id)');
  await typeSlowly(view, name);
  await sleep(80);
  view.type(KEY.enter);
  await waitForText(view, 'Submitted 20');
}

/** How each screen is reached from the list. */
const SCREENS: Record<string, (view: View) => Promise<void>> = {
  list: async () => undefined,
  order: (view) => openOrder(view, '1000'),
  'order-from-scan': async (view) => {
    view.type('S');
    await waitForText(view, 'SCAN MODE');
    await typeAsScanner((chunk) => view.type(chunk), '#N1014\r');
    await waitForText(view, 'review of');
  },
  'reject-long': async (view) => {
    await openOrder(view, '1000');
    view.type('x');
    await waitForText(view, 'reason?');
    for (let i = 0; i < LONG_REASON.length; i += 8) {
      view.type(LONG_REASON.slice(i, i + 8));
      await sleep(45);
    }
  },
  filter: async (view) => {
    view.type('f');
    await waitForText(view, 'Statuses');
  },
  overview: async (view) => {
    view.type('o');
    await waitForText(view, 'overview');
  },
  log: async (view) => {
    view.type('L');
    await waitForText(view, 'Activity log');
  },
  help: async (view) => {
    view.type('?');
    await waitForText(view, 'Help: keys');
  },
  bulk: async (view) => {
    view.type('*');
    await waitForText(view, 'marked');
    view.type('r');
    // The question (a small window may show it alone, its title given way).
    await waitForText(view, 'Mark ');
    await pauseForDeliberateKey();
    view.type('y');
    await waitForText(view, 'finished');
  },
  scan: async (view) => {
    await pauseForDeliberateKey();
    view.type('S');
    await waitForText(view, 'SCAN MODE');
  },
  question: async (view) => {
    await openOrder(view, '1014');
    view.type('A');
    await sleep(60);
    view.type('s');
    await waitForText(view, 'Send the review');
  },
  profiles: async (view) => {
    view.type('P');
    await waitForText(view, 'Switch shop');
  },
};

/** Keys of every screen (q and Ctrl+C left out: they end the console), and a few texts typed at once. */
const KEYS = [
  'j', 'k', KEY.down, KEY.up, KEY.pageDown, KEY.pageUp, 'g', 'G', KEY.enter, KEY.escape, KEY.space, KEY.tab, KEY.shiftTab,
  'a', 'x', 'e', 'A', 'u', 's', 'r', 'R', 'y', 'n', 'f', '/', ':', 'o', 'L', '?', 'P', 'S', '*', 'V', 'U', 'p', KEY.left, KEY.right, KEY.backspace,
  '1014', 'status pending', LONG_REASON.slice(0, 60),
];

type Step = { readonly kind: 'key'; readonly keys: string; readonly pauseMs: number } | { readonly kind: 'resize'; readonly columns: number; readonly rows: number };

const columns = fc.integer({ min: 40, max: 200 });
const rows = fc.integer({ min: 12, max: 60 });
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 12, arbitrary: fc.record({ kind: fc.constant('key' as const), keys: fc.constantFrom(...KEYS), pauseMs: fc.oneof(
        { weight: 14, arbitrary: fc.constantFrom(0, 5, 25, 60) },
        // Now and then as long as a person waits, so keys that count only on their own (y, S) act too.
        { weight: 1, arbitrary: fc.constant(DELIBERATE_PAUSE_MS) },
      ) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('resize' as const), columns, rows }) },
);
const testCase = fc.record({
  screen: fc.constantFrom(...Object.keys(SCREENS)),
  columns,
  rows,
  steps: fc.array(step, { minLength: 4, maxLength: 24 }),
});

type Case = typeof testCase extends fc.Arbitrary<infer T> ? T : never;

/** Waits until the console has written nothing for 150 ms (and the terminal has taken it all). */
async function quiet(view: View): Promise<void> {
  for (let length = -1; length !== view.stdout.chunks.length; ) {
    length = view.stdout.chunks.length;
    await sleep(150);
  }
  await view.settled();
}

/** Runs one case; throws with what went wrong. */
async function runCase(c: Case): Promise<void> {
  const sandbox = await startTestSandbox({ fixture: frameFixture() });
  const view = renderOnTerminal({ baseUrl: sandbox.url, columns: c.columns, rows: c.rows, rejectReasons: PRESETS, limit: 20 });
  try {
    // The first page on screen (the newest order's id), so the keys that open a screen act on it.
    await waitForText(view, ' 1025 ');
    await SCREENS[c.screen]!(view);
    for (const s of c.steps) {
      if (s.kind === 'resize') await view.resize(s.columns, s.rows);
      else view.type(s.keys);
      await sleep(s.kind === 'key' ? s.pauseMs : 30);
    }
    await quiet(view);
  } finally {
    await view.cleanup();
    await sandbox.close();
  }
  for (const { frame, columns: w, rows: h } of view.frames) {
    const problems = layoutProblems(frame, w, h);
    if (problems.length > 0) throw new Error(`layout at ${w}x${h}:\n${describeProblems(problems)}\nframe:\n${frame.output}`);
  }
  if (view.mismatches.length > 0) {
    // FRAME_DEBUG=1: the bytes written around the first mismatch, and when frames were built and the terminal resized.
    if (process.env.FRAME_DEBUG) {
      const first = view.mismatches[0]!.written;
      let at = 0;
      for (const chunk of view.stdout.chunks) {
        at += chunk.length;
        if (at > first - 4000 && at <= first + 200) console.log(at, JSON.stringify(chunk.slice(0, 200)));
      }
      console.log(view.events.join('\n'));
    }
    throw new Error(`terminal:\n${describeMismatch(view.mismatches[0]!)}`);
  }
}

describe('every frame exactly as meant', () => {
  it('no text over text or outside the window, and the terminal shows each frame meant, at any size after any keys', async () => {
    const runs = propertyRuns('frame oracles', 24);
    await fc.assert(
      fc.asyncProperty(testCase, async (c) => {
        await runCase(c);
      }),
      // A case takes a second or two: the first failure is reported as it is, with its seed and path.
      { ...runs, endOnFailure: true },
    );
  }, 600_000);
});
