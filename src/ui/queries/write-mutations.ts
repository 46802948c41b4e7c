/**
 * The console's writes as React Query mutations over the operations of src/ops (the same
 * ones the commands run): each has its key (mutation-keys.ts), runs the operation, and then
 * brings the cache up to date by key prefix. A write refused the key rejects with
 * `RefusedKeyError`, which the one mutation-cache `onError` (query-client.ts) turns into the
 * authentication screen; the error still carries what the write settled with.
 *
 * The effects live in the mutation's own options, not in a component's callbacks, so they
 * complete even when the screen that started the write is left while it is in flight. Each
 * write is held by the console's write stops, so quitting waits for it (ops/stop-signals.ts).
 */
import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import type { ApiError } from '../../api/client/errors.js';
import type { ReviewItem } from '../../api/schemas.js';
import type { BulkProgress } from '../../api/bulk/index.js';
import { runBulkWrites, type BulkKind, type BulkRunReport } from '../../ops/bulk.js';
import type { ActivitySource, OpsContext } from '../../ops/context.js';
import type { WriteOutcome } from '../../ops/outcome.js';
import { receiveOrder } from '../../ops/receive.js';
import { reviewOrder } from '../../ops/review.js';
import type { QueuedScan } from '../../local/scan-queue.js';
import { sendQueuedScan, type QueueNotes, type QueueStep } from '../../ops/scan-queue.js';
import { heldBy } from '../../ops/write-stops.js';
import { classifyError } from '../errors/classify.js';
import type { ConsoleServices } from '../services.js';
import { draftStoreOf } from '../draft-store.js';
import { writeKeys } from './mutation-keys.js';
import { orderKeys } from './query-keys.js';

/** A write that settled, but was refused the key: `settled` is what it settled with, `cause` the refusal. */
export class RefusedKeyError<T> extends Error {
  override readonly name = 'RefusedKeyError';
  constructor(
    readonly settled: T,
    cause: ApiError,
  ) {
    super(cause.message, { cause });
  }
}

/** What a write settled with, also when it was refused the key (the auth screen is shown meanwhile). */
export function settledOf<T>(write: Promise<T>): Promise<T> {
  return write.catch((error: unknown) => {
    if (error instanceof RefusedKeyError) return error.settled as T;
    throw error;
  });
}

const isKeyRefused = (error: ApiError) => classifyError(error).kind === 'auth';

/** The operations' context of the console's services (with the console's one drafts store). */
export function opsContext(services: Pick<ConsoleServices, 'client' | 'stateDir' | 'profile' | 'now' | 'writeStops'>, source: ActivitySource): OpsContext {
  const { client, stateDir, now, writeStops } = services;
  return { client, stateDir, profile: services.profile.stateName, now, source, drafts: draftStoreOf(services), ...(writeStops && { writeStops }) };
}

function raiseRefusedKey(outcome: WriteOutcome): WriteOutcome {
  if (outcome.status === 'failed' && isKeyRefused(outcome.error)) throw new RefusedKeyError(outcome, outcome.error);
  return outcome;
}

/** Whether the service answered something definite about the order, so what is cached may be out of date. */
function isDefiniteAnswer(outcome: WriteOutcome): boolean {
  if (outcome.status !== 'failed') return outcome.status === 'ok';
  const status = outcome.error.status;
  return status !== undefined && status >= 400 && status < 500 && status !== 429;
}

/** After a write: the order as the service returned it, then every order query by prefix. */
async function followWrite(queryClient: QueryClient, outcome: WriteOutcome): Promise<void> {
  if (outcome.status === 'ok' && outcome.result.order) queryClient.setQueryData(orderKeys.detail(outcome.orderId), outcome.result.order);
  if (isDefiniteAnswer(outcome)) await queryClient.invalidateQueries({ queryKey: orderKeys.all });
}

export interface ReviewVariables {
  readonly items: readonly ReviewItem[];
  readonly orderName?: string;
}

/** The order screen's review of `orderId`. */
export function reviewMutation(queryClient: QueryClient, ctx: OpsContext, orderId: number) {
  return mutationOptions({
    mutationKey: writeKeys.review(orderId),
    mutationFn: ({ items, orderName }: ReviewVariables) =>
      heldBy(ctx.writeStops, `review of order ${orderId}`, async () => raiseRefusedKey(await reviewOrder(ctx, orderId, items, orderName === undefined ? {} : { orderName }))),
    onSuccess: (outcome: WriteOutcome) => followWrite(queryClient, outcome),
  });
}

/** The order screen's receive of `orderId`. */
export function receiveMutation(queryClient: QueryClient, ctx: OpsContext, orderId: number) {
  return mutationOptions({
    mutationKey: writeKeys.receive(orderId),
    mutationFn: ({ orderName }: { readonly orderName?: string }) =>
      heldBy(ctx.writeStops, `receive of order ${orderId}`, async () => raiseRefusedKey(await receiveOrder(ctx, orderId, orderName === undefined ? {} : { orderName }))),
    onSuccess: (outcome: WriteOutcome) => followWrite(queryClient, outcome),
  });
}

export interface BulkVariables {
  readonly ids: readonly number[];
  readonly names: ReadonlyMap<number, string>;
  readonly signal: AbortSignal;
  readonly onProgress: (progress: BulkProgress) => void;
  readonly onOutcome: (outcome: WriteOutcome) => void;
}

/** A bulk run of `kind`; the order lists are refreshed when it ends (not awaited: results need not wait). */
export function bulkMutation(queryClient: QueryClient, ctx: OpsContext, kind: BulkKind) {
  return mutationOptions({
    mutationKey: writeKeys.bulk(kind),
    mutationFn: (v: BulkVariables): Promise<BulkRunReport> =>
      heldBy(ctx.writeStops, `bulk ${kind === 'receive' ? 'receive' : 'approve all'} of ${v.ids.length} order${v.ids.length === 1 ? '' : 's'}`, async () => {
        const report = await runBulkWrites(ctx, kind, v.ids, { signal: v.signal, names: v.names, onProgress: v.onProgress, onOutcome: v.onOutcome });
        const refused = report.outcomes.find((o) => o.status === 'failed' && isKeyRefused(o.error));
        if (refused?.status === 'failed') throw new RefusedKeyError(report, refused.error);
        return report;
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

/** One scan of scan mode's queue (`queue`: its notes on disk); the list and any open order show the new status. */
export function scanMutation(queryClient: QueryClient, ctx: OpsContext, pattern: RegExp | null, queue: QueueNotes) {
  return mutationOptions({
    mutationKey: writeKeys.scan(),
    mutationFn: (scan: QueuedScan): Promise<QueueStep> =>
      heldBy(ctx.writeStops, 'a scan', async () => {
        const step = await sendQueuedScan(ctx, scan, pattern, queue);
        if (step.error && isKeyRefused(step.error)) throw new RefusedKeyError(step, step.error);
        return step;
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
