/**
 * `list` flags to a checked request, with the interface's own rules (src/api/list-params.ts),
 * so a bad date, status, id, name or limit is reported at once and nothing is sent. Pure.
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
import { MAX_PAGE_SIZE } from '../../../api/schemas.js';
import { booleanFlag, stringFlag } from '../../command-runner.js';
import { paramErrorToCli } from '../../errors-output.js';
import { usage, type CommandSpec, type ParsedArgs } from '../../flags.js';
import { DEFAULT_FIELDS, selectFields, type ListField } from './list-fields.js';

export type ListFormat = 'table' | 'tsv' | 'json' | 'ndjson' | 'csv';

export interface ListRequest {
  readonly filters: ListFilters;
  /** Page size (1..100). */
  readonly limit: number;
  readonly isAll: boolean;
  readonly format: ListFormat;
  readonly fields: readonly ListField[];
  /** True when --fields was given (JSON output is then reduced to those keys). */
  readonly isFieldsGiven: boolean;
}

function take<T>(result: ParseResult<T>, flag: string): T {
  if (!result.ok) throw paramErrorToCli(result.error, flag);
  return result.value;
}

/** Checks the flags of `list`; throws a CliError (exit 2) naming the flag and the rule. */
export function parseListRequest(spec: CommandSpec, args: ParsedArgs, isStdoutTTY: boolean): ListRequest {
  const formats = (['json', 'ndjson', 'csv'] as const).filter((f) => booleanFlag(args, f));
  if (formats.length > 1) throw usage(spec, `choose one output format (got ${formats.map((f) => `--${f}`).join(' and ')})`);
  const format: ListFormat = formats[0] ?? (isStdoutTTY ? 'table' : 'tsv');

  const status = stringFlag(args, 'status');
  const from = stringFlag(args, 'from');
  const to = stringFlag(args, 'to');
  const ids = stringFlag(args, 'ids');
  const names = stringFlag(args, 'order-names');
  const limitRaw = stringFlag(args, 'limit');
  const isAll = booleanFlag(args, 'all');

  // The interface's order of checks (D7): limit, dates, range, statuses, ids, order names.
  const limit = limitRaw === undefined && isAll ? MAX_PAGE_SIZE : take(parseLimit(limitRaw), '--limit');
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

  const isJson = format === 'json' || format === 'ndjson';
  const fieldsRaw = stringFlag(args, 'fields');
  // JSON without --fields prints whole objects; the default columns are for text formats.
  const fieldNames = fieldsRaw !== undefined ? fieldsRaw.split(',').map((f) => f.trim()) : isJson ? [] : DEFAULT_FIELDS;
  const selected = selectFields(fieldNames, isJson);
  if (!selected.ok) {
    throw usage(
      spec,
      selected.name === ''
        ? '--fields has an empty element'
        : `--fields: "${selected.name}" is not a field${isJson ? ' of the JSON objects' : ''}; use: ${selected.allowed.join(', ')}`,
      'fields',
    );
  }
  return { filters, limit, isAll, format, fields: selected.fields, isFieldsGiven: fieldsRaw !== undefined };
}
