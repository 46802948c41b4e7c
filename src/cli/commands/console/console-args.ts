/**
 * The console's flags: the list filters of `returns-console list` as initial filters
 * (checked with the interface's rules, so a bad one stops before anything starts), and the
 * console's own switches. Pure.
 */
import type { ListFilters } from '../../../api/list-params.js';
import { booleanFlag } from '../../command-runner.js';
import { filterFlagSpecs, parseFilterFlags } from '../../filter-flags.js';
import { EXIT_CODES_NOTE, usage, type CommandSpec, type ParsedArgs } from '../../flags.js';
import { VIEW_FLAG } from '../../view-flag.js';

export const CONSOLE_SPEC: CommandSpec = {
  name: 'console',
  summary: 'Open the console: a keyboard-driven list of return orders, order review and receiving (the default command).',
  flags: [
    { name: 'sandbox', type: 'boolean', description: 'Use the built-in sandbox with demo data (the default when no base URL and key are configured)' },
    { name: 'read-only', type: 'boolean', description: 'Disable every key that changes data (pressing one says why)' },
    { name: 'screen-reader', type: 'boolean', description: "Ink's screen-reader mode (also INK_SCREEN_READER=true)" },
    ...filterFlagSpecs('Initial filter: '),
    VIEW_FLAG,
  ],
  notes: [
    [
      'With no base URL and no API key configured (flags, environment, config file), the console',
      'starts the sandbox on 127.0.0.1 with persistent demo data and shows a "SANDBOX · demo data"',
      'badge. Keys: press ? in the console, or see docs/keybindings.md.',
    ].join('\n'),
    EXIT_CODES_NOTE,
  ],
  examples: ['returns-console', 'returns-console --status pending --limit 100', 'returns-console --view today', 'returns-console --profile north --read-only'],
};

export interface ConsoleArgs {
  readonly filters: ListFilters;
  readonly limit: number;
  readonly isSandbox: boolean;
  readonly isReadOnly: boolean;
  readonly isScreenReader: boolean;
  readonly isNoColor: boolean;
}

/** Checks the console's flags; throws a CliError (exit 2) naming the flag and the rule. */
export function parseConsoleArgs(args: ParsedArgs, env: Readonly<Record<string, string | undefined>>, nowMs: number): ConsoleArgs {
  if (args.positionals.length > 0) {
    throw usage(CONSOLE_SPEC, `unexpected argument ${JSON.stringify(args.positionals[0])}; commands come first (returns-console --help lists them)`);
  }
  // --sandbox with --base-url is refused by the command runner, as for every command.
  const isSandbox = booleanFlag(args, 'sandbox');
  const { filters, limit } = parseFilterFlags(args, { nowMs, timeZone: env.TZ || undefined });
  return {
    filters,
    limit,
    isSandbox,
    isReadOnly: booleanFlag(args, 'read-only'),
    isScreenReader: booleanFlag(args, 'screen-reader') || env.INK_SCREEN_READER === 'true',
    isNoColor: booleanFlag(args, 'no-color'),
  };
}
