/**
 * Every key answers: a key that does nothing on a screen says why in the notice line (and
 * where it does something), q quits from every screen that is not a text field (the profile
 * picker too), and a decision that moves the cursor on marks the decided item for a moment.
 * Against the real sandbox.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/format/width.js';
import { KEY_BINDINGS } from '../../src/ui/keys/bindings.js';
import { pressedKey, unboundKeyText } from '../../src/ui/keys/unbound-key.js';
import { pauseForDeliberateKey } from '../helpers/deliberate.js';
import { makeFixture } from '../helpers/fixture.js';
import { KEY } from '../helpers/pty.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { renderOnTerminal } from './frames/tty-console.js';
import { renderConsole } from './render-console.js';

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox({ fixture: makeFixture(28) });
});
afterAll(() => sandbox.close());
const views: { cleanup: () => Promise<void> }[] = [];
afterEach(async () => {
  while (views.length) await views.pop()!.cleanup();
});

const plain = { upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, pageDown: false, pageUp: false, home: false, end: false, return: false, escape: false, ctrl: false, shift: false, tab: false, backspace: false, delete: false, meta: false } as never;

describe('a key that does nothing (pure)', () => {
  it('is named as people write it, with where it does something and the key that lists the keys', () => {
    expect(unboundKeyText(['overview'], { char: ':' }, KEY_BINDINGS)).toBe('":" does nothing here (Orders list: Command line). ? lists the keys.');
    expect(unboundKeyText(['list'], { char: 'z' }, KEY_BINDINGS)).toBe('"z" does nothing here. ? lists the keys.');
    expect(unboundKeyText(['log'], { special: 'return' }, KEY_BINDINGS)).toBe('"Enter" does nothing here (Orders list: Open order). ? lists the keys.');
    // Help itself needs no pointer to help.
    expect(unboundKeyText(['help'], { char: 'x' }, KEY_BINDINGS)).toBe('"x" does nothing here (Order screen: Reject item).');
  });

  it('fits the 80-column notice line for every key of the table on every screen', () => {
    const scopes = [...new Set(KEY_BINDINGS.map((b) => b.scope))];
    for (const scope of scopes) {
      for (const spec of KEY_BINDINGS.flatMap((b) => b.keys)) {
        expect(displayWidth(`ℹ ${unboundKeyText([scope], spec, KEY_BINDINGS)}`)).toBeLessThanOrEqual(80);
      }
    }
    expect(unboundKeyText(['overview'], { char: 'A' }, KEY_BINDINGS)).toBe('"A" does nothing here (Orders list: approve marked). ? lists the keys.');
  });

  it('reads a key press, and nothing from text read at once or an unknown sequence', () => {
    expect(pressedKey(':', plain)).toEqual({ char: ':' });
    expect(pressedKey(' ', plain)).toEqual({ special: 'space' });
    expect(pressedKey('', { ...(plain as object), tab: true, shift: true } as never)).toEqual({ special: 'shiftTab' });
    expect(pressedKey('x', { ...(plain as object), ctrl: true } as never)).toEqual({ ctrl: 'x' });
    expect(pressedKey('pending', plain)).toBeNull();
    expect(pressedKey('', plain)).toBeNull();
  });
});

describe('every key answers', () => {
  it('says why : does nothing on the overview, and why Enter does nothing in the activity log', async () => {
    const view = renderConsole({ baseUrl: sandbox.url, columns: 100, rows: 30 });
    views.push(view);
    await view.waitFor('#N1025');
    await view.press('o', 'overview');
    await view.press(':', '":" does nothing here (Orders list: Command line). ? lists the keys.');
    await view.press(KEY.escape, 'Filters:');
    await view.press('L', 'Activity log');
    await view.press(KEY.enter, '"Enter" does nothing here (Orders list: Open order)');
  });

  it('says nothing for keys typed into a text field', async () => {
    const view = renderConsole({ baseUrl: sandbox.url, columns: 100, rows: 30 });
    views.push(view);
    await view.waitFor('#N1025');
    await view.press('/', 'Find (order name or id)');
    await view.press('z', 'Find (order name or id): z');
    await sleep(100);
    expect(view.frame()).not.toContain('does nothing');
  });

  it('q quits from the profile picker', async () => {
    const view = renderOnTerminal({ baseUrl: sandbox.url, columns: 80, rows: 24 });
    views.push(view);
    const until = performance.now() + 10_000;
    while (!view.frame().join('\n').includes('#N1025') && performance.now() < until) await sleep(20);
    view.type('P');
    while (!view.frame().join('\n').includes('Switch shop') && performance.now() < until) await sleep(20);
    expect(view.frame().join('\n')).toContain('q quit');
    await pauseForDeliberateKey();
    view.type('q');
    await expect(Promise.race([view.exited.then(() => 'quit'), sleep(5000).then(() => 'still open')])).resolves.toBe('quit');
  });

  it('a decision that moves the cursor marks the decided item for a moment', async () => {
    const view = renderConsole({ baseUrl: sandbox.url, columns: 100, rows: 30, filters: { ids: [1014] } });
    views.push(view);
    await view.waitFor('#N1014');
    await view.press(KEY.enter, 'Jacket 14');
    await view.press('a');
    // The cursor is on the next item; the approved one is marked, then the mark goes.
    await view.waitUntil((f) => /^✓ refund +Jacket 14 .*→ approve/m.test(f) && /^▸ exchange +Boots 14/m.test(f), 'the decided item marked, the cursor on the next');
    await view.waitUntil((f) => /^ {2}refund +Jacket 14 .*→ approve/m.test(f), 'the mark gone', 5000);
  });
});
