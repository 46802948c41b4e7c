/**
 * A reject reason as long as the prompt takes, at 80x24: the prompt wraps it and keeps the
 * line being typed in view, the decided item shows it whole, and once the clerk moves on
 * nothing of it is left on later screens (the issue saw "…hed on the left side; cd in ticket
 * 55812." on the list after such a reason). Both oracles, every frame.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_REASON_LENGTH } from '../../../src/ui/screens/order/order-state.js';
import { describeProblems, layoutProblems } from '../../helpers/layout-oracle.js';
import { longTextFixture } from '../../helpers/long-texts.js';
import { KEY } from '../../helpers/pty.js';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';
import { describeMismatch } from '../../helpers/terminal-oracle.js';
import { renderOnTerminal } from './tty-console.js';

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox({ fixture: longTextFixture() });
});
afterAll(() => sandbox.close());

const REASON = `${'Sole detached on the left side; the stitching is torn and the lining is stained, '.repeat(5)}photos in ticket 55812.`;

type View = ReturnType<typeof renderOnTerminal>;
const screen = (view: View) => view.frame().join('\n');
async function waitFor(view: View, check: (s: string) => boolean, what: string): Promise<void> {
  const until = performance.now() + 10_000;
  while (!check(screen(view))) {
    if (performance.now() > until) throw new Error(`${what}; frame:\n${screen(view)}`);
    await sleep(20);
  }
}

describe('a reject reason of the longest kind', () => {
  it('wraps in the prompt, shows whole on its item, and leaves nothing behind on later screens', async () => {
    expect(REASON.length).toBeLessThanOrEqual(MAX_REASON_LENGTH);
    const view = renderOnTerminal({ baseUrl: sandbox.url, columns: 80, rows: 24, filters: { ids: [1000, 1014] } });
    try {
      await waitFor(view, (s) => s.includes('#N1014'), 'the list');
      view.type('j');
      await sleep(60);
      view.type(KEY.enter);
      await waitFor(view, (s) => s.includes('Order #NORTH-WAREHOUSE-2026-1000'), 'the order');
      view.type('x');
      await waitFor(view, (s) => s.includes('reason?'), 'the prompt');
      for (let i = 0; i < REASON.length; i += 10) {
        view.type(REASON.slice(i, i + 10));
        await sleep(35);
      }
      await waitFor(view, (s) => s.includes('ticket 55812.'), 'the end of the reason in view');
      view.type(KEY.enter);
      await waitFor(view, (s) => s.includes('→ reject'), 'the decision');
      // Every word of it on the item, in order (wrapped, nothing cut).
      const item = screen(view).split('\n').map((l) => l.trim()).join(' ');
      expect(item).toContain(`reject reason: ${REASON}`);
      view.type(KEY.escape);
      await waitFor(view, (s) => s.includes('Filters:'), 'back on the list');
      view.type('L');
      await waitFor(view, (s) => s.includes('Activity log of profile'), 'the log');
      view.type(KEY.escape);
      await waitFor(view, (s) => s.includes('Filters:'), 'the list again');
      await sleep(200);
      await view.settled();
      for (const { frame, columns, rows } of view.frames) {
        const problems = layoutProblems(frame, columns, rows);
        expect(problems, `${describeProblems(problems)}\nframe:\n${frame.output}`).toEqual([]);
      }
      expect(view.mismatches, view.mismatches[0] && describeMismatch(view.mismatches[0])).toEqual([]);
      expect(view.lines().join('\n')).not.toMatch(/stitching|ticket 55812/);
    } finally {
      await view.cleanup();
    }
  });
});
