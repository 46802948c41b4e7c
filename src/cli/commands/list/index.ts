/** `returns-console list`: return orders with the interface's filters, one page or all. */
import { DEFAULT_MAX_PAGES, type ReturnsClient } from '../../../api/client-types.js';
import type { ReturnOrder } from '../../../api/schemas.js';
import { stringifySafeJson } from '../../../format/json-output.js';
import { runCommand, type CommandContext } from '../../command-runner.js';
import { EXIT, type ExitCode } from '../../exit-codes.js';
import { createProcessFactory, type Factory } from '../../factory.js';
import { ERRORS_NOTE, EXIT_CODES_NOTE, type CommandSpec } from '../../flags.js';
import { filterFlagSpecs } from '../../filter-flags.js';
import { VIEW_FLAG } from '../../view-flag.js';
import { UnknownStatusNote } from '../../unknown-status-note.js';
import { applyListView, parseListRequest, type ListRequest } from './list-args.js';
import { LIST_FIELDS, type FieldContext } from './list-fields.js';
import {
  CLEAR_LINE,
  JsonArrayWriter,
  jsonObject,
  progressLine,
  renderCsvHeader,
  renderCsvLine,
  renderListTable,
  renderTsvLine,
} from './list-render.js';

export const LIST_SPEC: CommandSpec = {
  name: 'list',
  summary: 'List return orders, newest first.',
  flags: [
    ...filterFlagSpecs('', 'default 50; 100 with --all'),
    { name: 'all', type: 'boolean', description: 'Walk every page (progress on stderr when it is a terminal)' },
    { name: 'max-pages', type: 'string', valueName: 'N', description: `With --all: stop with an error after N pages (default ${DEFAULT_MAX_PAGES})` },
    { name: 'json', type: 'boolean', description: 'JSON array of the return orders exactly as the service sent them' },
    { name: 'ndjson', type: 'boolean', description: 'One JSON return order per line' },
    { name: 'csv', type: 'boolean', description: 'CSV with a header line' },
    { name: 'fields', type: 'string', valueName: 'LIST', description: 'Fields to show, comma-separated (see below)' },
    VIEW_FLAG,
  ],
  notes: [
    [
      'Output: on a terminal an aligned table fitted to its width (colour unless NO_COLOR or',
      '--no-color). Piped: tab-separated lines without a header, no colour, nothing cut. Text from',
      'the service is made safe for terminals in the table, TSV and CSV (control characters and',
      'escape sequences shown as symbols); --json and --ndjson keep it exactly (C1, bidi and',
      'invisible characters as \\u escapes: the same JSON data). Without --all only the first',
      'page is printed.',
    ].join('\n'),
    [
      'If --all fails midway (or is stopped), what was read is kept: --json still closes its',
      'array, so stdout is valid JSON, and stderr says how many orders it holds and why it is',
      'partial; the exit code is not 0. An order whose status this version does not know is',
      'listed with the status as sent, and a note on stderr says so.',
    ].join('\n'),
    `Fields: ${LIST_FIELDS.filter((f) => f.isDisplayable).map((f) => f.name).join(', ')}.\nWith --json/--ndjson, --fields selects keys of the objects: ${LIST_FIELDS.filter((f) => f.isRaw).map((f) => f.name).join(', ')}.`,
    EXIT_CODES_NOTE,
    ERRORS_NOTE,
  ],
  examples: [
    'returns-console list --status pending',
    'returns-console list --from 2026-11-01T00:00:00Z --to 2026-11-30T23:59:59Z --all --csv > november.csv',
    'returns-console list --all --ndjson | jq -r .order_name',
    'returns-console list --view today',
  ],
};

/** Runs `list`. */
export function run(argv: string[], factory: Factory = createProcessFactory()): Promise<number> {
  return runCommand(LIST_SPEC, argv, factory, async (ctx) => {
    const dates = { nowMs: factory.now(), timeZone: factory.env.TZ || undefined };
    const flagged = parseListRequest(LIST_SPEC, ctx.args, factory.io.isStdoutTTY, dates);
    const { client, connection } = await ctx.connect();
    const request = applyListView(flagged, ctx.args, connection.config.views, dates);
    const signal = ctx.abortOnInterrupt();
    return request.isAll ? listAll(ctx, client, request, signal) : listOnePage(ctx, client, request, signal);
  });
}

function fieldContext(ctx: CommandContext, request: ListRequest): FieldContext {
  return { nowMs: ctx.factory.now(), isHuman: request.format === 'table', timeZone: ctx.factory.env.TZ || undefined };
}

/** The orders of one page in the requested format. */
function printBatch(ctx: CommandContext, request: ListRequest, orders: readonly ReturnOrder[]): void {
  const { io } = ctx.factory;
  const fc = fieldContext(ctx, request);
  const jsonFields = request.isFieldsGiven ? request.fields : null;
  switch (request.format) {
    case 'table':
      if (orders.length === 0) io.stderr.write('No return orders match.\n');
      else io.stdout.write(renderListTable(orders, request.fields, { ...fc, width: io.columns(), style: ctx.style }));
      return;
    case 'tsv':
      for (const o of orders) io.stdout.write(renderTsvLine(o, request.fields, fc));
      return;
    case 'csv':
      io.stdout.write(renderCsvHeader(request.fields));
      for (const o of orders) io.stdout.write(renderCsvLine(o, request.fields, fc));
      return;
    case 'json': {
      const writer = new JsonArrayWriter((c) => io.stdout.write(c));
      for (const o of orders) writer.push(jsonObject(o, jsonFields));
      writer.end();
      return;
    }
    case 'ndjson':
      for (const o of orders) io.stdout.write(`${stringifySafeJson(jsonObject(o, jsonFields))}\n`);
      return;
  }
}

async function listOnePage(ctx: CommandContext, client: ReturnsClient, request: ListRequest, signal: AbortSignal): Promise<ExitCode> {
  const page = await client.listPage({ filters: request.filters, limit: request.limit, signal });
  printBatch(ctx, request, page.data);
  const note = new UnknownStatusNote();
  for (const order of page.data) note.add(order);
  ctx.factory.io.stderr.write(note.text());
  if (page.has_more && ctx.factory.io.isStderrTTY) {
    ctx.factory.io.stderr.write(ctx.errStyle.dim(`More orders match: this is the first ${page.data.length}. Use --all for every page.\n`));
  }
  return EXIT.ok;
}

/** Every page; streamed except for the terminal table, which needs every row to size its columns. */
async function listAll(ctx: CommandContext, client: ReturnsClient, request: ListRequest, signal: AbortSignal): Promise<ExitCode> {
  const { io } = ctx.factory;
  const fc = fieldContext(ctx, request);
  const jsonFields = request.isFieldsGiven ? request.fields : null;
  const json = new JsonArrayWriter((c) => io.stdout.write(c));
  const rows: ReturnOrder[] = [];
  const showProgress = io.isStderrTTY;
  const note = new UnknownStatusNote();
  let count = 0;
  let lastProgressAt = -Infinity;

  if (request.format === 'csv') io.stdout.write(renderCsvHeader(request.fields));
  try {
    for await (const order of client.listAll({ filters: request.filters, limit: request.limit, maxPages: request.maxPages, signal })) {
      count++;
      note.add(order);
      switch (request.format) {
        case 'table':
          rows.push(order);
          break;
        case 'tsv':
          io.stdout.write(renderTsvLine(order, request.fields, fc));
          break;
        case 'csv':
          io.stdout.write(renderCsvLine(order, request.fields, fc));
          break;
        case 'json':
          json.push(jsonObject(order, jsonFields));
          break;
        case 'ndjson':
          io.stdout.write(`${stringifySafeJson(jsonObject(order, jsonFields))}\n`);
          break;
      }
      const now = ctx.factory.now();
      if (showProgress && now - lastProgressAt >= 100) {
        io.stderr.write(progressLine(count));
        lastProgressAt = now;
      }
    }
  } catch (error) {
    if (showProgress) io.stderr.write(CLEAR_LINE);
    keepPartialOutput(ctx, request, rows, json, count);
    io.stderr.write(note.text());
    throw error;
  }
  if (showProgress) io.stderr.write(CLEAR_LINE);
  if (request.format === 'json') json.end();
  if (request.format === 'table') printBatch(ctx, request, rows);
  io.stderr.write(note.text());
  return EXIT.ok;
}

/**
 * A walk that failed midway keeps what it read: the table is printed, the JSON array is
 * closed (stdout stays valid JSON), and stderr says the output is partial, before the error.
 */
function keepPartialOutput(ctx: CommandContext, request: ListRequest, rows: readonly ReturnOrder[], json: JsonArrayWriter, count: number): void {
  if (request.format === 'json') json.end();
  if (request.format === 'table' && rows.length > 0) printBatch(ctx, request, rows);
  if (count > 0) {
    const orders = count === 1 ? '1 order' : `${count} orders`;
    ctx.factory.io.stderr.write(`note: the output is partial: it holds the ${orders} read before the error below, not every match.\n`);
  }
}
