/**
 * Resizes, narrower and wider, taller and shorter, on the order screen: the terminal shows
 * exactly the frame meant at every point outside a synchronized update. Ink erased its frame
 * on a narrower terminal at once, outside the update that drew the next frame (the screen
 * stood empty or half erased in between), drew the app's previous frame at the new size
 * (taller than a smaller terminal, which scrolled) and could still write a frame for the old
 * size after it; the build's patch "ink-resize-in-sync" (scripts/source-patch-plugin.mjs)
 * draws the erase with the next frame, that frame for the new size.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeProblems, layoutProblems } from '../../helpers/layout-oracle.js';
import { frameFixture } from '../../helpers/long-texts.js';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';
import { describeMismatch } from '../../helpers/terminal-oracle.js';
import { renderOnTerminal } from './tty-console.js';

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox({ fixture: frameFixture() });
});
afterAll(() => sandbox.close());

const SIZES: readonly (readonly [number, number])[] = [[60, 20], [80, 24], [40, 12], [200, 60], [120, 14], [44, 50], [80, 24]];

describe('resizing', () => {
  it('never shows an erased, scrolled or stale screen: each frame for its size, drawn whole in one synchronized update', async () => {
    const view = renderOnTerminal({ baseUrl: sandbox.url, columns: 80, rows: 24 });
    try {
      const until = performance.now() + 10_000;
      while (!view.frame().join('\n').includes('#N1025') && performance.now() < until) await sleep(20);
      for (const key of ['j', 'j', '\r']) {
        view.type(key);
        await sleep(80);
      }
      for (const [columns, rows] of SIZES) {
        await view.resize(columns, rows);
        // A key right after the resize: its frame and the resize's must not cross.
        view.type('j');
        await sleep(120);
      }
      await sleep(200);
      await view.settled();
      for (const { frame, columns, rows } of view.frames) {
        const problems = layoutProblems(frame, columns, rows);
        expect(problems, `${describeProblems(problems)}\nframe:\n${frame.output}`).toEqual([]);
      }
      expect(view.mismatches, view.mismatches[0] && describeMismatch(view.mismatches[0])).toEqual([]);
      // The last frame is the order at 80x24, as meant.
      expect(view.lines()).toEqual(view.frame());
      expect(view.frame().join('\n')).toContain('Submitted 2026-11-01');
      expect(view.syncedFrames()).toBeGreaterThan(SIZES.length);
    } finally {
      await view.cleanup();
    }
  });
});
