import { readFileSync } from 'node:fs';
import type { Key } from 'ink';
import { describe, expect, it } from 'vitest';
import { renderKeybindingsMarkdown } from '../../src/ui/keys/binding-docs.js';
import { KEY_BINDINGS, type KeyBinding } from '../../src/ui/keys/bindings.js';
import { hintBindings, matchAction, readOnlyReason } from '../../src/ui/keys/match.js';
import { findBindingConflicts } from '../../src/ui/keys/user-bindings.js';

const NO_KEY: Key = {
  upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, pageDown: false, pageUp: false,
  home: false, end: false, return: false, escape: false, ctrl: false, shift: false, tab: false,
  backspace: false, delete: false, meta: false, super: false, hyper: false, capsLock: false, numLock: false,
};
const key = (k: Partial<Key>): Key => ({ ...NO_KEY, ...k });

describe('the binding table', () => {
  it('has no two bindings of one scope on the same key', () => {
    expect(findBindingConflicts(KEY_BINDINGS)).toEqual([]);
  });

  it('detects a conflict when there is one', () => {
    const a: KeyBinding = { action: 'open', scope: 'list', keys: [{ char: 'x' }], label: 'x', description: 'a', isMutating: false };
    const b: KeyBinding = { action: 'mark', scope: 'list', keys: [{ special: 'space' }, { char: 'x' }], label: 'x', description: 'b', isMutating: false };
    const c: KeyBinding = { action: 'find', scope: 'list', keys: [{ char: ' ' }], label: ' ', description: 'c', isMutating: false };
    expect(findBindingConflicts([a, b, c]).map((p) => `${p.path.join('.')}: ${p.message}`)).toEqual([
      'list: "x" is bound to both open and mark',
      'list: "<space>" is bound to both mark and find',
    ]);
  });

  it('docs/keybindings.md is generated from the table and up to date', () => {
    const doc = readFileSync('docs/keybindings.md', 'utf8');
    expect(doc, 'docs/keybindings.md is stale: run "npx tsx scripts/gen-keybindings.ts"').toBe(renderKeybindingsMarkdown());
    for (const b of KEY_BINDINGS) expect(doc).toContain(b.description.replaceAll('|', '\\|'));
  });
});

describe('matching keys to actions', () => {
  it('maps characters and special keys through the table', () => {
    expect(matchAction('list', 'j', key({}))).toBe('move-down');
    expect(matchAction('list', '', key({ downArrow: true }))).toBe('move-down');
    expect(matchAction('list', ' ', key({}))).toBe('mark');
    expect(matchAction('list', 'G', key({ shift: true }))).toBe('jump-bottom');
    expect(matchAction('list', '', key({ return: true }))).toBe('open');
    expect(matchAction('filter', '', key({ tab: true, shift: true }))).toBe('prev-field');
    expect(matchAction('filter', '', key({ tab: true }))).toBe('next-field');
  });

  it('applies global bindings outside prompts only', () => {
    expect(matchAction('list', 'q', key({}))).toBe('quit');
    expect(matchAction('order', '?', key({}))).toBe('help');
    expect(matchAction('find', 'q', key({}))).toBeUndefined();
    expect(matchAction('filter', '?', key({}))).toBeUndefined();
    expect(matchAction('reason', 'L', key({}))).toBeUndefined();
  });

  it("a scope's own binding wins over a global one", () => {
    expect(matchAction('help', 'q', key({}))).toBe('back');
  });

  it('Ctrl or Alt with a letter is not the letter', () => {
    expect(matchAction('list', 'n', key({ ctrl: true }))).toBeUndefined();
    expect(matchAction('list', 'n', key({ meta: true }))).toBeUndefined();
  });

  it('footer hints: the scope first, then the global ones outside prompts', () => {
    const list = hintBindings('list').map((b) => `${b.scope}:${b.action}`);
    expect(list.at(-1)).toBe('global:quit');
    expect(list[0]).toBe('list:open');
    expect(hintBindings('find').every((b) => b.scope === 'find')).toBe(true);
  });

  it('footers agree with the help: a global key the scope takes is not offered as the global action', () => {
    // In the help overlay and the activity log q closes, so the footer says so and not "q quit".
    for (const scope of ['help', 'log'] as const) {
      const hints = hintBindings(scope).map((b) => `${b.label} ${b.hint}`);
      expect(hints).toContain('Esc/q close');
      expect(hints).not.toContain('q quit');
      expect(matchAction(scope, 'q', key({}))).toBe('back');
    }
    expect(hintBindings('help').map((b) => b.label)).not.toContain('?');
    expect(hintBindings('list').map((b) => b.label)).toContain('q');
  });

  it('the list has keys to mark a page, a range and to clear every mark', () => {
    expect(matchAction('list', '*', key({}))).toBe('mark-page');
    expect(matchAction('list', 'V', key({}))).toBe('mark-range');
    expect(matchAction('list', 'U', key({}))).toBe('clear-marks');
    expect(renderKeybindingsMarkdown()).toContain('Mark every order on the page');
  });

  it('says why a mutating key does nothing in read-only mode', () => {
    const receive = KEY_BINDINGS.find((b) => b.scope === 'list' && b.action === 'receive')!;
    expect(readOnlyReason(receive)).toContain('--read-only');
  });
});

describe('bursts of keys read together', () => {
  it('splits plain text into single key presses, Enter and Tab included', async () => {
    const { splitBurst } = await import('../../src/ui/keys/split-burst.js');
    const presses = splitBurst('jG\r\t\u007f', key({}));
    expect(presses.map(([input]) => input)).toEqual(['j', 'G', '', '', '']);
    expect(presses[1]![1].shift).toBe(true);
    expect(presses[2]![1].return).toBe(true);
    expect(presses[3]![1].tab).toBe(true);
    expect(presses[4]![1].delete).toBe(true);
    expect(splitBurst('😀x', key({})).map(([input]) => input)).toEqual(['😀', 'x']);
  });

  it('leaves single keys and escape sequences as Ink reported them', async () => {
    const { splitBurst } = await import('../../src/ui/keys/split-burst.js');
    expect(splitBurst('j', key({}))).toEqual([['j', key({})]]);
    expect(splitBurst('', key({ upArrow: true }))).toEqual([['', key({ upArrow: true })]]);
  });
});
