/**
 * The one outcome of a write (review or receive), whoever started it: applied (possibly
 * found already applied by a retried request), failed with the client's error, or not done
 * (a bulk run stopped before its turn). The activity log entry, the command's output and
 * the console's display are all read from it.
 */
import type { WriteResult } from '../api/client-types.js';
import { ApiError, isApiError } from '../api/client/errors.js';
import type { ReviewItem } from '../api/schemas.js';
import type { Reconciled } from './write-stops.js';

export type WriteAction = 'review' | 'receive';

interface OutcomeBase {
  readonly action: WriteAction;
  readonly orderId: number;
  /** The order's name when it was known (from the caller, or the service's answer). */
  readonly orderName?: string;
  /** The review items sent (review only), exactly as in the request. */
  readonly decisions?: readonly ReviewItem[];
  /** Local problems on the way (activity log, draft, profile memory): never a lost write result. */
  readonly warnings: readonly string[];
  /** A write that ended without a definite answer while the console quit, as read back (write-stops.ts). */
  readonly reconciled?: Reconciled;
  /** The id its activity-log entries share (absent when nothing was about to be sent). */
  readonly writeId?: string;
}

export type WriteOutcome =
  | (OutcomeBase & {
      readonly status: 'ok';
      readonly result: WriteResult;
      readonly isAlreadyApplied: boolean;
      /** Approve all: how many decisions came from the order's saved draft. */
      readonly fromDraft?: number;
    })
  | (OutcomeBase & { readonly status: 'failed'; readonly error: ApiError })
  | (OutcomeBase & { readonly status: 'not_done' });

/** Anything thrown becomes an ApiError (an unexpected throw is a bug, still reported as a fact). */
export function toApiError(thrown: unknown): ApiError {
  if (isApiError(thrown)) return thrown;
  const message = thrown instanceof Error ? thrown.message : String(thrown);
  return new ApiError({ kind: 'api', code: 'unexpected_error', message });
}
