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
  type ListFilters,
  type ParseResult,
} from '../api/list-params.js';
import { parseDateInput, type DateBound, type DateInputContext } from '../format/date-input.js';
import { parseStatusList } from '../ops/filter-input.js';
import { stringFlag } from './command-runner.js';
import { paramErrorToCli } from './errors-output.js';
import type { FlagSpec, ParsedArgs } from './flags.js';

/** The filter flags; `prefix` words the descriptions (e.g. "Initial filter: "). */
export function filterFlagSpecs(prefix = '', limitNote = 'default 50'): FlagSpec[] {
  const d = (text: string) => (prefix === '' ? text : prefix + text.charAt(0).toLowerCase() + text.slice(1));
  return [
    { name: 'status', type: 'string', valueName: 'LIST', description: d(`Statuses, comma-separated, e.g. pending,reviewed`) },
    { name: 'from', type: 'string', valueName: 'WHEN', description: d(`Submitted at or after: 2026-11-01T09:00:00Z, 2026-11-01 (local midnight), today, yesterday, 12h, 7d, 2w (ago)`) },
    { name: 'to', type: 'string', valueName: 'WHEN', description: d(`Submitted at or before, inclusive; the same forms, a date or today/yesterday meaning the end of that day`) },
    { name: 'ids', type: 'string', valueName: 'LIST', description: d(`Return order ids, comma-separated, e.g. 1001,1002`) },
    { name: 'order-names', type: 'string', valueName: 'LIST', description: d(`Order names, comma-separated, exact match, e.g. "#N1001,#N1002"`) },
    { name: 'limit', type: 'string', valueName: 'N', description: `Page size, 1 to 100 (${limitNote})` },
  ];
}

function take<T>(result: ParseResult<T>, flag: string): T {
  if (!result.ok) throw paramErrorToCli(result.error, flag);
  return result.value;
}

const DATE_HINT = 'A date alone is local time: from its midnight for --from, to the end of that day for --to. 7d means 7 × 24 hours before now.';

/** A --from/--to value as the RFC 3339 date-time to send; a usage error naming the accepted forms. */
function dateFlag(raw: string, bound: DateBound, context: DateInputContext): string {
  const parsed = parseDateInput(raw, bound, context);
  if (parsed.ok) return parsed.value;
  const param = bound === 'from' ? 'submitted_at_min' : 'submitted_at_max';
  throw paramErrorToCli({ code: 'invalid_date_format', param, message: parsed.message }, `--${bound}`, DATE_HINT);
}

/**
 * Checks the filter flags; throws a CliError (exit 2) naming the flag and the rule.
 * `defaultLimit` applies when --limit is absent; `dates` is the clock and zone that
 * `today`, `7d` or a bare date are read with.
 */
export function parseFilterFlags(args: ParsedArgs, dates: DateInputContext, defaultLimit?: number): { filters: ListFilters; limit: number } {
  const status = stringFlag(args, 'status');
  const from = stringFlag(args, 'from');
  const to = stringFlag(args, 'to');
  const ids = stringFlag(args, 'ids');
  const names = stringFlag(args, 'order-names');
  const limitRaw = stringFlag(args, 'limit');
  // The interface's order of checks (D7): limit, dates, range, statuses, ids, order names.
  const limit = limitRaw === undefined && defaultLimit !== undefined ? defaultLimit : take(parseLimit(limitRaw), '--limit');
  const fromValue = from === undefined ? undefined : dateFlag(from, 'from', dates);
  const toValue = to === undefined ? undefined : dateFlag(to, 'to', dates);
  const min = fromValue === undefined ? undefined : take(parseDateParam(fromValue, 'submitted_at_min'), '--from');
  const max = toValue === undefined ? undefined : take(parseDateParam(toValue, 'submitted_at_max'), '--to');
  const rangeError = checkDateRange(min, max);
  if (rangeError) throw paramErrorToCli({ ...rangeError, message: `${rangeError.message} (from ${fromValue}, to ${toValue})` }, '--from/--to');
  const filters: ListFilters = {
    ...(status !== undefined && { statuses: take(parseStatusList(status), '--status') }),
    ...(fromValue !== undefined && { submittedAtMin: fromValue }),
    ...(toValue !== undefined && { submittedAtMax: toValue }),
    ...(ids !== undefined && { ids: take(parseIds(ids), '--ids') }),
    ...(names !== undefined && { orderNames: take(parseOrderNames(names), '--order-names') }),
  };
  return { filters, limit };
}
