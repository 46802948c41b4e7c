/**
 * Receive: marks a reviewed order received, whoever sends it (the order screen, a bulk
 * run, scan mode, `returns-console receive`). Records one activity log entry; a draft left
 * from when the order was pending is removed (and logged). In the console, a receive that
 * ends unanswered while it quits is read back (write-stops.ts).
 */
import { recordActivity } from './activity.js';
import type { OpsContext } from './context.js';
import type { WriteOutcome } from './outcome.js';
import { discardStaleDraftOrWarn } from './reconcile.js';
import { failedOrNotDone, type WriteOptions } from './review.js';
import { cuttable, settleAtQuit } from './write-stops.js';
import { isReceiveApplied } from '../api/client/reconcile.js';

/** Marks `orderId` received; never rejects (every failure is an outcome). */
export async function receiveOrder(ctx: OpsContext, orderId: number, options: WriteOptions = {}): Promise<WriteOutcome> {
  const warnings: string[] = [];
  const base = { action: 'receive' as const, orderId, ...(options.orderName !== undefined && { orderName: options.orderName }) };
  let outcome: WriteOutcome;
  try {
    const result = await ctx.client.receive(orderId, cuttable(options.call, ctx.writeStops));
    const orderName = options.orderName ?? result.order?.order_name;
    outcome = { ...base, ...(orderName !== undefined && { orderName }), status: 'ok', result, isAlreadyApplied: result.isAlreadyApplied, warnings };
  } catch (thrown) {
    outcome = await settleAtQuit(ctx, failedOrNotDone(base, thrown, options, warnings), isReceiveApplied);
  }
  if (options.shouldRecord?.(outcome) ?? true) await recordActivity(ctx, { kind: 'write', outcome }, warnings);
  if (outcome.status === 'ok') {
    const stale = { orderId, status: outcome.result.order?.status ?? 'received', ...(outcome.orderName !== undefined && { orderName: outcome.orderName }) };
    await discardStaleDraftOrWarn(ctx, stale, warnings);
  }
  return outcome;
}
