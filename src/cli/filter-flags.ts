/**
 * The list filters as flags (`--status --from --to --ids --order-names --limit`), shared by
 * `list` and the console (initial filters): one flag table, read by the one list-query reader
 * (src/ops/list-query.ts), so a bad value is reported at once, naming the flag, and nothing is
 * sent. Pure.
 */
import type { ListFilters } from '../api/list-params.js';
import { DEFAULT_PAGE_SIZE } from '../api/schemas.js';
import type { DateInputContext } from '../format/date-input.js';
import { readListQuery, type ListQueryField, type ListQueryText } from '../ops/list-query.js';
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
    { name: 'order-names', type: 'string', valueName: 'LIST', description: d(`Order names, comma-separated, exact match, with or without # (AO1711 also finds #AO1711), e.g. "#N1001,#N1002"`) },
    { name: 'limit', type: 'string', valueName: 'N', description: `Page size, 1 to 100 (${limitNote})` },
  ];
}

const DATE_HINT = 'A date alone is local time: from its midnight for --from, to the end of that day for --to. 7d means 7 × 24 hours before now.';

/** The flag each field of the list query is given with. */
const FLAG_OF: Record<ListQueryField, string> = { limit: '--limit', from: '--from', to: '--to', statuses: '--status', ids: '--ids', names: '--order-names' };

/**
 * Checks the filter flags (src/ops/list-query.ts reads them); throws a CliError (exit 2) naming
 * the flag and the rule, the first in the interface's order. `defaultLimit` applies when
 * --limit is absent; `dates` is the clock and zone that `today`, `7d` or a bare date are read with.
 */
export function parseFilterFlags(args: ParsedArgs, dates: DateInputContext, defaultLimit?: number): { filters: ListFilters; limit: number } {
  const text: ListQueryText = {
    limit: stringFlag(args, 'limit') ?? (defaultLimit === undefined ? undefined : String(defaultLimit)),
    from: stringFlag(args, 'from'),
    to: stringFlag(args, 'to'),
    statuses: stringFlag(args, 'status'),
    ids: stringFlag(args, 'ids'),
    names: stringFlag(args, 'order-names'),
  };
  const read = readListQuery(text, dates);
  if (read.ok) return { filters: read.filters, limit: read.limit ?? DEFAULT_PAGE_SIZE };
  const error = read.errors[read.first]!;
  if (error.code === 'invalid_date_range') throw paramErrorToCli(error, '--from/--to');
  if (error.code === 'invalid_date_format') throw paramErrorToCli(error, FLAG_OF[read.first], DATE_HINT);
  throw paramErrorToCli(error, FLAG_OF[read.first]);
}
