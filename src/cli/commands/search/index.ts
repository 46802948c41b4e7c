/**
 * `returns-console search TEXT`: return orders by what the customer says (name, e-mail, order
 * name, original order id, product, SKU), best match first, in `list`'s formats. The
 * profile's search index is brought up to date first (its first walk shows a progress line
 * on a terminal); the orders found are read from the service before they are printed.
 */
import type { ReturnsClient } from '../../../api/client-types.js';
import type { ReturnOrder } from '../../../api/schemas.js';
import { forgetSearchIndexes, readCurrentOrders, SearchIndex, walkProgressLine, type WalkProgress } from '../../../ops/search-index/index.js';
import { checkedStateDir } from '../../checked-state-dir.js';
import { SANDBOX_FLAG } from '../../builtin-sandbox.js';
import { configError } from '../../cli-error.js';
import { runCommand, type CommandContext } from '../../command-runner.js';
import { connectionFingerprint, localStateName } from '../../config/local-state-name.js';
import { EXIT, type ExitCode } from '../../exit-codes.js';
import { createProcessFactory, type Factory } from '../../factory.js';
import { ERRORS_NOTE, EXIT_CODES_NOTE, type CommandSpec } from '../../flags.js';
import { CLEAR_LINE, progressText } from '../../output/progress-line.js';
import { UnknownStatusNote } from '../../unknown-status-note.js';
import { listShape } from '../list/list-render.js';
import { parseSearchRequest, type SearchRequest } from './search-args.js';

export const SEARCH_SPEC: CommandSpec = {
  name: 'search',
  summary: 'Find return orders by customer, e-mail, order name, original order id, product or SKU.',
  positionals: [{ name: 'TEXT', description: 'What the customer says: words of a name, an e-mail, an order name (#N1001 or N1001), a product, a SKU', isVariadic: true }],
  flags: [
    { name: 'limit', type: 'string', valueName: 'N', description: 'Most orders to print, 1 to 500 (default 20)' },
    { name: 'no-refresh', type: 'boolean', description: 'Search the index as it is (the orders found are still read from the service)' },
    { name: 'forget', type: 'boolean', description: "Delete this profile's search index (it is built again by the next search)" },
    { name: 'json', type: 'boolean', description: 'JSON array of the return orders as the service sent them (as list --json)' },
    { name: 'ndjson', type: 'boolean', description: 'One JSON return order per line' },
    { name: 'csv', type: 'boolean', description: 'CSV with a header line' },
    { name: 'fields', type: 'string', valueName: 'LIST', description: "Fields to show, comma-separated (list's fields)" },
    SANDBOX_FLAG,
  ],
  notes: [
    [
      'Searches a local index of the shop\'s return orders, one per profile (docs/search.md): every',
      'word typed must start a word of the order (case and accents ignored); exact ids, order names,',
      'e-mail addresses and SKUs come first, then matches in the customer and order fields, then in',
      'products, newest first within each. The first search walks every order into the index (a',
      'progress line on a terminal; it goes on where it stopped if interrupted); later ones read only',
      "what changed. The index holds customers' names and e-mail addresses: it is kept 0600 in the",
      "state directory, never mixed with another shop's, deleted by --forget, and not kept at all with",
      'search_index: false in the profile.',
    ].join('\n'),
    EXIT_CODES_NOTE,
    ERRORS_NOTE,
  ],
  examples: [
    'returns-console search olivia romero',
    'returns-console search olivia@example.com --json',
    'returns-console search "rain jacket" --csv > jackets.csv',
    'returns-console search --forget',
  ],
};

/** Runs `search`. */
export function run(argv: string[], factory: Factory = createProcessFactory()): Promise<number> {
  return runCommand(SEARCH_SPEC, argv, factory, async (ctx) => {
    const request = parseSearchRequest(SEARCH_SPEC, ctx.args, factory.io.isStdoutTTY);
    const config = await ctx.config();
    const stateDir = await checkedStateDir(factory);
    if (request.isForget) return forget(ctx, stateDir, config.profile.value);
    if (!config.searchIndex.value) {
      forgetSearchIndexes(stateDir, config.profile.value);
      throw configError(
        `profile "${config.profile.value}" keeps no search index (search_index: false), so there is nothing to search`,
        'search_index',
        'Remove search_index (or set it to true) in the config file to search by customer; `returns-console list --order-names` finds an order by its name.',
      );
    }
    const { client, connection } = await ctx.connect();
    const signal = ctx.abortOnInterrupt();
    const index = await SearchIndex.open({
      client,
      stateDir,
      stateName: localStateName(connection.config, connection.apiKey),
      connection: connectionFingerprint(connection.config.baseUrl.value, connection.apiKey),
      now: factory.now,
    });
    try {
      if (!request.isNoRefresh || index.status.count === 0) await bringUpToDate(ctx, index, signal);
      return await printMatches(ctx, index, client, request, signal);
    } finally {
      await index.close();
    }
  });
}

function forget(ctx: CommandContext, stateDir: string, profile: string): ExitCode {
  const count = forgetSearchIndexes(stateDir, profile);
  ctx.factory.io.stderr.write(count === 0 ? `Profile ${profile} has no search index.\n` : `Deleted the search index of profile ${profile}.\n`);
  return EXIT.ok;
}

/** The first walk (with a progress line on a terminal) or a refresh. */
async function bringUpToDate(ctx: CommandContext, index: SearchIndex, signal: AbortSignal): Promise<void> {
  const { io } = ctx.factory;
  let lastAt = Number.NEGATIVE_INFINITY;
  const onProgress = (progress: WalkProgress) => {
    const now = ctx.factory.now();
    if (!io.isStderrTTY || now - lastAt < 100) return;
    lastAt = now;
    io.stderr.write(progressText(walkProgressLine('Indexing return orders', progress, io.columns())));
  };
  try {
    await index.refresh({ signal, onProgress });
  } finally {
    if (io.isStderrTTY && lastAt > Number.NEGATIVE_INFINITY) io.stderr.write(CLEAR_LINE);
  }
}

async function printMatches(ctx: CommandContext, index: SearchIndex, client: ReturnsClient, request: SearchRequest, signal: AbortSignal): Promise<ExitCode> {
  const { io } = ctx.factory;
  const found = index.search(request.text, request.limit);
  const { orders, gone } = await readCurrentOrders(client, found.hits.map((h) => h.record.id), signal);
  if (gone.length > 0) index.forget(gone);
  const fieldContext = { nowMs: ctx.factory.now(), isHuman: request.format === 'table', timeZone: ctx.factory.env.TZ || undefined };
  const writer = ctx.output.records<ReturnOrder>(request.format, listShape(request.fields, request.isFieldsGiven ? request.fields : null, fieldContext, ctx.style));
  const note = new UnknownStatusNote();
  for (const order of orders) {
    writer.push(order);
    note.add(order);
  }
  if (request.format === 'table' && orders.length === 0) io.stderr.write(`No return orders match ${JSON.stringify(request.text)}.\n`);
  writer.end();
  io.stderr.write(note.text());
  const total = Math.max(found.total, found.hits.length);
  if (io.isStderrTTY && total > found.hits.length) {
    io.stderr.write(ctx.errStyle.dim(`Showing the best ${orders.length} of ${found.isCountCapped ? 'over ' : ''}${total.toLocaleString('en-US')} matches; --limit for more.\n`));
  }
  return EXIT.ok;
}
