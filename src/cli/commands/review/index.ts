/** `returns-console review ID (--approve-all | --decisions FILE|-)`: one review request holding every decision. */
import type { ReviewItem } from '../../../api/schemas.js';
import { CliError } from '../../cli-error.js';
import { booleanFlag, runCommand, stringFlag, type CommandContext } from '../../command-runner.js';
import { EXIT } from '../../exit-codes.js';
import { createProcessFactory, type Factory } from '../../factory.js';
import { ERRORS_NOTE, EXIT_CODES_NOTE, usage, type CommandSpec } from '../../flags.js';
import { ORDER_NAMES_NOTE } from '../../order-refs.js';
import { orderNotFound, parseOrderRef, resolveOrderRef } from '../show/index.js';
import { approveAllOrder } from '../../../ops/approve-all.js';
import type { WriteOutcome } from '../../../ops/outcome.js';
import { reviewOrder } from '../../../ops/review.js';
import { commandOpsContext, settleEarlierWrites } from '../../ops-context.js';
import { writeWarnings } from '../../warnings.js';
import { readStreamBounded } from '../../../local/bounded-read.js';
import { parseDecisions } from './decisions.js';
import { writeReviewJson, writeReviewText } from './review-render.js';
import { SANDBOX_FLAG } from '../../builtin-sandbox.js';

export const REVIEW_SPEC: CommandSpec = {
  name: 'review',
  summary: 'Review a pending return order: decide every pending item in one request.',
  positionals: [{ name: 'ID', description: 'Return order id (1001) or order name (#AO1711, or AO1711)', isRequired: true }],
  flags: [
    { name: 'approve-all', type: 'boolean', description: 'Approve every undecided pending item; a console draft of the order is sent as drafted' },
    { name: 'decisions', type: 'string', valueName: 'FILE', description: 'Decisions as {"items":[...]} from FILE, or - for stdin' },
    { name: 'json', type: 'boolean', description: 'Print the result as JSON: {"id","outcome","already_applied","request_id","order"}' },
    SANDBOX_FLAG,
  ],
  notes: [
    [
      'A decisions file holds the review request body of the interface, every pending item once:',
      '  {"items":[{"id":70001,"type":"refund","action":"approve"},',
      '            {"id":80001,"type":"exchange","action":"reject","reject_reason":"Worn"}]}',
      'type is refund or exchange; action is approve, reject (needs reject_reason) or keep_item.',
      'The file is checked before anything is sent; the service checks the rest (e.g. missing_items).',
      '--approve-all is the console\'s approve-all: decisions saved in a console draft of the order',
      '(a rejection with its reason, a kept item) are sent as drafted, the other items approved.',
    ].join('\n'),
    ORDER_NAMES_NOTE,
    EXIT_CODES_NOTE,
    ERRORS_NOTE,
  ],
  examples: ['returns-console review 1001 --approve-all', 'returns-console review 1001 --decisions decisions.json', 'jq -n \'{items:[…]}\' | returns-console review 1001 --decisions -'],
};

async function readDecisions(ctx: CommandContext, source: string): Promise<ReviewItem[]> {
  const what = source === '-' ? 'stdin' : `decisions file ${source}`;
  let text: string;
  try {
    text = source === '-' ? await readStreamBounded(ctx.factory.io.stdin, what) : await ctx.factory.fs.readFile(source);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? `${what} does not exist` : code === 'EFBIG' ? (error as Error).message : `cannot read ${what}: ${code ?? String(error)}`;
    throw new CliError({ code: 'usage_error', param: '--decisions', message: why });
  }
  return parseDecisions(text, source === '-' ? 'stdin' : source);
}

/** The error of a review that was not applied: the service's, or why approve-all sent nothing. */
function reviewFailure(id: number, outcome: Exclude<WriteOutcome, { status: 'ok' }>): unknown {
  if (outcome.status === 'not_done') return new CliError({ code: 'not_sent', message: `the review of return order ${id} was not sent`, exitCode: EXIT.failure });
  const { error } = outcome;
  // Refusals of approve-all (src/ops/review-plan.ts) carry no HTTP status: nothing was sent.
  if (error.status !== undefined) return error;
  if (error.code === 'return_order_not_found') return orderNotFound(id);
  if (error.code === 'item_details_unavailable') {
    return new CliError({ code: error.code, type: 'resource_error', message: error.message, hint: 'Write the decisions yourself and pass them with --decisions FILE.', exitCode: EXIT.failure });
  }
  return error;
}

/** Runs `review`. */
export function run(argv: string[], factory: Factory = createProcessFactory()): Promise<number> {
  return runCommand(REVIEW_SPEC, argv, factory, async (ctx) => {
    const ref = parseOrderRef(REVIEW_SPEC, ctx.args.positionals[0]!);
    const isApproveAll = booleanFlag(ctx.args, 'approve-all');
    const decisionsSource = stringFlag(ctx.args, 'decisions');
    if (isApproveAll === (decisionsSource !== undefined)) {
      throw usage(REVIEW_SPEC, 'give exactly one of --approve-all or --decisions FILE');
    }
    // Read and check the file before connecting: a bad file costs no request.
    const fromFile = decisionsSource === undefined ? undefined : await readDecisions(ctx, decisionsSource);
    const { client, connection } = await ctx.connect();
    const ops = commandOpsContext(ctx, client, connection);
    await settleEarlierWrites(ctx, ops);
    const id = await resolveOrderRef(client, ref, ctx.abortOnInterrupt());
    const outcome = await ops.writeStops!.hold(`review of order ${id}`, () => (fromFile === undefined ? approveAllOrder(ops, id) : reviewOrder(ops, id, fromFile)));
    writeWarnings(ctx, outcome.warnings);
    if (outcome.status !== 'ok') throw reviewFailure(id, outcome);
    const items = outcome.decisions ?? [];
    if (booleanFlag(ctx.args, 'json')) writeReviewJson(ctx.output, id, outcome.result);
    else writeReviewText(ctx.output, id, items, outcome.result, ctx.style);
    return EXIT.ok;
  });
}
