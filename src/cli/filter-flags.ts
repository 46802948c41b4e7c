/**
 * The list filters as flags (`--status --from --to --ids --order-names --limit`), shared by
 * `list` and the console (initial filters): one flag table and one checker with the
 * interface's own rules (src/api/list-params.ts), in D7's order, so a bad value is reported
 * at once, naming the flag, and nothing is sent. Pure.
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
} from '../api/list-params.js';
import { stringFlag } from './command-runner.js';
import { paramErrorToCli } from './errors-output.js';
import type { FlagSpec, ParsedArgs } from './flags.js';

/** The filter flags; `prefix` words the descriptions (e.g. "Initial filter: "). */
export function filterFlagSpecs(prefix = '', limitNote = 'default 50'): FlagSpec[] {
  const d = (text: string) => (prefix === '' ? text : prefix + text.charAt(0).toLowerCase() + text.slice(1));
  return [
    { name: 'status', type: 'string', valueName: 'LIST', description: d(`Statuses, comma-separated, e.g. pending,reviewed`) },
    { name: 'from', type: 'string', valueName: 'ISO', description: d(`Submitted at or after, e.g. 2026-11-01T00:00:00Z`) },
    { name: 'to', type: 'string', valueName: 'ISO', description: d(`Submitted at or before (inclusive)`) },
    { name: 'ids', type: 'string', valueName: 'LIST', description: d(`Return order ids, comma-separated, e.g. 1001,1002`) },
    { name: 'order-names', type: 'string', valueName: 'LIST', description: d(`Order names, comma-separated, exact match, e.g. "#N1001,#N1002"`) },
    { name: 'limit', type: 'string', valueName: 'N', description: `Page size, 1 to 100 (${limitNote})` },
  ];
}

function take<T>(result: ParseResult<T>, flag: string): T {
  if (!result.ok) throw paramErrorToCli(result.error, flag);
  return result.value;
}

/**
 * Checks the filter flags; throws a CliError (exit 2) naming the flag and the rule.
 * `defaultLimit` applies when --limit is absent.
 */
export function parseFilterFlags(args: ParsedArgs, defaultLimit?: number): { filters: ListFilters; limit: number } {
  const status = stringFlag(args, 'status');
  const from = stringFlag(args, 'from');
  const to = stringFlag(args, 'to');
  const ids = stringFlag(args, 'ids');
  const names = stringFlag(args, 'order-names');
  const limitRaw = stringFlag(args, 'limit');
  // The interface's order of checks (D7): limit, dates, range, statuses, ids, order names.
  const limit = limitRaw === undefined && defaultLimit !== undefined ? defaultLimit : take(parseLimit(limitRaw), '--limit');
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
  return { filters, limit };
}
