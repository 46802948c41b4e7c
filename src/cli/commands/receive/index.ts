/**
 * `returns-console receive ID... [--json]`: marks reviewed orders received. Many orders go
 * through the bulk queue (bounded concurrency, adaptive rate limit, one outcome each). A
 * stop signal (Ctrl+C, SIGTERM, SIGHUP) stops scheduling and winds down the requests in
 * flight as the console does (the command runner: finished, or cut and read back); every
 * order still gets its one result and activity-log entry.
 */
import { CLEAR_LINE } from '../../output/progress-line.js';
import { runBulkWrites, type BulkRunReport } from '../../../ops/bulk.js';
import { commandOpsContext, settleEarlierWrites } from '../../ops-context.js';
import { writeWarnings } from '../../warnings.js';
import { booleanFlag, runCommand, stringFlag, type CommandContext } from '../../command-runner.js';
import { exitCodeFor } from '../../errors-output.js';
import { EXIT, type ExitCode } from '../../exit-codes.js';
import { createProcessFactory, type Factory } from '../../factory.js';
import { ERRORS_NOTE, EXIT_CODES_NOTE, usage, type CommandSpec } from '../../flags.js';
import { ORDER_NAMES_NOTE, parseOrderRefs, resolveOrderRefs, type OrderRef } from '../../order-refs.js';
import { progressLine, renderSummary, writeResults, type ReceiveOutcome } from './receive-render.js';
import { SANDBOX_FLAG } from '../../builtin-sandbox.js';

export const RECEIVE_SPEC: CommandSpec = {
  name: 'receive',
  summary: 'Mark reviewed return orders received: one, or many through the bulk queue.',
  positionals: [{ name: 'ID', description: 'Return order ids or order names (separate arguments, or comma-separated)', isRequired: true, isVariadic: true }],
  flags: [
    { name: 'concurrency', type: 'string', valueName: 'N', description: 'Requests in flight at once for many orders, 1 to 16 (default 4)' },
    { name: 'json', type: 'boolean', description: 'Print a JSON array with one result per order' },
    SANDBOX_FLAG,
  ],
  notes: [
    [
      'Each order gets exactly one result: ok (or ok, already applied, when a retried request had',
      'gone through), failed with the error code, or not sent. Ids given twice are received once.',
      'Progress goes to stderr when it is a terminal. Ctrl+C, SIGTERM or SIGHUP stops sending new',
      'requests; those in flight get 3 s to finish, then (or at once, on a second signal) they are',
      'cancelled and read back, so each result says whether it was applied. Every result is',
      'printed and logged, then the command exits 130, 143 or 129. A write an earlier run left',
      'unknown (it was killed) is read back and logged when receive or review next starts.',
      'Exit code with many orders: 0 when all are ok, 4 when the key was refused, else 1.',
      'Order names are looked up before anything is sent.',
    ].join('\n'),
    ORDER_NAMES_NOTE,
    EXIT_CODES_NOTE,
    ERRORS_NOTE,
  ],
  examples: ['returns-console receive 1001', 'returns-console receive 1001 1002 AO1711', 'returns-console list --status reviewed --all --fields id | xargs returns-console receive', 'returns-console receive --sandbox AO2032'],
};

/** The orders of the arguments: ids (the interface's id rule) and order names, in order. */
export function parseReceiveRefs(positionals: readonly string[]): OrderRef[] {
  return positionals.flatMap((arg) => parseOrderRefs(arg));
}

function parseConcurrency(raw: string | undefined): number {
  if (raw === undefined) return 4;
  const n = /^\d{1,2}$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= 1 && n <= 16)) throw usage(RECEIVE_SPEC, '--concurrency must be a whole number from 1 to 16', 'concurrency');
  return n;
}

/** The exit code of a run: interrupted, then a refused key, then any failure. */
function exitCodeOf(report: BulkRunReport): ExitCode {
  if (report.isStopped) return EXIT.interrupted;
  const failures = report.outcomes.filter((o) => o.status === 'failed');
  if (report.outcomes.length === 1 && failures.length === 1) return exitCodeFor(failures[0]!.error);
  if (failures.some((o) => o.status === 'failed' && exitCodeFor(o.error) === EXIT.auth)) return EXIT.auth;
  return failures.length > 0 ? EXIT.failure : EXIT.ok;
}

async function receiveAll(ctx: CommandContext, refs: readonly OrderRef[], concurrency: number): Promise<BulkRunReport> {
  const { io } = ctx.factory;
  const { client, connection } = await ctx.connect();
  const ops = commandOpsContext(ctx, client, connection);
  await settleEarlierWrites(ctx, ops);
  // Repeats (also an id given once by number and once by name) are received once.
  const ids = [...new Set(await resolveOrderRefs(client, refs, ctx.abortOnInterrupt()))];
  const showProgress = io.isStderrTTY && ids.length > 1;
  let lastProgressAt = -Infinity;
  try {
    return await ops.writeStops!.hold(`receive of ${ids.length === 1 ? `order ${ids[0]}` : `${ids.length} orders`}`, () =>
      runBulkWrites(ops, 'receive', ids, {
        concurrency,
        onProgress: (p) => {
          const now = ctx.factory.now();
          // Once stopping, the stop line stands (the runner writes it) and no progress is drawn over it.
          if (showProgress && !p.isStopping && (now - lastProgressAt >= 100 || p.done === p.total)) {
            io.stderr.write(progressLine(p));
            lastProgressAt = now;
          }
        },
      }),
    );
  } finally {
    if (showProgress) io.stderr.write(CLEAR_LINE);
  }
}

/** Runs `receive`. */
export function run(argv: string[], factory: Factory = createProcessFactory()): Promise<number> {
  return runCommand(RECEIVE_SPEC, argv, factory, async (ctx) => {
    const refs = parseReceiveRefs(ctx.args.positionals);
    const concurrency = parseConcurrency(stringFlag(ctx.args, 'concurrency'));
    const report = await receiveAll(ctx, refs, concurrency);
    const { io } = factory;
    const outcomes: readonly ReceiveOutcome[] = report.outcomes;
    writeWarnings(ctx, report.warnings);
    const isJson = booleanFlag(ctx.args, 'json');
    if (!isJson && outcomes.length === 1 && outcomes[0]!.status === 'failed') {
      // One order: the error in the usual one-line form.
      ctx.printError(outcomes[0]!.error);
    } else {
      writeResults(ctx.output, outcomes, { isJson, style: ctx.style });
      if (!isJson && (outcomes.length > 1 || report.isStopped)) io.stderr.write(renderSummary(outcomes));
    }
    return exitCodeOf(report);
  });
}
