/**
 * Receive: marks a reviewed order received, whoever sends it (the order screen, a bulk
 * run, scan mode, `returns-console receive`), through the one way writes are sent
 * (send-write.ts: logged before and after). A draft left from when the order was pending is
 * removed (and logged).
 */
import { isReceiveApplied } from '../api/client/reconcile.js';
import type { OpsContext } from './context.js';
import type { WriteOutcome } from './outcome.js';
import { discardStaleDraftOrWarn } from './reconcile.js';
import { sendWrite, type WriteOptions } from './send-write.js';

/** Marks `orderId` received; never rejects (every failure is an outcome). */
export async function receiveOrder(ctx: OpsContext, orderId: number, options: WriteOptions = {}): Promise<WriteOutcome> {
  const base = { action: 'receive' as const, orderId, ...(options.orderName !== undefined && { orderName: options.orderName }) };
  const outcome = await sendWrite(ctx, base, (call) => ctx.client.receive(orderId, call), isReceiveApplied, options);
  if (outcome.status === 'ok') {
    const warnings = [...outcome.warnings];
    const stale = { orderId, status: outcome.result.order?.status ?? 'received', ...(outcome.orderName !== undefined && { orderName: outcome.orderName }) };
    await discardStaleDraftOrWarn(ctx, stale, warnings);
    return { ...outcome, warnings };
  }
  return outcome;
}
