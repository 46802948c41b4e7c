/**
 * The config file's top-level `keybindings` (lazygit's form, see docs/keybindings.md): its
 * shape, and every unknown scope, action or key name and every conflict reported as a
 * problem of the config file (so the console does not start: exit 2, each problem named).
 */
import * as z from '../../api/zod.js';
import type { KeyTable } from '../../ui/keys/match.js';
import { resolveUserKeyTable, type KeybindingsConfig, type KeyOverride } from '../../ui/keys/user-bindings.js';
import { configError } from '../cli-error.js';

const keys = z.union([z.string(), z.array(z.string())], { error: 'must be a key name, a list of key names, or "<disabled>"' });

/** `{"<scope>": {"<action>": "<key>" | ["<key>", …] | "<disabled>"}}`, checked against the key table. */
export const keybindingsSchema = z.record(z.string(), z.record(z.string(), keys)).check(
  z.superRefine((config, ctx) => {
    const resolved = resolveUserKeyTable(config as KeybindingsConfig);
    if (resolved.ok) return;
    for (const problem of resolved.problems) ctx.addIssue({ code: 'custom', path: [...problem.path], message: problem.message });
  }),
);

/** The key table the console uses and what the config changed; a configuration error (exit 2) naming every problem. */
export function effectiveKeyTable(config: KeybindingsConfig | undefined): { readonly table: KeyTable; readonly overrides: readonly KeyOverride[] } {
  const resolved = resolveUserKeyTable(config);
  if (resolved.ok) return { table: resolved.table, overrides: resolved.overrides };
  const lines = resolved.problems.map((p) => `  ${['keybindings', ...p.path].join('.')}: ${p.message}`);
  throw configError(`keybindings in the config file are invalid:\n${lines.join('\n')}`, 'keybindings', 'See docs/keybindings.md for the scope, action and key names.');
}
