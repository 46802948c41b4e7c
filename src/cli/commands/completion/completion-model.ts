/**
 * What the completion scripts complete, gathered from the tables that parse the flags and
 * write `--help`: the command table, each command's CommandSpec (plus the global flags),
 * with its subcommands (`sandbox keys create`), and the interface's statuses. Profile and view
 * names are not here: the scripts ask `returns-console completion --profiles` (`--views`) at
 * completion time, so a profile or view added to the config file completes at once.
 */
import { RETURN_ORDER_STATUSES } from '../../../api/schemas.js';
import { COMMAND_NAMES, COMMANDS } from '../../command-table.js';
import { allFlagsOf, lastWord, type CommandSpec, type FlagSpec } from '../../flags.js';
import { CONFIG_NAME_FLAGS, type ConfigNames } from './completion-spec.js';

/** How a flag's value completes. */
export type ValueKind =
  | { readonly kind: 'none' }
  | { readonly kind: 'files' }
  /** Names of the config file (`section`), asked of `returns-console completion --<section>` at completion time. */
  | { readonly kind: 'config-names'; readonly section: ConfigNames }
  /** Fixed words; `isList`: a comma-separated list of them (e.g. --status pending,reviewed). */
  | { readonly kind: 'words'; readonly words: readonly string[]; readonly isList: boolean };

export interface CompletionFlag {
  /** Long name without dashes. */
  readonly name: string;
  readonly short?: string;
  readonly description: string;
  /** Absent: a switch that takes no value. */
  readonly value?: ValueKind;
}

export interface CompletionCommand {
  /** Words after `returns-console`, e.g. ['sandbox', 'keys', 'create']. */
  readonly path: readonly string[];
  readonly summary: string;
  readonly flags: readonly CompletionFlag[];
  /** Words completed as the next argument (subcommands, shells), each with its summary. */
  readonly words: readonly { readonly word: string; readonly summary: string }[];
}

export interface CompletionModel {
  readonly commands: readonly CompletionCommand[];
  /** Flags without a command (the console's, `--help`, `--version`). */
  readonly topFlags: readonly CompletionFlag[];
}

/** Shells with a completion script. */
export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

/** The value completion of one of our flags, from its choices, name and placeholder. */
function valueOf(flag: FlagSpec): ValueKind | undefined {
  if (flag.type === 'boolean') return undefined;
  if (flag.choices) return { kind: 'words', words: flag.choices, isList: false };
  if (flag.name === 'status') return { kind: 'words', words: RETURN_ORDER_STATUSES, isList: true };
  if (Object.hasOwn(CONFIG_NAME_FLAGS, flag.name)) return { kind: 'config-names', section: CONFIG_NAME_FLAGS[flag.name as keyof typeof CONFIG_NAME_FLAGS] };
  if (flag.valueName === 'FILE' || flag.valueName === 'PATH') return { kind: 'files' };
  return { kind: 'none' };
}

function fromSpec(flags: readonly FlagSpec[]): CompletionFlag[] {
  return flags.map((f) => {
    const value = valueOf(f);
    return { name: f.name, ...(f.short && { short: f.short }), description: f.description, ...(value && { value }) };
  });
}

/** A command and every subcommand below it (`sandbox`, `sandbox keys`, `sandbox keys create`, …). */
function commandTree(spec: CommandSpec, summary: string): CompletionCommand[] {
  const subcommands = spec.subcommands ?? [];
  const words = spec.name === 'completion' ? SHELLS.map((word) => ({ word, summary: `${word} completion script` })) : subcommands.map((sub) => ({ word: lastWord(sub), summary: sub.summary }));
  const command = { path: spec.name.split(' '), summary, flags: fromSpec(allFlagsOf(spec)), words };
  return [command, ...subcommands.flatMap((sub) => commandTree(sub, sub.summary))];
}


/** Builds the model from the tables. */
export async function buildCompletionModel(): Promise<CompletionModel> {
  const commands: CompletionCommand[] = [];
  let consoleFlags: readonly CompletionFlag[] = [];
  for (const name of COMMAND_NAMES) {
    const tree = commandTree(await COMMANDS[name].spec(), COMMANDS[name].summary);
    commands.push(...tree);
    if (name === 'console') consoleFlags = tree[0]!.flags;
  }
  const topFlags = [...consoleFlags, { name: 'version', short: 'V', description: 'Print the version' }];
  return { commands, topFlags };
}
