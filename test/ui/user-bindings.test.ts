/**
 * The config file's keybindings as pure functions: key names, overrides replacing an
 * action's keys, and every problem (unknown scope, action or key; each kind of conflict)
 * named with its scope, key and both actions.
 */
import { readFileSync } from 'node:fs';
import type { Key } from 'ink';
import { describe, expect, it } from 'vitest';
import { parseConfigDocument } from '../../src/cli/config/schema.js';
import { keyName } from '../../src/ui/keys/binding-docs.js';
import { KEY_BINDINGS } from '../../src/ui/keys/bindings.js';
import { configKeyName, parseKeyName } from '../../src/ui/keys/key-names.js';
import { actionLabel, hintBindings, matchAction, moveOnlyCharTest } from '../../src/ui/keys/match.js';
import { resolveUserKeyTable, type KeybindingsConfig } from '../../src/ui/keys/user-bindings.js';

const NO_KEY: Key = {
  upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, pageDown: false, pageUp: false,
  home: false, end: false, return: false, escape: false, ctrl: false, shift: false, tab: false,
  backspace: false, delete: false, meta: false, super: false, hyper: false, capsLock: false, numLock: false,
};
const key = (k: Partial<Key>): Key => ({ ...NO_KEY, ...k });

/** The problems of a keybindings config as "path: message" lines. */
function problemsOf(config: KeybindingsConfig): string[] {
  const resolved = resolveUserKeyTable(config);
  return resolved.ok ? [] : resolved.problems.map((p) => `${p.path.join('.')}: ${p.message}`);
}

function tableOf(config: KeybindingsConfig) {
  const resolved = resolveUserKeyTable(config);
  if (!resolved.ok) throw new Error(resolved.problems.map((p) => p.message).join('\n'));
  return resolved.table;
}

describe('key names', () => {
  it('reads every named key, Ctrl+letters and single characters, and writes them back', () => {
    const names = ['<enter>', '<esc>', '<tab>', '<s-tab>', '<space>', '<up>', '<down>', '<left>', '<right>', '<pgup>', '<pgdown>', '<home>', '<end>', '<backspace>', '<delete>', '<c-x>', 'j', 'G', ':', '<'];
    for (const name of names) {
      const parsed = parseKeyName(name);
      expect(parsed.ok, name).toBe(true);
      if (parsed.ok) expect(configKeyName(parsed.spec)).toBe(name);
    }
    expect(parseKeyName('<C-N>')).toEqual({ ok: true, spec: { ctrl: 'n' } });
    expect(parseKeyName(' ')).toEqual({ ok: true, spec: { special: 'space' } });
  });

  it('refuses names that are not keys, and Ctrl+letters a terminal cannot tell apart', () => {
    for (const bad of ['', 'gg', '<enterr>', '<c-1>', '\u0007', 'ctrl+n']) {
      const parsed = parseKeyName(bad);
      expect(parsed.ok, JSON.stringify(bad)).toBe(false);
      if (!parsed.ok) expect(parsed.message).toContain('is not a key name');
    }
    expect(parseKeyName('<c-c>')).toEqual({ ok: false, message: '"<c-c>" cannot be bound: Ctrl+C always quits' });
    expect(parseKeyName('<c-m>')).toMatchObject({ ok: false, message: expect.stringContaining('as Enter') });
    expect(parseKeyName('<c-i>')).toMatchObject({ ok: false, message: expect.stringContaining('as Tab') });
  });

  it('matches Ctrl+letter as Ink reports it, and not the plain letter', () => {
    const table = tableOf({ list: { 'move-down': ['<c-n>', '<down>'] } });
    expect(matchAction('list', 'n', key({ ctrl: true }), table)).toBe('move-down');
    expect(matchAction('list', 'n', key({}), table)).toBe('next-page');
    expect(keyName({ ctrl: 'n' })).toBe('Ctrl+N');
  });
});

describe('applying keybindings', () => {
  it('a binding replaces the action’s keys in that scope only; its old key does nothing there', () => {
    const table = tableOf({ list: { 'move-down': '<c-n>', 'move-up': ['<c-p>', '<up>'] } });
    expect(matchAction('list', 'n', key({ ctrl: true }), table)).toBe('move-down');
    expect(matchAction('list', 'j', key({}), table)).toBeUndefined();
    expect(matchAction('list', '', key({ downArrow: true }), table)).toBeUndefined();
    expect(matchAction('list', '', key({ upArrow: true }), table)).toBe('move-up');
    // Other scopes keep their keys.
    expect(matchAction('order', 'j', key({}), table)).toBe('move-down');
    // The built-in table is left as it was.
    expect(matchAction('list', 'j', key({}))).toBe('move-down');
  });

  it('labels a changed binding from its keys, for the footer and the help', () => {
    const table = tableOf({ list: { receive: 'z', find: ['<c-f>', '/', '<tab>'] } });
    const hints = hintBindings('list', table);
    expect(hints.find((b) => b.action === 'receive')?.label).toBe('z');
    expect(hints.find((b) => b.action === 'find')?.label).toBe('Ctrl+F//');
    expect(table.find((b) => b.scope === 'list' && b.action === 'receive')?.isMutating).toBe(true);
  });

  it('<disabled> leaves an action without keys: it is out of the footer and nothing selects it', () => {
    const table = tableOf({ global: { 'activity-log': '<disabled>', quit: '<disabled>' } });
    expect(matchAction('list', 'L', key({}), table)).toBeUndefined();
    expect(hintBindings('list', table).map((b) => b.action)).not.toContain('quit');
    // Messages that name its key say it has none, by the action's name ("press  to mark" before).
    const scanOff = tableOf({ list: { 'scan-mode': '<disabled>' } });
    expect(String(actionLabel('list', 'scan-mode', scanOff))).toBe('(no key for scan-mode)');
    expect(String(actionLabel('list', 'find', scanOff))).toBe('/');
  });

  it('the characters that only move follow the table (a scan is not held back by them)', () => {
    const down = { 'move-down': ['<down>', 'J'] };
    const table = tableOf({ list: down, order: down, help: down, log: down, bulk: down, overview: down, profiles: down });
    expect(moveOnlyCharTest(table)('J')).toBe(true);
    expect(moveOnlyCharTest(table)('j')).toBe(false);
    expect(moveOnlyCharTest(KEY_BINDINGS)('j')).toBe(true);
  });
});

describe('problems, each naming the scope, the key and both actions', () => {
  it('two actions of one scope on one key', () => {
    expect(problemsOf({ list: { mark: 'x', open: 'x' } })).toEqual(['list: "x" is bound to both open and mark']);
  });

  it('an action moved onto a key another action of the scope keeps by default', () => {
    expect(problemsOf({ list: { receive: 'R' } })).toEqual(['list: "R" is bound to both refresh and receive']);
    expect(problemsOf({ order: { approve: '<esc>' } })).toEqual(['order: "<esc>" is bound to both back and approve']);
  });

  it('a scope key on a global key the scope does not take for itself', () => {
    expect(problemsOf({ list: { mark: 'q' } })).toEqual(['list: "q" is bound to both mark and quit (global)']);
  });

  it('a global key moved onto a key a scope uses, in every scope that hears global keys', () => {
    expect(problemsOf({ global: { help: 'j' } })).toEqual([
      'list: "j" is bound to both move-down and help (global)',
      'order: "j" is bound to both move-down and help (global)',
      'bulk: "j" is bound to both move-down and help (global)',
      'overview: "j" is bound to both move-down and help (global)',
      'log: "j" is bound to both move-down and help (global)',
      'help: "j" is bound to both move-down and help (global)',
    ]);
  });

  it('prompts do not hear global keys, so a global key there is no conflict', () => {
    expect(problemsOf({ global: { help: '<tab>' } })).toEqual([]);
    expect(problemsOf({ find: { apply: '<c-g>' }, global: { quit: '<c-g>' } })).toEqual([]);
  });

  it('the built-in scopes that take a global key on purpose stay allowed (q closes help)', () => {
    expect(problemsOf({ list: { mark: '<space>' } })).toEqual([]);
  });

  it('unknown scopes, actions and key names, with the closest names', () => {
    expect(problemsOf({ lst: { mark: 'x' } })).toEqual([
      'lst: unknown scope "lst"; scopes: global, list, filter, find, command, order, reason, confirm, bulk, scan, overview, profiles, log, help, help-find. Did you mean list?',
    ]);
    expect(problemsOf({ list: { approve: 'x' } })[0]).toMatch(/^list\.approve: unknown action "approve" in scope list; its actions: move-up, .*approve-all-marked/);
    expect(problemsOf({ list: { mark: '<spcae>' } })[0]).toMatch(/^list\.mark: "<spcae>" is not a key name; use a character as itself/);
  });

  it('empty lists, <disabled> among keys, and characters in text prompts', () => {
    expect(problemsOf({ list: { mark: [] } })).toEqual(['list.mark: give at least one key, or "<disabled>"']);
    expect(problemsOf({ list: { mark: ['x', '<disabled>'] } })).toEqual(['list.mark: "<disabled>" stands alone, without other keys']);
    expect(problemsOf({ find: { apply: 'x' } })).toEqual([
      'find.apply: "x" types text in the find scope; bind a named key (<enter>, <tab>, <up> …) or <c-x>',
    ]);
  });

  it('the config file reports them as fields of keybindings (exit 2 where it is loaded)', () => {
    const parsed = parseConfigDocument({ keybindings: { list: { mark: 'q', open: 'q' }, order: { reject: 7 } } });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.problems).toContain('keybindings.order.reject: must be a key name, a list of key names, or "<disabled>"');
    }
    const conflicts = parseConfigDocument({ keybindings: { list: { mark: 'q', open: 'q' } } });
    expect(conflicts.ok ? [] : conflicts.problems).toEqual([
      'keybindings.list: "q" is bound to both open and mark',
      'keybindings.list: "q" is bound to both open and quit (global)',
    ]);
  });

  it('the example in docs/keybindings.md is a valid configuration', () => {
    const doc = readFileSync('docs/keybindings.md', 'utf8');
    const json = /```json\n([\s\S]*?)```/.exec(doc)?.[1];
    expect(json).toBeDefined();
    expect(parseConfigDocument(JSON.parse(json!))).toMatchObject({ ok: true });
  });
});
