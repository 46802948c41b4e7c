/**
 * A draft outlives its order's pending state when the order is reviewed elsewhere, by a
 * bulk run or through a scan. Such a draft can never be sent; it is removed, and the
 * activity log keeps what it held, so nothing typed disappears without a trace.
 */
import { appendAudit } from './audit-log.js';
import type { DraftStore } from './drafts.js';

export interface DiscardDraftInput {
  readonly store: DraftStore;
  readonly stateDir: string;
  readonly profile: string;
  readonly now: () => number;
  readonly orderId: number;
  /** The order's name, when known (the activity log shows it). */
  readonly orderName?: string;
  /** The order's status now: why the draft goes. */
  readonly status: string;
  /** Where it was found: "order", "bulk", "list", "scan". */
  readonly source: string;
}

/**
 * Removes the order's draft, if it has one, and logs it (action "draft", outcome
 * "discarded", with the decisions it held). Resolves true when a draft was removed.
 */
export async function discardStaleDraft(input: DiscardDraftInput): Promise<boolean> {
  const saved = input.store.load(input.orderId);
  if (saved.kind !== 'found') return false;
  await input.store.drop(input.orderId);
  const n = saved.draft.decisions.length;
  await appendAudit(input.stateDir, {
    time: new Date(input.now()).toISOString(),
    profile: input.profile,
    orderId: input.orderId,
    ...(input.orderName !== undefined && { orderName: input.orderName }),
    action: 'draft',
    source: input.source,
    decisions: saved.draft.decisions.map((d) => ({
      id: d.id,
      type: d.type,
      action: d.action,
      ...(d.rejectReason !== undefined && { reject_reason: d.rejectReason }),
    })),
    outcome: 'discarded',
    code: 'order_not_pending',
    message: `Draft of ${n} decision${n === 1 ? '' : 's'} removed: the order is now ${input.status} (reviewed elsewhere or by another run).`,
  });
  return true;
}
