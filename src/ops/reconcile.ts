/**
 * Write reconciliation: after a write, local state follows the service. A review that went
 * through takes its draft with it; a keep that went through means the shop has the keep
 * feature, a keep refused with `keep_item_not_allowed` that it lacks it (profile memory);
 * a draft whose order is no longer pending can never be sent, so it is removed and the
 * activity log keeps what it held (nothing typed disappears without a trace). Every local
 * failure here is a warning, never a lost write result.
 */
import type { ApiError } from '../api/client/errors.js';
import type { ReviewItem } from '../api/schemas.js';
import { sanitizeForTerminal } from '../format/sanitize.js';
import { forgetKeepItemUnsupported, rememberKeepItemUnsupported } from '../local/profile-memory.js';
import { recordActivity } from './activity.js';
import { draftsOf, type LocalContext } from './context.js';

/** Runs a local side effect, turning a failure into a warning. */
async function attempt(what: string, effect: () => Promise<unknown>, warnings: string[]): Promise<void> {
  try {
    await effect();
  } catch (error) {
    warnings.push(`${what}: ${sanitizeForTerminal(error instanceof Error ? error.message : String(error))}`);
  }
}

/** After a review the service applied: the draft goes, and a keep that went through clears "no keep" from memory. */
export async function reconcileReviewed(ctx: LocalContext, orderId: number, items: readonly ReviewItem[], warnings: string[]): Promise<void> {
  await attempt('The draft could not be removed', () => draftsOf(ctx).drop(orderId), warnings);
  if (items.some((i) => i.action === 'keep_item')) await attempt('Profile memory', () => forgetKeepItemUnsupported(ctx.stateDir, ctx.profile), warnings);
}

/** After a review the service refused: a refused keep is remembered for the profile. */
export async function reconcileRefusedReview(ctx: LocalContext, error: ApiError, warnings: string[]): Promise<void> {
  if (error.code !== 'keep_item_not_allowed') return;
  await attempt('Profile memory', () => rememberKeepItemUnsupported(ctx.stateDir, ctx.profile, {
    learnedAt: new Date(ctx.now()).toISOString(),
    ...(error.requestId !== undefined && { requestId: error.requestId }),
  }), warnings);
}

export interface StaleDraft {
  readonly orderId: number;
  /** The order's name, when known (the activity log shows it). */
  readonly orderName?: string;
  /** The order's status now: why the draft goes. */
  readonly status: string;
}

/**
 * Removes the order's draft, if it has one, and logs it (action "draft", outcome
 * "discarded", with the decisions it held). Resolves true when a draft was removed;
 * rejects when it could not be removed.
 */
export async function discardStaleDraft(ctx: LocalContext, stale: StaleDraft): Promise<boolean> {
  const store = draftsOf(ctx);
  const saved = store.load(stale.orderId);
  if (saved.kind !== 'found') return false;
  await store.drop(stale.orderId);
  const warnings: string[] = [];
  await recordActivity(ctx, { kind: 'draft-discarded', ...stale, decisions: saved.draft.decisions }, warnings);
  if (warnings.length > 0) throw new Error(warnings.join(' '));
  return true;
}

/** discardStaleDraft with a failure as a warning. */
export function discardStaleDraftOrWarn(ctx: LocalContext, stale: StaleDraft, warnings: string[]): Promise<void> {
  return attempt('A stale draft could not be removed', () => discardStaleDraft(ctx, stale), warnings);
}
