/**
 * A selection move draws only what it changes: the two rows whose selection changed are
 * built again by Ink's Output, every other row (the list header, the table header, the other
 * rows, the footer, the notice line) comes from the row cache (src/ui/ink/row-cached-output.ts),
 * because its component is not drawn again (a Text drawn again brings new transformers, and
 * its row is built again). Counted through the row cache's own statistics, frame by frame.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rowCacheStats } from '../../src/ui/ink/row-cached-output.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { renderConsole } from './render-console.js';

let sandbox: TestSandbox;
const views: { cleanup: () => Promise<void> }[] = [];

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  await sandbox.close();
});
afterEach(async () => {
  for (const view of views.splice(0)) await view.cleanup();
});

/** The line of the frame with the selection marker. */
const selectedLine = (frame: string) => frame.split('\n').find((l) => l.startsWith('›'));
const changedLines = (before: string, after: string) => {
  const a = before.split('\n');
  const b = after.split('\n');
  return Array.from({ length: Math.max(a.length, b.length) }, (_, i) => i).filter((i) => a[i] !== b[i]).length;
};

describe('rows drawn per key', () => {
  it('a selection move builds only the two rows it changes; the header, footer and other rows come from the cache', async () => {
    // A clock that stands still: "updated just now" and the ages never change during the test.
    const start = Date.now();
    const view = renderConsole({ baseUrl: sandbox.url, columns: 120, rows: 30, limit: 20, now: () => start });
    views.push(view);
    await view.waitFor('#N1025', 'page 1 · 20/page', 'updated just now');
    for (const key of ['j', 'j', 'j', 'k', 'j', 'j']) {
      const before = view.frame();
      const wasSelected = selectedLine(before);
      const built = rowCacheStats().built;
      await view.press(key);
      await view.waitUntil((f) => selectedLine(f) !== wasSelected, `the selection did not move on ${key}`);
      const after = view.frame();
      expect(changedLines(before, after)).toBe(2);
      expect(rowCacheStats().built - built).toBeLessThanOrEqual(2);
    }
  });
});
