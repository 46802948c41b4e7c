/** `returns-console list`: return orders with the interface's filters, one page or all. */
import { DEFAULT_MAX_PAGES, type ReturnsClient } from '../../../api/client-types.js';
import type { ReturnOrder } from '../../../api/schemas.js';
import { runCommand, type CommandContext } from '../../command-runner.js';
import { EXIT, type ExitCode } from '../../exit-codes.js';
import { createProcessFactory, type Factory } from '../../factory.js';
import { ERRORS_NOTE, EXIT_CODES_NOTE, type CommandSpec } from '../../flags.js';
import { filterFlagSpecs } from '../../filter-flags.js';
import { VIEW_FLAG } from '../../view-flag.js';
import { UnknownStatusNote } from '../../unknown-status-note.js';
import { applyListView, parseListRequest, type ListRequest } from './list-args.js';
import { LIST_FIELDS, type FieldContext } from './list-fields.js';
import type { RecordWriter } from '../../output/index.js';
import { CLEAR_LINE } from '../../output/progress-line.js';
import { listShape, progressLine } from './list-render.js';
import { SANDBOX_FLAG } from '../../builtin-sandbox.js';

export const LIST_SPEC: CommandSpec = {
  name: 'list',
  summary: 'List return orders, newest first.',
  flags: [
    ...filterFlagSpecs('', 'default 50; 100 with --all'),
    { name: 'all', type: 'boolean', description: 'Walk every page (progress on stderr when it is a terminal)' },
    { name: 'max-pages', type: 'string', valueName: 'N', description: `With --all: stop with an error after N pages (default ${DEFAULT_MAX_PAGES})` },
    { name: 'json', type: 'boolean', description: 'JSON array of the return orders as the service sent them (an API key in them hidden)' },
    { name: 'ndjson', type: 'boolean', description: 'One JSON return order per line' },
    { name: 'csv', type: 'boolean', description: 'CSV with a header line' },
    { name: 'fields', type: 'string', valueName: 'LIST', description: 'Fields to show, comma-separated (see below)' },
    VIEW_FLAG,
    SANDBOX_FLAG,
  ],
  notes: [
    [
      'Output: on a terminal an aligned table fitted to its width (colour unless NO_COLOR or',
      '--no-color). Piped: tab-separated lines without a header, no colour, nothing cut. Text from',
      'the service is made safe for terminals in the table, TSV and CSV (control characters and',
      'escape sequences shown as symbols); --json and --ndjson keep it exactly (C1, bidi and',
      'invisible characters as \\u escapes: the same JSON data). In every format an API key the',
      'service put in an order is shown as sk_… and its last 4. Without --all only the first',
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
    'returns-console list --sandbox --status reviewed   # the demo data, nothing configured',
  ],
};

/** Runs `list`. */
export function run(argv: string[], factory: Factory = createProcessFactory()): Promise<number> {
  return runCommand(LIST_SPEC, argv, factory, async (ctx) => {
    const dates = { nowMs: factory.now(), timeZone: factory.env.TZ || undefined };
    const flagged = parseListRequest(LIST_SPEC, ctx.args, factory.io.isStdoutTTY, dates);
    // A view the config file does not have is refused before the key is read.
    const request = applyListView(flagged, ctx.args, (await ctx.config()).views, dates);
    const { client } = await ctx.connect();
    const signal = ctx.abortOnInterrupt();
    return request.isAll ? listAll(ctx, client, request, signal) : listOnePage(ctx, client, request, signal);
  });
}

/** The exporter's writer of the requested format, for orders as `list` shows them. */
function orderWriter(ctx: CommandContext, request: ListRequest): RecordWriter<ReturnOrder> {
  const fieldContext: FieldContext = { nowMs: ctx.factory.now(), isHuman: request.format === 'table', timeZone: ctx.factory.env.TZ || undefined };
  const shape = listShape(request.fields, request.isFieldsGiven ? request.fields : null, fieldContext, ctx.style);
  return ctx.output.records(request.format, shape);
}

/** An empty table is a sentence on stderr (the other formats say it their way: nothing, a header, []). */
function sayWhenNoneMatch(ctx: CommandContext, request: ListRequest, count: number): void {
  if (request.format === 'table' && count === 0) ctx.factory.io.stderr.write('No return orders match.\n');
}

async function listOnePage(ctx: CommandContext, client: ReturnsClient, request: ListRequest, signal: AbortSignal): Promise<ExitCode> {
  const page = await client.listPage({ filters: request.filters, limit: request.limit, signal });
  const writer = orderWriter(ctx, request);
  for (const order of page.data) writer.push(order);
  sayWhenNoneMatch(ctx, request, page.data.length);
  writer.end();
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
  const writer = orderWriter(ctx, request);
  const showProgress = io.isStderrTTY;
  const note = new UnknownStatusNote();
  let count = 0;
  let lastProgressAt = -Infinity;
  try {
    for await (const order of client.listAll({ filters: request.filters, limit: request.limit, maxPages: request.maxPages, signal })) {
      count++;
      note.add(order);
      writer.push(order);
      const now = ctx.factory.now();
      if (showProgress && now - lastProgressAt >= 100) {
        io.stderr.write(progressLine(count));
        lastProgressAt = now;
      }
    }
  } catch (error) {
    if (showProgress) io.stderr.write(CLEAR_LINE);
    keepPartialOutput(ctx, writer, count);
    io.stderr.write(note.text());
    throw error;
  }
  if (showProgress) io.stderr.write(CLEAR_LINE);
  sayWhenNoneMatch(ctx, request, count);
  writer.end();
  io.stderr.write(note.text());
  return EXIT.ok;
}

/**
 * A walk that failed midway keeps what it read: the table is printed, the JSON array is
 * closed (stdout stays valid JSON), and stderr says the output is partial, before the error.
 */
function keepPartialOutput(ctx: CommandContext, writer: RecordWriter<ReturnOrder>, count: number): void {
  writer.end();
  if (count > 0) {
    const orders = count === 1 ? '1 order' : `${count} orders`;
    ctx.factory.io.stderr.write(`note: the output is partial: it holds the ${orders} read before the error below, not every match.\n`);
  }
}
