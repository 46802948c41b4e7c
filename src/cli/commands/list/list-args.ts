/**
 * `list` flags to a checked request, with the interface's own rules (src/api/list-params.ts),
 * so a bad date, status, id, name or limit is reported at once and nothing is sent. Pure.
 */
import type { ListFilters } from '../../../api/list-params.js';
import { DEFAULT_MAX_PAGES } from '../../../api/client-types.js';
import { MAX_PAGE_SIZE } from '../../../api/schemas.js';
import type { DateInputContext } from '../../../format/date-input.js';
import { booleanFlag, stringFlag } from '../../command-runner.js';
import { parseFilterFlags } from '../../filter-flags.js';
import { usage, type CommandSpec, type ParsedArgs } from '../../flags.js';
import type { SavedViews } from '../../../ops/saved-views.js';
import { applyViewFlag } from '../../view-flag.js';
import { DEFAULT_FIELDS, selectFields, type ListField } from './list-fields.js';

export type ListFormat = 'table' | 'tsv' | 'json' | 'ndjson' | 'csv';

export interface ListRequest extends OutputRequest {
  readonly filters: ListFilters;
  /** Page size (1..100). */
  readonly limit: number;
  readonly isAll: boolean;
  /** With --all: most pages to read before stopping with an error. */
  readonly maxPages: number;
}

/**
 * Checks the flags of `list`; throws a CliError (exit 2) naming the flag and the rule.
 * `dates` is the clock and zone `--from 7d` or `--to today` are read with.
 */
export function parseListRequest(spec: CommandSpec, args: ParsedArgs, isStdoutTTY: boolean, dates: DateInputContext): ListRequest {
  const output = parseOutputFlags(spec, args, isStdoutTTY);
  const isAll = booleanFlag(args, 'all');
  const { filters, limit } = parseFilterFlags(args, dates, isAll ? MAX_PAGE_SIZE : undefined);
  return { filters, limit, isAll, ...output, maxPages: parseMaxPages(spec, args) };
}

/** How orders are printed: the format and the fields (`list`, and `search`, which prints as `list` does). */
export interface OutputRequest {
  readonly format: ListFormat;
  readonly fields: readonly ListField[];
  /** True when --fields was given (JSON output is then reduced to those keys). */
  readonly isFieldsGiven: boolean;
}

/** Checks --json, --ndjson, --csv and --fields; throws a CliError (exit 2) naming the flag. */
export function parseOutputFlags(spec: CommandSpec, args: ParsedArgs, isStdoutTTY: boolean): OutputRequest {
  const formats = (['json', 'ndjson', 'csv'] as const).filter((f) => booleanFlag(args, f));
  if (formats.length > 1) throw usage(spec, `choose one output format (got ${formats.map((f) => `--${f}`).join(' and ')})`);
  const format: ListFormat = formats[0] ?? (isStdoutTTY ? 'table' : 'tsv');
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
  return { format, fields: selected.fields, isFieldsGiven: fieldsRaw !== undefined };
}

/** `--max-pages N`: a whole number of at least 1 (only meaningful with --all). */
function parseMaxPages(spec: CommandSpec, args: ParsedArgs): number {
  const raw = stringFlag(args, 'max-pages');
  if (raw === undefined) return DEFAULT_MAX_PAGES;
  if (!/^[1-9]\d{0,8}$/.test(raw)) throw usage(spec, `--max-pages: "${raw}" is not a whole number of pages (1 or more)`, 'max-pages');
  if (!booleanFlag(args, 'all')) throw usage(spec, '--max-pages needs --all (without it one page is read)', 'max-pages');
  return Number(raw);
}

/**
 * `request` with --view applied (its filters under the filter flags given, its page size
 * unless --limit, its columns unless --fields; JSON keeps whole objects unless --fields).
 */
export function applyListView(request: ListRequest, args: ParsedArgs, views: SavedViews, dates: DateInputContext): ListRequest {
  const viewed = applyViewFlag(args, views, request, dates);
  const isJson = request.format === 'json' || request.format === 'ndjson';
  const columns = viewed.view?.columns;
  // The config schema allows only displayable column names, so selecting them cannot fail.
  const picked = columns && !request.isFieldsGiven && !isJson ? selectFields(columns, false) : null;
  return { ...request, filters: viewed.filters, limit: viewed.limit, ...(picked?.ok && { fields: picked.fields }) };
}
