/**
 * The console's flags: the list filters of `returns-console list` as initial filters
 * (checked with the interface's rules, so a bad one stops before anything starts), and the
 * console's own switches. Pure.
 */
import {
  checkDateRange,
  parseDateParam,
  parseIds,
  parseLimit,
  parseOrderNames,
  parseStatuses,
  type ListFilters,
  type ParseResult,
} from '../../../api/list-params.js';
import { booleanFlag, stringFlag } from '../../command-runner.js';
import { paramErrorToCli } from '../../errors-output.js';
import { EXIT_CODES_NOTE, usage, type CommandSpec, type ParsedArgs } from '../../flags.js';

export const CONSOLE_SPEC: CommandSpec = {
  name: 'console',
  summary: 'Open the console: a keyboard-driven list of return orders, order review and receiving (the default command).',
  flags: [
    { name: 'sandbox', type: 'boolean', description: 'Use the built-in sandbox with demo data (the default when no base URL and key are configured)' },
    { name: 'read-only', type: 'boolean', description: 'Disable every key that changes data (pressing one says why)' },
    { name: 'screen-reader', type: 'boolean', description: "Ink's screen-reader mode (also INK_SCREEN_READER=true)" },
    { name: 'status', type: 'string', valueName: 'LIST', description: 'Initial filter: statuses, comma-separated, e.g. pending,reviewed' },
    { name: 'from', type: 'string', valueName: 'ISO', description: 'Initial filter: submitted at or after, e.g. 2026-11-01T00:00:00Z' },
    { name: 'to', type: 'string', valueName: 'ISO', description: 'Initial filter: submitted at or before (inclusive)' },
    { name: 'ids', type: 'string', valueName: 'LIST', description: 'Initial filter: return order ids, comma-separated' },
    { name: 'order-names', type: 'string', valueName: 'LIST', description: 'Initial filter: order names, comma-separated, exact match' },
    { name: 'limit', type: 'string', valueName: 'N', description: 'Page size, 1 to 100 (default 50)' },
  ],
  notes: [
    [
      'With no base URL and no API key configured (flags, environment, config file), the console',
      'starts the sandbox on 127.0.0.1 with persistent demo data and shows a "SANDBOX · demo data"',
      'badge. Keys: press ? in the console, or see docs/keybindings.md.',
    ].join('\n'),
    EXIT_CODES_NOTE,
  ],
  examples: ['returns-console', 'returns-console --status pending --limit 100', 'returns-console --profile north --read-only'],
};

export interface ConsoleArgs {
  readonly filters: ListFilters;
  readonly limit: number;
  readonly isSandbox: boolean;
  readonly isReadOnly: boolean;
  readonly isScreenReader: boolean;
  readonly isNoColor: boolean;
}

function take<T>(result: ParseResult<T>, flag: string): T {
  if (!result.ok) throw paramErrorToCli(result.error, flag);
  return result.value;
}

/** Checks the console's flags; throws a CliError (exit 2) naming the flag and the rule. */
export function parseConsoleArgs(args: ParsedArgs, env: Readonly<Record<string, string | undefined>>): ConsoleArgs {
  if (args.positionals.length > 0) {
    throw usage(CONSOLE_SPEC, `unexpected argument ${JSON.stringify(args.positionals[0])}; commands come first (returns-console --help lists them)`);
  }
  const isSandbox = booleanFlag(args, 'sandbox');
  if (isSandbox && stringFlag(args, 'base-url') !== undefined) {
    throw usage(CONSOLE_SPEC, 'choose either --sandbox or --base-url', 'sandbox');
  }
  const status = stringFlag(args, 'status');
  const from = stringFlag(args, 'from');
  const to = stringFlag(args, 'to');
  const ids = stringFlag(args, 'ids');
  const names = stringFlag(args, 'order-names');
  // The interface's order of checks (D7): limit, dates, range, statuses, ids, order names.
  const limit = take(parseLimit(stringFlag(args, 'limit')), '--limit');
  const min = from === undefined ? undefined : take(parseDateParam(from, 'submitted_at_min'), '--from');
  const max = to === undefined ? undefined : take(parseDateParam(to, 'submitted_at_max'), '--to');
  const rangeError = checkDateRange(min, max);
  if (rangeError) throw paramErrorToCli(rangeError, '--from/--to');
  const filters: ListFilters = {
    ...(status !== undefined && { statuses: take(parseStatuses(status), '--status') }),
    ...(from !== undefined && { submittedAtMin: from }),
    ...(to !== undefined && { submittedAtMax: to }),
    ...(ids !== undefined && { ids: take(parseIds(ids), '--ids') }),
    ...(names !== undefined && { orderNames: take(parseOrderNames(names), '--order-names') }),
  };
  return {
    filters,
    limit,
    isSandbox,
    isReadOnly: booleanFlag(args, 'read-only'),
    isScreenReader: booleanFlag(args, 'screen-reader') || env.INK_SCREEN_READER === 'true',
    isNoColor: booleanFlag(args, 'no-color'),
  };
}
