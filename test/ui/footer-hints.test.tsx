/**
 * The footer's keys are chosen from the key table by rank (bindings.ts hintRank), not by hand
 * per screen: the screen's main jobs and ? at any width, then more while they fit the rows
 * those take. At 80 columns the list shows scan mode; at 120 more; keys that are off go last.
 */
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/format/width.js';
import { chooseFooter, footerHints, type Hint } from '../../src/ui/components/key-hints.js';
import { KEY_BINDINGS, type KeyScope } from '../../src/ui/keys/bindings.js';
import { makeFixture } from '../helpers/fixture.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { renderConsole } from './render-console.js';

const text = (rows: readonly (readonly Hint[])[]) => rows.map((row) => row.map((h) => `${h.binding.label}${h.words}`).join('  '));
const SCOPES: readonly KeyScope[] = ['list', 'order', 'filter', 'find', 'command', 'reason', 'confirm', 'help', 'log', 'bulk', 'overview', 'profiles', 'global'];

describe('the footer chosen by rank (pure)', () => {
  it('shows scan mode and ? on the list at 80 columns, in one row; more at 120', () => {
    const list = footerHints('list', false, {}, KEY_BINDINGS);
    expect(text(chooseFooter(list, 79))).toEqual(['Enter open  Space mark  / find  r receive  S scan mode  ? help  q quit']);
    const wide = text(chooseFooter(list, 119)).join('  ');
    for (const hint of ['S scan mode', '? help', 'f filters', 'n next page', 'p prev page', ': commands']) expect(wide).toContain(hint);
    const widest = text(chooseFooter(list, 199)).join('  ');
    for (const hint of ['o overview', 'L log', 'A approve marked']) expect(widest).toContain(hint);
  });

  it('leaves out keys that are off before any key that works', () => {
    const order = footerHints('order', false, { keyState: { status: 'pending', keepUnsupportedSince: null } }, KEY_BINDINGS);
    expect(text(chooseFooter(order, 79))).toEqual(['Esc back  a approve  x reject  e keep  A approve all  s submit  ? help  q quit']);
    expect(text(chooseFooter(order, 199)).join('  ')).toContain('r receive (off: not reviewed)');
  });

  it('on every screen at every width: every main job, rows no wider than the width, no key shown while one that ranks above it is not', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SCOPES), fc.integer({ min: 20, max: 220 }), fc.boolean(), (scope, width, isReadOnly) => {
        const hints = footerHints(scope, isReadOnly, {}, KEY_BINDINGS);
        const rows = chooseFooter(hints, width);
        const shown = new Set(rows.flat());
        for (const h of hints) if (h.binding.hintRank === 1 && h.offWhy === undefined) expect(shown.has(h)).toBe(true);
        for (const line of text(rows)) if (line.includes('  ')) expect(displayWidth(line)).toBeLessThanOrEqual(width);
        const rank = (h: Hint) => (h.offWhy !== undefined ? 4 : (h.binding.hintRank ?? 4));
        const lowestShown = Math.max(...[...shown].map(rank));
        for (const h of hints) if (!shown.has(h)) expect(rank(h)).toBeGreaterThanOrEqual(lowestShown);
      }),
      { numRuns: 1000 },
    );
  });
});

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox({ fixture: makeFixture(28) });
});
afterAll(() => sandbox.close());
const views: ReturnType<typeof renderConsole>[] = [];
afterEach(async () => {
  while (views.length) await views.pop()!.cleanup();
});

describe('the list\'s footer on screen', () => {
  it.each([
    [80, ['Enter open', 'S scan mode', '? help', 'q quit'], ['f filters']],
    [120, ['Enter open', 'S scan mode', 'f filters', ': commands', '? help'], ['A approve marked']],
  ])('at %i columns shows the main jobs and ? on one line', async (columns, shown, hidden) => {
    const view = renderConsole({ baseUrl: sandbox.url, columns, rows: 24 });
    views.push(view);
    await view.waitFor('#N1025');
    const footer = view.frame().split('\n').find((l) => l.startsWith('Enter open'))!;
    for (const hint of shown) expect(footer).toContain(hint);
    for (const hint of hidden) expect(footer).not.toContain(hint);
  });
});
