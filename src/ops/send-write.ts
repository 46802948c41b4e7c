/**
 * The one way a write (a review or a receive) is sent, whoever sends it. Nothing is sent once
 * the process is stopping; before the request leaves, a `sending` entry is on disk (so a
 * process killed while the write is in flight leaves a trace the next start reads back); the
 * answer, or what reading the order back found when the process stopped meanwhile
 * (write-stops.ts), is the write's one outcome and its second entry. When the first entry
 * cannot be written (a full disk, a read-only state directory) nothing is sent: a write the
 * activity log could not account for is never made.
 */
import type { CallOptions, WriteResult } from '../api/client-types.js';
import { ApiError } from '../api/client/errors.js';
import type { ReturnOrder, ReviewItem } from '../api/schemas.js';
import { appendActivity, logWriteProblem, newWriteId, recordActivity } from './activity.js';
import type { OpsContext } from './context.js';
import { toApiError, type WriteAction, type WriteOutcome } from './outcome.js';
import { otherAppliedWrite, whenSettled } from './settle-unknown.js';
import { cuttable, settleAtQuit } from './write-stops.js';

export interface WriteOptions {
  /** The order's name, when the caller knows it (the activity log shows it). */
  readonly orderName?: string;
  /** Call options, e.g. a bulk queue's pacing and cancelling. */
  readonly call?: CallOptions;
  /**
   * For a queued write: false when the queue stopped it before anything was sent. Such a
   * write is "not done" rather than failed.
   */
  readonly wasSent?: () => boolean;
  /** Stops what is not yet sent (a bulk run's Esc), as the process's own stop does. */
  readonly stop?: AbortSignal;
  /**
   * The write's id, when the caller keeps it across attempts (the scan desk's queue sends a
   * receive again under the id its unanswered first attempt was logged with).
   */
  readonly writeId?: string;
  /**
   * Whether the activity log records this outcome (default: always). The scan desk's queue
   * records only a scan's final outcome: an unanswered receive stays queued, to be read back.
   */
  readonly shouldRecord?: (outcome: WriteOutcome) => boolean;
}

/** What is about to be written. */
export interface WriteBase {
  readonly action: WriteAction;
  readonly orderId: number;
  readonly orderName?: string;
  /** The review items sent (review only). */
  readonly decisions?: readonly ReviewItem[];
}

/**
 * `outcome` (found already applied by a retry), or, when the log says another write of the
 * order did it, the refusal the retry got: this one was not applied.
 */
async function unlessAppliedByAnother(ctx: OpsContext, outcome: Extract<WriteOutcome, { status: 'ok' }>, writeId: string): Promise<WriteOutcome> {
  const other = await otherAppliedWrite(ctx, { orderId: outcome.orderId, action: outcome.action, writeId }).catch(() => undefined);
  if (other === undefined) return outcome;
  const { result: _result, isAlreadyApplied: _isAlreadyApplied, ...rest } = outcome;
  const done = outcome.action === 'receive' ? 'received' : 'reviewed';
  const message = `Return order ${outcome.orderId} was already ${done} by the ${outcome.action} of ${other} (activity log); this one was not applied.`;
  const error = new ApiError({ kind: 'state', status: 422, code: 'invalid_state_transition', message, ...(outcome.result.requestId !== undefined && { requestId: outcome.result.requestId }) });
  return { ...rest, status: 'failed', error };
}

/** A failure of a write stopped before it was sent, or a failure. */
export function failedOrNotDone<T extends object>(base: T, thrown: unknown, options: WriteOptions, warnings: string[]) {
  return options.wasSent && !options.wasSent()
    ? { ...base, status: 'not_done' as const, warnings }
    : { ...base, status: 'failed' as const, error: toApiError(thrown), warnings };
}

/** True when nothing new may be sent: the process is stopping, or the caller stopped. */
export function isStopping(ctx: Pick<OpsContext, 'writeStops'>, options: Pick<WriteOptions, 'stop'>): boolean {
  return ctx.writeStops?.stop.aborted === true || options.stop?.aborted === true;
}

/**
 * Sends one write with `send` and records it; never rejects. `isApplied` tells from the order
 * read back whether the write took effect. The caller reconciles local state from the outcome.
 * An earlier process's writes being settled for this profile are settled first.
 */
export async function sendWrite(
  ctx: OpsContext,
  base: WriteBase,
  send: (call: CallOptions | undefined) => Promise<WriteResult>,
  isApplied: (order: ReturnOrder | null) => boolean,
  options: WriteOptions,
): Promise<WriteOutcome> {
  const warnings: string[] = [];
  if (isStopping(ctx, options)) {
    const outcome: WriteOutcome = { ...base, status: 'not_done', warnings };
    if (options.shouldRecord?.(outcome) ?? true) await recordActivity(ctx, { kind: 'write', outcome }, warnings);
    return outcome;
  }
  await whenSettled(ctx);
  const writeId = options.writeId ?? newWriteId();
  try {
    await appendActivity(ctx, { kind: 'sending', writeId, ...base });
  } catch (error) {
    const message = `Not sent: the activity log could not be written (${logWriteProblem(error)}), and a write it cannot account for is never made.`;
    return { ...base, status: 'failed', error: new ApiError({ kind: 'api', code: 'activity_log_unwritable', message }), warnings };
  }
  let outcome: WriteOutcome;
  try {
    const result = await send(cuttable(options.call, ctx.writeStops));
    const orderName = base.orderName ?? result.order?.order_name;
    outcome = { ...base, ...(orderName !== undefined && { orderName }), status: 'ok', result, isAlreadyApplied: result.isAlreadyApplied, warnings };
    if (result.isAlreadyApplied) outcome = await unlessAppliedByAnother(ctx, outcome, writeId);
  } catch (thrown) {
    outcome = await settleAtQuit(ctx, failedOrNotDone(base, thrown, options, warnings), isApplied);
  }
  outcome = { ...outcome, writeId };
  if (options.shouldRecord?.(outcome) ?? true) await recordActivity(ctx, { kind: 'write', outcome }, warnings);
  return outcome;
}
