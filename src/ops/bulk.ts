/**
 * A bulk run: one write (receive, or approve all) over many orders through the client's
 * bulk queue (bounded concurrency, an adaptive rate limit, exactly one outcome per order).
 * Each order's write is the same operation a single write is (receive.ts, approve-all.ts),
 * so it records its own activity log entry; an order the run never reached is logged as
 * not done. Used by the console's bulk panel and `returns-console receive` with many ids.
 */
import { runBulk, type BulkCall, type BulkOutcome, type BulkProgress } from '../api/bulk/index.js';
import { recordActivity } from './activity.js';
import type { OpsContext } from './context.js';
import type { WriteOutcome } from './outcome.js';
import { approveAllOrder } from './approve-all.js';
import { receiveOrder } from './receive.js';

/** What a bulk run does to each order. */
export type BulkKind = 'receive' | 'approve';

/** Requests in flight at once by default; the queue's limiter paces them to the service's rate limit. */
export const BULK_CONCURRENCY = 4;

export interface BulkRunOptions {
  /** Requests in flight at once (default BULK_CONCURRENCY). */
  readonly concurrency?: number;
  /** Stop: no new requests; those in flight finish. */
  readonly signal?: AbortSignal;
  /** Hard stop: also cancel the requests in flight. */
  readonly abortSignal?: AbortSignal;
  /** Order names the caller already knows, by id (the log and the results show them). */
  readonly names?: ReadonlyMap<number, string>;
  readonly onProgress?: (progress: BulkProgress) => void;
  /** Each order's outcome as it settles. */
  readonly onOutcome?: (outcome: WriteOutcome) => void;
}

export interface BulkRunReport {
  /** One per order, in the order of the ids. */
  readonly outcomes: readonly WriteOutcome[];
  readonly isStopped: boolean;
  readonly elapsedMs: number;
  /** Local problems of the run (each once). */
  readonly warnings: readonly string[];
}

/** Thrown by a worker so the queue counts a failed or stopped write as such. */
class Settled extends Error {
  constructor(readonly outcome: WriteOutcome) {
    super(outcome.status === 'failed' ? outcome.error.message : 'not sent');
  }
}

/** Runs `kind` over `ids`; resolves when every order has its outcome and its log entry. */
export async function runBulkWrites(ctx: OpsContext, kind: BulkKind, ids: readonly number[], options: BulkRunOptions = {}): Promise<BulkRunReport> {
  const settled = new Map<number, WriteOutcome>();
  const logging: Promise<void>[] = [];
  const runWarnings: string[] = [];

  // The console quitting stops the run as Esc does: nothing new is sent.
  const stops = [options.signal, ctx.writeStops?.stop].filter((s): s is AbortSignal => s !== undefined);
  const stop = stops.length > 1 ? AbortSignal.any(stops) : stops[0];

  const worker = async (id: number, call: BulkCall): Promise<WriteOutcome> => {
    let hasSent = false;
    const paced: BulkCall = {
      ...call,
      beforeAttempt: async (signal) => {
        await call.beforeAttempt(signal);
        hasSent = true;
      },
    };
    const orderName = options.names?.get(id);
    const writeOptions = { call: paced, wasSent: () => hasSent, ...(orderName !== undefined && { orderName }), ...(stop && { stop }) };
    const outcome = kind === 'receive' ? await receiveOrder(ctx, id, writeOptions) : await approveAllOrder(ctx, id, writeOptions);
    settled.set(id, outcome);
    if (outcome.status !== 'ok') throw new Settled(outcome);
    return outcome;
  };

  const toWriteOutcome = (o: BulkOutcome<number, WriteOutcome>): WriteOutcome => {
    if (o.status === 'ok') return o.result;
    const known = settled.get(o.item);
    if (known) return known;
    const orderName = options.names?.get(o.item);
    const base = { action: kind === 'receive' ? ('receive' as const) : ('review' as const), orderId: o.item, ...(orderName !== undefined && { orderName }), warnings: [] };
    if (o.status === 'failed') return { ...base, status: 'failed', error: o.error };
    // Never started: the queue stopped first. Logged as not done.
    const outcome: WriteOutcome = { ...base, status: 'not_done' };
    logging.push(recordActivity(ctx, { kind: 'write', outcome }, runWarnings));
    return outcome;
  };

  const byId = new Map<number, WriteOutcome>();
  const report = await runBulk(ids, worker, {
    concurrency: options.concurrency ?? BULK_CONCURRENCY,
    ...(stop && { signal: stop }),
    ...(options.abortSignal && { abortSignal: options.abortSignal }),
    ...(options.onProgress && { onProgress: options.onProgress }),
    onOutcome: (o) => {
      const outcome = toWriteOutcome(o);
      byId.set(o.item, outcome);
      options.onOutcome?.(outcome);
    },
  });
  await Promise.all(logging);
  const outcomes = report.outcomes.map((o) => byId.get(o.item) ?? toWriteOutcome(o));
  const warnings = [...new Set([...outcomes.flatMap((o) => o.warnings), ...runWarnings])];
  return { outcomes, isStopped: report.isStopped, elapsedMs: report.elapsedMs, warnings };
}
