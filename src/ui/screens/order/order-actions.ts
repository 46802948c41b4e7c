/**
 * The two writes of the order screen, with everything that goes with them: the request,
 * the cache update and refresh, the draft, the profile memory and the audit log entry.
 * Plain async functions rather than component callbacks, so their effects complete even
 * when the screen is left while a request is in flight.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ReturnsClient } from '../../../api/client-types.js';
import { isApiError, type ApiError } from '../../../api/client/errors.js';
import type { ReviewItem } from '../../../api/schemas.js';
import { appendAudit, type AuditEntry } from '../../../local/audit-log.js';
import type { DraftStore } from '../../../local/drafts.js';
import { forgetKeepItemUnsupported, rememberKeepItemUnsupported } from '../../../local/profile-memory.js';
import { orderKeys } from '../../queries/query-keys.js';
import { placeReceiveError, placeReviewError, type WriteFailure } from './review-errors.js';

export interface WriteDeps {
  readonly client: ReturnsClient;
  readonly queryClient: QueryClient;
  readonly drafts: DraftStore;
  readonly stateDir: string;
  readonly profile: string;
  readonly now: () => number;
  /** The order's name, for the activity log (absent while unknown). */
  readonly orderName?: string;
}

export type WriteOutcome =
  | { readonly isOk: true; readonly status: string | null; readonly isAlreadyApplied: boolean; readonly requestId?: string; readonly warnings: readonly string[] }
  | { readonly isOk: false; readonly failure: WriteFailure; readonly warnings: readonly string[] };

/** An unexpected throw (a bug, not a service answer) still becomes an ApiError-shaped fact. */
function asApiError(error: unknown): Pick<ApiError, 'kind' | 'code' | 'message'> & Partial<ApiError> {
  if (isApiError(error)) return error;
  return { kind: 'api', code: 'unexpected_error', message: error instanceof Error ? error.message : String(error) };
}

/** Appends to the audit log; a failure becomes a warning, never a lost write result. */
async function audit(deps: WriteDeps, entry: Omit<AuditEntry, 'time' | 'profile' | 'source'>, warnings: string[]): Promise<void> {
  try {
    const name = deps.orderName === undefined ? {} : { orderName: deps.orderName };
    await appendAudit(deps.stateDir, { time: new Date(deps.now()).toISOString(), profile: deps.profile, source: 'order', ...name, ...entry });
  } catch (error) {
    warnings.push(`The activity log could not be written: ${(error as Error).message}`);
  }
}

/** Runs a local side effect, turning a failure into a warning. */
async function attempt(what: string, effect: () => Promise<unknown>, warnings: string[]): Promise<void> {
  try {
    await effect();
  } catch (error) {
    warnings.push(`${what}: ${(error as Error).message}`);
  }
}

function failureFields(error: ReturnType<typeof asApiError>) {
  return {
    ...(error.status !== undefined && { status: error.status }),
    code: error.code,
    message: error.message,
    ...(error.requestId !== undefined && { requestId: error.requestId }),
  };
}

/** Sends one review with every pending item's decision. */
export async function sendReview(deps: WriteDeps, orderId: number, items: readonly ReviewItem[]): Promise<WriteOutcome> {
  const warnings: string[] = [];
  const decisions = items.map((i) => ({ ...i }));
  try {
    const result = await deps.client.review(orderId, items);
    if (result.order) deps.queryClient.setQueryData(orderKeys.detail(orderId), result.order);
    await audit(deps, {
      orderId,
      action: 'review',
      decisions,
      outcome: result.isAlreadyApplied ? 'already_applied' : 'ok',
      ...(result.requestId !== undefined && { requestId: result.requestId }),
    }, warnings);
    await attempt('The draft could not be removed', () => deps.drafts.drop(orderId), warnings);
    // A keep went through: whatever was remembered about the shop lacking it is out of date.
    if (items.some((i) => i.action === 'keep_item')) await attempt('Profile memory', () => forgetKeepItemUnsupported(deps.stateDir, deps.profile), warnings);
    await deps.queryClient.invalidateQueries({ queryKey: orderKeys.all });
    const order = deps.queryClient.getQueryData<{ status: string } | null>(orderKeys.detail(orderId)) ?? result.order;
    return { isOk: true, status: order?.status ?? null, isAlreadyApplied: result.isAlreadyApplied, ...(result.requestId !== undefined && { requestId: result.requestId }), warnings };
  } catch (thrown) {
    const error = asApiError(thrown);
    const failure = placeReviewError(error, items);
    await audit(deps, { orderId, action: 'review', decisions, outcome: 'failed', ...failureFields(error) }, warnings);
    if (failure.kind === 'keep-unsupported') {
      await attempt('Profile memory', () => rememberKeepItemUnsupported(deps.stateDir, deps.profile, {
        learnedAt: new Date(deps.now()).toISOString(),
        ...(error.requestId !== undefined && { requestId: error.requestId }),
      }), warnings);
    }
    // The order may have changed under us: show it as it is now (the draft follows, see use-order-draft).
    if (failure.kind !== 'banner') await deps.queryClient.invalidateQueries({ queryKey: orderKeys.all });
    return { isOk: false, failure, warnings };
  }
}

/** Marks a reviewed order received. */
export async function sendReceive(deps: WriteDeps, orderId: number): Promise<WriteOutcome> {
  const warnings: string[] = [];
  try {
    const result = await deps.client.receive(orderId);
    if (result.order) deps.queryClient.setQueryData(orderKeys.detail(orderId), result.order);
    await audit(deps, {
      orderId,
      action: 'receive',
      outcome: result.isAlreadyApplied ? 'already_applied' : 'ok',
      ...(result.requestId !== undefined && { requestId: result.requestId }),
    }, warnings);
    await deps.queryClient.invalidateQueries({ queryKey: orderKeys.all });
    const order = deps.queryClient.getQueryData<{ status: string } | null>(orderKeys.detail(orderId)) ?? result.order;
    return { isOk: true, status: order?.status ?? null, isAlreadyApplied: result.isAlreadyApplied, ...(result.requestId !== undefined && { requestId: result.requestId }), warnings };
  } catch (thrown) {
    const error = asApiError(thrown);
    const failure = placeReceiveError(error);
    await audit(deps, { orderId, action: 'receive', outcome: 'failed', ...failureFields(error) }, warnings);
    if (failure.kind !== 'banner') await deps.queryClient.invalidateQueries({ queryKey: orderKeys.all });
    return { isOk: false, failure, warnings };
  }
}
