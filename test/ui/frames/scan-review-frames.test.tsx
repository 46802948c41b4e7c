/**
 * The issue's own screen, both oracles, step by step: the demo data at 80x24, scan mode,
 * #AO1623 scanned (a four-item pending order: the review opens from scan mode), then j, x and
 * a reason typed. Scan mode's title line was not counted where the order screen shared out
 * its lines, and Ink laid the customer line over the header, an item over the reason of the
 * one before it, and the reason prompt over its item's title. Every frame is checked, and
 * what the clerk decides on is on screen whole.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../src/sandbox/index.js';
import { describeProblems, layoutProblems } from '../../helpers/layout-oracle.js';
import { typeAsScanner } from '../../helpers/scanner.js';
import { describeMismatch } from '../../helpers/terminal-oracle.js';
import { renderOnTerminal } from './tty-console.js';

let sandbox: RunningSandbox;
beforeAll(async () => {
  // The demo data the console opens with (its default seed): #AO1623 is one of its pending orders.
  sandbox = await startSandbox({ host: '127.0.0.1', port: 0, dbPath: ':memory:', rateLimit: 0, quiet: true });
}, 60_000);
afterAll(() => sandbox.close());

type View = ReturnType<typeof renderOnTerminal>;
const screen = (view: View) => view.frame().join('\n');
async function waitFor(view: View, check: (screen: string) => boolean, what: string): Promise<void> {
  const until = performance.now() + 10_000;
  while (!check(screen(view))) {
    if (performance.now() > until) throw new Error(`${what}; frame:\n${screen(view)}`);
    await sleep(20);
  }
}

/** Both oracles over every frame so far. */
function expectExactFrames(view: View): void {
  for (const { frame, columns, rows } of view.frames) {
    const problems = layoutProblems(frame, columns, rows);
    expect(problems, `${describeProblems(problems)}\nframe:\n${frame.output}`).toEqual([]);
  }
  expect(view.mismatches, view.mismatches[0] && describeMismatch(view.mismatches[0])).toEqual([]);
}

describe('the review opened from scan mode at 80x24', () => {
  it('draws every line apart, the header, every reason and the prompt whole', async () => {
    const aurora = sandbox.demoKeys.find((k) => k.shopName === 'Aurora Outdoor Co.')!;
    const view = renderOnTerminal({ baseUrl: sandbox.url, apiKey: aurora.key, columns: 80, rows: 24, rejectReasons: ['Outside the return window', 'Item used or damaged', 'Item not received', 'Not eligible for return'] });
    try {
      await waitFor(view, (s) => s.includes('#AO'), 'the list');
      view.type('S');
      await waitFor(view, (s) => s.includes('SCAN MODE'), 'scan mode');
      await typeAsScanner((chunk) => view.type(chunk), 'AO1623\r');
      await waitFor(view, (s) => s.includes('review of #AO1623') && s.includes('Wool Hiking Socks'), 'the review');
      await view.settled();
      expectExactFrames(view);
      const review = screen(view);
      expect(review).toMatch(/Order #AO1623 {2}· {2}id \d+ {2}· {2}pending/);
      expect(review).toMatch(/^Customer: Olivia Romero <olivia\.romero41@mail\.example>$/m);
      expect(review).toContain('reason: Ordered two sizes');

      view.type('j');
      await sleep(100);
      view.type('x');
      await waitFor(view, (s) => s.includes('reason?'), 'the reason prompt');
      for (const chunk of ['The zip ', 'was torn ', 'when it ', 'arrived']) {
        view.type(chunk);
        await sleep(60);
      }
      await waitFor(view, (s) => s.includes('arrived'), 'the reason typed');
      await view.settled();
      expectExactFrames(view);
      const prompt = screen(view);
      expect(prompt).toMatch(/│ Reject "Storm Shell Rain Jacket \(S\)": reason\?/);
      expect(prompt).toMatch(/│ > The zip was torn when it arrived/);
      expect(prompt).toMatch(/▸ exchange Storm Shell Rain Jacket \(S\)/);
    } finally {
      await view.cleanup();
    }
  });
});
