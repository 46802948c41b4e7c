/**
 * Sends one scan of the scan desk's queue (src/local/scan-queue.ts): looks it up, and for a
 * reviewed order notes in the queue that its receive is being sent, then sends it. A scan
 * the service did not answer (unreachable, timed out, a 5xx, rate limited, the key refused,
 * the console quitting) is held: it stays in the queue, and the caller tries it again
 * later. A scan whose receive was sent before, and whose answer never came, is read back
 * through the list endpoint first, so no receive is sent twice. Only a scan's final outcome
 * goes to the activity log, and then the scan leaves the queue (a failure to write the queue
 * shows at the next scan added).
 */
import type { ApiError } from '../api/client/errors.js';
import { isApiError } from '../api/client/errors.js';
import type { ReturnOrder } from '../api/schemas.js';
import type { QueuedScan, ScanQueueStore } from '../local/scan-queue.js';
import { newWriteId, recordActivity } from './activity.js';
import type { OpsContext } from './context.js';
import type { WriteOutcome } from './outcome.js';
import { receiveOrder } from './receive.js';
import { isWriteAnswered, whenSettled } from './settle-unknown.js';
import { classifyMatches, lookUpScan, noChangeFact, scanFailure, scannedOrder, type ScanOutcome } from './scan.js';

/** Why a scan stays in the queue. */
export type HeldReason = 'unreachable' | 'key-refused' | 'quitting';

export type QueueStep =
  /** Finished: its outcome is in the activity log and it left the queue. */
  | { readonly kind: 'done'; readonly outcome: ScanOutcome; readonly warnings: readonly string[]; readonly error?: ApiError }
  /** Not finished: it stays in the queue (`error`: what the service, or its absence, said). */
  | { readonly kind: 'held'; readonly reason: HeldReason; readonly error?: ApiError; readonly warnings: readonly string[] };

/** Why a request's failure leaves a scan in the queue, or null when the service's answer is final. */
export function heldReason(error: ApiError): HeldReason | null {
  if (error.kind === 'authentication') return 'key-refused';
  if (error.kind === 'aborted') return 'quitting';
  if (error.kind === 'network' || error.kind === 'timeout' || error.kind === 'rate_limit' || error.kind === 'schema') return 'unreachable';
  return error.status !== undefined && error.status >= 500 ? 'unreachable' : null;
}

const heldBy = (error: unknown): HeldReason | null => (isApiError(error) ? heldReason(error) : null);

/**
 * Retries of one request of the queue: one, for a blip. The queue tries a held scan again
 * itself, so a service that is down shows as such in a second, not after the client's
 * own retries of several seconds.
 */
export const QUEUE_CALL_RETRIES = 1;

/** The call options of the queue's requests: its retries, and the console's stop at quit (reads). */
const queueCall = (ctx: OpsContext) => ({ maxRetries: QUEUE_CALL_RETRIES, ...(ctx.writeStops && { signal: ctx.writeStops.stop }) });

/** The queue's part in a step: noting a receive sent, and removing a finished scan. */
export type QueueNotes = Pick<ScanQueueStore, 'markSent' | 'remove'>;

/**
 * Sends `scan` (never rejects: every failure is an outcome or a hold); `pattern` is the
 * profile's scan_code_pattern.
 */
export async function sendQueuedScan(ctx: OpsContext, scan: QueuedScan, pattern: RegExp | null, queue: QueueNotes): Promise<QueueStep> {
  const warnings: string[] = [];
  // The outcome is in the activity log: the scan leaves the queue behind the answer, not before
  // it (a scan left there by a crash in between is read back, and finds its order received).
  const finish = (outcome: ScanOutcome, error?: ApiError): QueueStep => {
    queue.remove(scan.id).catch(() => undefined);
    return { kind: 'done', outcome, warnings, ...(error && { error }) };
  };
  const found = scan.sent ? await readBack(ctx, scan, warnings) : await lookUp(ctx, scan, pattern, warnings);
  if (found.kind === 'held') return { ...found, warnings };
  if (found.kind === 'done') return finish(found.outcome, found.error);
  const { order } = found;
  // Quitting: nothing new is sent; the scan waits for the next start.
  if (ctx.writeStops?.stop.aborted) return { kind: 'held', reason: 'quitting', warnings };
  // Sent again under the id its unanswered attempt was logged with, unless that one was settled.
  const writeId = found.writeId ?? newWriteId();
  await queue.markSent(scan.id, { orderId: order.id, orderName: order.order_name, writeId }).catch((thrown: unknown) => warnings.push(queueProblem(thrown)));
  const isFinal = (o: WriteOutcome) => o.status !== 'failed' || heldReason(o.error) === null;
  const written = await receiveOrder(ctx, order.id, { orderName: order.order_name, shouldRecord: isFinal, writeId, call: { maxRetries: QUEUE_CALL_RETRIES } });
  warnings.push(...written.warnings);
  if (!isFinal(written) && written.status === 'failed') return { kind: 'held', reason: heldReason(written.error)!, error: written.error, warnings };
  const shown = scannedOrder(order);
  if (written.status === 'failed') return finish(scanFailure(written.error, shown), written.error);
  if (written.status !== 'ok') return finish(scanFailure(new Error('not sent'), shown));
  const status = written.result.order ? scannedOrder(written.result.order).status : shown.status;
  return finish({ kind: 'received', order: { ...shown, status }, isAlreadyApplied: written.isAlreadyApplied });
}

type Found =
  /** `writeId`: the id to send it under again (its earlier attempt's, still unanswered). */
  | { readonly kind: 'send'; readonly order: ReturnOrder; readonly writeId?: string }
  | { readonly kind: 'done'; readonly outcome: ScanOutcome; readonly error?: ApiError }
  | { readonly kind: 'held'; readonly reason: HeldReason; readonly error?: ApiError };

/** A scan not sent yet: what its lookup found (a final outcome is recorded here). */
async function lookUp(ctx: OpsContext, scan: QueuedScan, pattern: RegExp | null, warnings: string[]): Promise<Found> {
  const { outcome, error } = await lookUpScan(ctx.client, scan.text, pattern, queueCall(ctx));
  const reason = error ? heldReason(error) : null;
  if (reason) return { kind: 'held', reason, ...(error && { error }) };
  if (outcome.kind === 'receive') return { kind: 'send', order: outcome.order };
  const fact = noChangeFact(scan.text, outcome);
  if (fact) await recordActivity(ctx, fact, warnings);
  return { kind: 'done', outcome, ...(error && { error }) };
}

/** A scan whose receive was sent and never answered: the order as it is now says what came of it. */
async function readBack(ctx: OpsContext, scan: QueuedScan, warnings: string[]): Promise<Found> {
  const sent = scan.sent!;
  // A start settles an earlier run's unanswered writes (settle-unknown.ts): this one may be among them.
  await whenSettled(ctx);
  const isAnswered = sent.writeId !== undefined && (await isWriteAnswered(ctx, sent.writeId).catch(() => false));
  let order: ReturnOrder | null;
  try {
    order = await ctx.client.getOrder(sent.orderId, queueCall(ctx));
  } catch (thrown) {
    const reason = heldBy(thrown);
    if (reason) return { kind: 'held', reason, ...(isApiError(thrown) && { error: thrown }) };
    return { kind: 'done', outcome: scanFailure(thrown, null), ...(isApiError(thrown) && { error: thrown }) };
  }
  if (order?.status === 'received') {
    if (isAnswered) return { kind: 'done', outcome: { kind: 'received', order: scannedOrder(order), isAlreadyApplied: true, isReadBack: true } };
    const applied: WriteOutcome = {
      action: 'receive',
      orderId: order.id,
      orderName: order.order_name,
      status: 'ok',
      result: { order, isAlreadyApplied: true },
      isAlreadyApplied: true,
      reconciled: 'applied',
      ...(sent.writeId !== undefined && { writeId: sent.writeId }),
      warnings,
    };
    await recordActivity(ctx, { kind: 'write', outcome: applied }, warnings);
    return { kind: 'done', outcome: { kind: 'received', order: scannedOrder(order), isAlreadyApplied: true, isReadBack: true } };
  }
  const classified = classifyMatches(order ? [order] : []);
  if (classified.kind === 'receive') return { kind: 'send', order: classified.order, ...(!isAnswered && sent.writeId !== undefined && { writeId: sent.writeId }) };
  const fact = noChangeFact(scan.text, classified);
  if (fact) await recordActivity(ctx, fact, warnings);
  return { kind: 'done', outcome: classified };
}

function queueProblem(thrown: unknown): string {
  return `The scan queue could not be written: ${thrown instanceof Error ? thrown.message : String(thrown)}`;
}
