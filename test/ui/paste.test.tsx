/**
 * Pasted text (the terminal's bracketed paste: ESC [200~ … ESC [201~) is typed into the field
 * that has the keyboard as one line, and anywhere else is not typed at all: a pasted
 * paragraph never runs as commands, and a paste followed by Enter is not taken for a scan.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pastedText } from '../../src/ui/keys/pasted-text.js';
import { DISPLAY_MAX_CHARS } from '../../src/format/sanitize.js';
import { makeFixture } from '../helpers/fixture.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { renderOrder } from './order/render-order.js';
import { renderConsole } from './render-console.js';

const paste = (text: string) => `\u001b[200~${text}\u001b[201~`;

describe('pastedText', () => {
  it('makes one line: breaks and tabs joined by a space, ends trimmed', () => {
    expect(pastedText('  Worn and\r\ntorn,\tsee photo \n')).toEqual({ text: 'Worn and torn, see photo', isJoined: true, isCut: false });
    expect(pastedText('#N1014\n')).toEqual({ text: '#N1014', isJoined: false, isCut: false });
  });

  it('drops control characters, escape introducers, bidi controls, invisible spacing and lone surrogates; keeps emoji', () => {
    expect(pastedText('a\u0003b\u001b[31mc\u009bd\u202ee\u200bf\ud800g 👍').text).toBe('ab[31mcdefg 👍');
  });

  it('is cut to as much as a field of the service is shown', () => {
    const long = pastedText('x'.repeat(DISPLAY_MAX_CHARS + 10));
    expect(long.isCut).toBe(true);
    expect(long.text).toHaveLength(DISPLAY_MAX_CHARS);
  });
});

// makeFixture(84): north order 1000 + i is pending when i % 14 == 0.
let sandbox: TestSandbox;
const views: { cleanup: () => Promise<void> }[] = [];
const track = <T extends { cleanup: () => Promise<void> }>(view: T) => (views.push(view), view);

beforeAll(async () => {
  sandbox = await startTestSandbox({ fixture: makeFixture(84) });
});
afterAll(() => sandbox.close());
afterEach(async () => {
  for (const view of views.splice(0)) await view.cleanup();
});

describe('a paste in the console', () => {
  it('goes into the reject reason as one line, and the Enter right after it submits the reason', async () => {
    const view = track(renderOrder({ baseUrl: sandbox.url, orderId: 1014 }));
    await view.waitFor('Jacket 14');
    await view.press('x', 'reason?');
    // The paste and the Enter arrive together, as fast as a scanner's text and its Enter.
    await view.press(`${paste('Worn and\ntorn; q quits?')}\r`, 'reject reason: Worn and torn; q quits?');
    expect(view.frame()).toContain('Pasted lines were joined into one line.');
    expect(view.onBack).not.toHaveBeenCalled();
  });

  it('is not typed where keys are commands: nothing is decided', async () => {
    const view = track(renderOrder({ baseUrl: sandbox.url, orderId: 1028 }));
    await view.waitFor('Jacket 28');
    await view.press(paste('aaxe\r'));
    await view.press('j');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(view.frame()).not.toMatch(/→ (approve|reject|keep)|reason\?/);
  });

  it('on the list says where pasting works, and neither quits nor opens anything', async () => {
    const view = track(renderConsole({ baseUrl: sandbox.url, columns: 100 }));
    await view.waitFor('#N1081');
    await view.press(paste('rq receive and quit\n'));
    await view.waitFor('Paste not typed: keys are commands here (list: / find, : command).');
    await view.press('/');
    await view.waitFor('Enter find');
    // Typed, then pasted at once: the typed characters come first.
    await view.press(`#N${paste(' 1014 \n')}`);
    await view.waitFor('Find (order name or id): #N1014');
  });
});
