/**
 * The config file's `keybindings` (lazygit's form: `{"<scope>": {"<action>": "<key>" |
 * ["<key>", …] | "<disabled>"}}`) applied to the built-in key table. A binding replaces that
 * action's keys in that scope. Unknown scopes, actions and key names are problems, and so is
 * every key that would then select two actions in one scope, a global key included where the
 * scope does not take it for itself. Pure: the config schema reports the problems, the
 * console and `returns-console config` use the table.
 */
import { didYouMean } from '../../format/did-you-mean.js';
import { SCOPE_TITLES, keyName } from './binding-docs.js';
import { KEY_BINDINGS, type KeyAction, type KeyBinding, type KeyScope, type KeySpec } from './bindings.js';
import { configKeyName, DISABLED_KEY, isTypingKey, parseKeyName } from './key-names.js';
import { keyIdentity, PROMPT_SCOPES, TEXT_SCOPES, type KeyTable } from './match.js';

/** The `keybindings` object of the config file (shape already checked: strings or lists of strings). */
export type KeybindingsConfig = Readonly<Record<string, Readonly<Record<string, string | readonly string[]>>>>;

/** One problem, at a path under `keybindings` (e.g. ["list", "mark"]). */
export interface KeyBindingProblem {
  readonly path: readonly string[];
  readonly message: string;
}

/** A binding the config file changed. */
export interface KeyOverride {
  readonly scope: KeyScope;
  readonly action: KeyAction;
  /** Empty for `<disabled>`. */
  readonly keys: readonly KeySpec[];
}

export type UserKeyTableResult =
  | { readonly ok: true; readonly table: KeyTable; readonly overrides: readonly KeyOverride[] }
  | { readonly ok: false; readonly problems: readonly KeyBindingProblem[] };

const SCOPES: readonly KeyScope[] = SCOPE_TITLES.map(([scope]) => scope);

/** Keys shown in a label (the footer has little room): the first two. */
const LABEL_KEYS = 2;

/** The label of a changed binding, from its keys: "Ctrl+N/↓". */
function labelOf(keys: readonly KeySpec[]): string {
  return keys.slice(0, LABEL_KEYS).map(keyName).join('/');
}

/** Most keys one action may have: the footer and the help list them. */
export const MAX_KEYS_PER_ACTION = 8;

/** The keys a value stands for, or the problems with it. */
function parseKeys(value: string | readonly string[], scope: KeyScope): { readonly keys: KeySpec[]; readonly problems: string[] } {
  const names = typeof value === 'string' ? [value] : value;
  if (names.length === 0) return { keys: [], problems: [`give at least one key, or "${DISABLED_KEY}"`] };
  if (names.length > MAX_KEYS_PER_ACTION) return { keys: [], problems: [`give at most ${MAX_KEYS_PER_ACTION} keys (${names.length} given)`] };
  if (names.includes(DISABLED_KEY)) {
    return names.length === 1 ? { keys: [], problems: [] } : { keys: [], problems: [`"${DISABLED_KEY}" stands alone, without other keys`] };
  }
  const keys: KeySpec[] = [];
  const problems: string[] = [];
  for (const name of names) {
    const parsed = parseKeyName(name);
    if (!parsed.ok) problems.push(parsed.message);
    else if (TEXT_SCOPES.has(scope) && isTypingKey(parsed.spec)) {
      problems.push(`"${name}" types text in the ${scope} scope; bind a named key (<enter>, <tab>, <up> …) or <c-x>`);
    } else if (!keys.some((k) => keyIdentity(k) === keyIdentity(parsed.spec))) keys.push(parsed.spec);
  }
  return { keys, problems };
}

/** The config's bindings checked and parsed into overrides (problems for unknown names and bad keys). */
function readOverrides(config: KeybindingsConfig, base: KeyTable): { readonly overrides: KeyOverride[]; readonly problems: KeyBindingProblem[] } {
  const overrides: KeyOverride[] = [];
  const problems: KeyBindingProblem[] = [];
  for (const [scopeName, actions] of Object.entries(config)) {
    const scope = SCOPES.find((s) => s === scopeName);
    if (!scope) {
      problems.push({ path: [scopeName], message: `unknown scope "${scopeName}"; scopes: ${SCOPES.join(', ')}.${didYouMean(scopeName, SCOPES)}` });
      continue;
    }
    const known = base.filter((b) => b.scope === scope).map((b) => b.action);
    for (const [actionName, value] of Object.entries(actions)) {
      const action = known.find((a) => a === actionName);
      if (!action) {
        problems.push({
          path: [scope, actionName],
          message: `unknown action "${actionName}" in scope ${scope}; its actions: ${known.join(', ')}.${didYouMean(actionName, known)}`,
        });
        continue;
      }
      const parsed = parseKeys(value, scope);
      for (const message of parsed.problems) problems.push({ path: [scope, action], message });
      if (parsed.problems.length === 0) overrides.push({ scope, action, keys: parsed.keys });
    }
  }
  return { overrides, problems };
}

/** The table with the overrides applied (order kept, so hints and help keep their order). */
function applyOverrides(base: KeyTable, overrides: readonly KeyOverride[]): KeyTable {
  return base.map((b) => {
    const o = overrides.find((x) => x.scope === b.scope && x.action === b.action);
    return o ? { ...b, keys: o.keys, label: labelOf(o.keys) } : b;
  });
}

/**
 * Every key that selects two actions in one scope. Outside prompts a scope also hears the
 * global keys it does not bind itself; the built-in table lets a scope take a global key on
 * purpose (q closes help), so a clash with a global key counts when the config made it.
 */
export function findBindingConflicts(table: KeyTable, overrides: readonly KeyOverride[] = []): KeyBindingProblem[] {
  const isChanged = (b: KeyBinding) => overrides.some((o) => o.scope === b.scope && o.action === b.action);
  const problems: KeyBindingProblem[] = [];
  for (const scope of SCOPES) {
    const own = table.filter((b) => b.scope === scope);
    const seen = new Map<string, KeyBinding>();
    for (const b of own) {
      for (const k of b.keys) {
        const other = seen.get(keyIdentity(k));
        if (other && other !== b) {
          problems.push({ path: [scope], message: `"${configKeyName(k)}" is bound to both ${other.action} and ${b.action}` });
        } else seen.set(keyIdentity(k), b);
      }
    }
    if (scope === 'global' || PROMPT_SCOPES.has(scope)) continue;
    for (const g of table.filter((b) => b.scope === 'global')) {
      for (const k of g.keys) {
        const mine = seen.get(keyIdentity(k));
        if (mine && (isChanged(mine) || isChanged(g))) {
          problems.push({ path: [scope], message: `"${configKeyName(k)}" is bound to both ${mine.action} and ${g.action} (global)` });
        }
      }
    }
  }
  return problems;
}

/** The built-in table with the config file's `keybindings` applied, or every problem with them. */
export function resolveUserKeyTable(config: KeybindingsConfig | undefined, base: KeyTable = KEY_BINDINGS): UserKeyTableResult {
  if (!config) return { ok: true, table: base, overrides: [] };
  const { overrides, problems } = readOverrides(config, base);
  const table = applyOverrides(base, overrides);
  const all = [...problems, ...findBindingConflicts(table, overrides)];
  return all.length > 0 ? { ok: false, problems: all } : { ok: true, table, overrides };
}
