/**
 * The order screen's writes: the review and receive mutations over the console's one drafts
 * store, what each outcome means for the screen (one pure function, `settledWrite`), and the
 * write's warnings on the notice line. The screen only calls `sendReview` / `sendReceive`.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReviewItem } from '../../../api/schemas.js';
import { sanitizeForTerminal } from '../../../format/sanitize.js';
import { loadProfileMemory } from '../../../local/profile-memory.js';
import type { ActivitySource } from '../../../ops/context.js';
import type { WriteOutcome } from '../../../ops/outcome.js';
import { useNotice } from '../../context/notice-context.js';
import { useServices } from '../../context/services-context.js';
import { orderKeys } from '../../queries/query-keys.js';
import { opsContext, receiveMutation, reviewMutation, settledOf } from '../../queries/write-mutations.js';
import type { OrderAction } from './order-state.js';
import { placeReceiveError, placeReviewError } from './review-errors.js';

/** A write the screen sent: the review (its items and summary) or the receive. */
export type SentWrite = { readonly what: 'review'; readonly items: readonly ReviewItem[]; readonly summary: string } | { readonly what: 'receive' };

/** What a settled write means for the screen (pure). */
export interface SettledWrite {
  /** For the reducer; null when the write was not done (nothing to say on the screen). */
  readonly action: OrderAction | null;
  /** What the screen learned about the shop's keep item: it has it, it lacks it, or nothing. */
  readonly keep: 'has-it' | 'lacks-it' | null;
  /** The write's local problems for the notice line, or null. */
  readonly warning: string | null;
}

/**
 * The outcome of `write` for the screen. `cached` is the order as the query holds it after
 * the write (refreshed), else the order the write returned gives the status shown.
 */
export function settledWrite(write: SentWrite, outcome: WriteOutcome, cached: { readonly status: string } | null | undefined): SettledWrite {
  const warning = outcome.warnings.length > 0 ? outcome.warnings.join(' ') : null;
  if (outcome.status === 'ok') {
    const status = (cached ?? outcome.result.order)?.status ?? null;
    const facts = { status, isAlreadyApplied: outcome.isAlreadyApplied, ...(outcome.result.requestId !== undefined && { requestId: outcome.result.requestId }) };
    if (write.what === 'receive') return { action: { type: 'receive-succeeded', ...facts }, keep: null, warning };
    const keptOne = write.items.some((i) => i.action === 'keep_item');
    return { action: { type: 'review-succeeded', summary: write.summary, ...facts }, keep: keptOne ? 'has-it' : null, warning };
  }
  if (outcome.status === 'failed') {
    const failure = write.what === 'review' ? placeReviewError(outcome.error, write.items) : placeReceiveError(outcome.error);
    return { action: { type: 'write-failed', failure }, keep: outcome.error.code === 'keep_item_not_allowed' ? 'lacks-it' : null, warning };
  }
  return { action: null, keep: null, warning };
}

/** When the service refused keep item for this profile's shop (ISO time, from the profile's memory), else null; and its setter. */
export function useKeepUnsupportedSince(): readonly [string | null, (since: string | null) => void] {
  const { stateDir, profile } = useServices();
  const [since, setSince] = useState(() => loadProfileMemory(stateDir, profile.stateName).keepItemUnsupported?.learnedAt ?? null);
  return [since, setSince] as const;
}

export interface OrderWritesInput {
  readonly orderId: number;
  /** The order's name once loaded (the activity log names it). */
  readonly orderName: string | undefined;
  /** Where the activity log says the writes were made. */
  readonly source: Extract<ActivitySource, 'order' | 'scan'>;
  readonly dispatch: (action: OrderAction) => void;
  readonly setKeepUnsupportedSince: (since: string | null) => void;
}

/** The order screen's two writes; each says "sending", sends, and hands its outcome to the reducer. */
export function useOrderWrites(input: OrderWritesInput): { readonly sendReview: (items: readonly ReviewItem[], summary: string) => void; readonly sendReceive: () => void } {
  const { orderId, orderName, source, dispatch, setKeepUnsupportedSince } = input;
  const services = useServices();
  const queryClient = useQueryClient();
  const notice = useNotice();
  const ctx = opsContext(services, source);
  const review = useMutation(reviewMutation(queryClient, ctx, orderId));
  const receive = useMutation(receiveMutation(queryClient, ctx, orderId));
  const named = orderName === undefined ? {} : { orderName };

  const settle = (write: SentWrite, outcome: WriteOutcome) => {
    const settled = settledWrite(write, outcome, queryClient.getQueryData<{ status: string } | null>(orderKeys.detail(orderId)));
    if (settled.action) dispatch(settled.action);
    if (settled.warning !== null) notice.show(sanitizeForTerminal(settled.warning), 'warning');
    if (settled.keep === 'has-it') setKeepUnsupportedSince(null);
    if (settled.keep === 'lacks-it') setKeepUnsupportedSince(new Date(services.now()).toISOString());
  };
  return {
    sendReview: (items, summary) => {
      dispatch({ type: 'sending', what: 'review' });
      void settledOf(review.mutateAsync({ items, ...named })).then((outcome) => settle({ what: 'review', items, summary }, outcome));
    },
    sendReceive: () => {
      dispatch({ type: 'sending', what: 'receive' });
      void settledOf(receive.mutateAsync(named)).then((outcome) => settle({ what: 'receive' }, outcome));
    },
  };
}
