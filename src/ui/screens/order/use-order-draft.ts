/**
 * Keeps the review draft of an order on disk: restores it once the order has loaded (only
 * decisions for items that are still pending), saves every change, and drops it when the
 * order is no longer pending. Reports whether the latest decisions are safely on disk.
 */
import { useEffect, useMemo, useState } from 'react';
import type { ReturnOrder } from '../../../api/schemas.js';
import type { DraftDecision } from '../../../local/draft-format.js';
import { useServices } from '../../context/services-context.js';
import { useDraftStore } from '../../draft-store.js';
import { describeWriteError } from '../../../local/write-problem.js';
import { discardStaleDraft } from '../../../ops/reconcile.js';
import type { OrderAction, OrderState } from './order-state.js';
import { fromDraftDecisions, toDraftDecisions, type ItemRef } from '../../../ops/review-model.js';
import { isKnownStatus } from '../../../api/schemas.js';

export type DraftSaveStatus =
  | { readonly kind: 'none' }
  | { readonly kind: 'saving' }
  | { readonly kind: 'saved' }
  | { readonly kind: 'failed'; readonly message: string };

export interface OrderDraftInput {
  readonly orderId: number;
  /** undefined while loading, null when the order is gone. */
  readonly order: ReturnOrder | null | undefined;
  readonly items: readonly ItemRef[];
  readonly state: OrderState;
  readonly dispatch: (action: OrderAction) => void;
}

/** Restores, saves and drops the draft; returns whether the decisions shown are on disk. */
export function useOrderDraft(input: OrderDraftInput): DraftSaveStatus {
  const { orderId, order, items, state, dispatch } = input;
  const { stateDir, profile, now } = useServices();
  const store = useDraftStore();
  // Where a discarded draft is logged.
  const log = useMemo(() => ({ stateDir, profile: profile.stateName, now }), [stateDir, profile.stateName, now]);
  // Read once, before the first frame: nothing typed can race the restore.
  const [saved] = useState(() => store.load(orderId));
  // The last draft whose write finished, and how.
  const [written, setWritten] = useState<{ readonly draft: readonly DraftDecision[]; readonly error: string | null } | null>(null);
  const orderStatus = order === undefined ? undefined : (order?.status ?? null);

  useEffect(() => {
    if (state.isDraftSettled || orderStatus === undefined) return;
    if (saved.kind === 'none') return dispatch({ type: 'draft-settled' });
    if (saved.kind === 'unreadable') return dispatch({ type: 'draft-settled', notice: saved.notice });
    if (orderStatus === null) return dispatch({ type: 'draft-settled' }); // gone: keep the file, say so in the screen
    if (orderStatus !== 'pending') return dispatch({ type: 'draft-settled' }); // removed and logged below
    const decisions = fromDraftDecisions(items, saved.draft.decisions);
    const count = Object.keys(decisions).length;
    if (count === 0) return dispatch({ type: 'draft-settled' });
    dispatch({ type: 'draft-restored', decisions, count, savedAt: saved.draft.savedAt });
  }, [state.isDraftSettled, orderStatus, saved, items, store, orderId, dispatch]);

  // A draft is only for a pending order: once the order is anything else (reviewed elsewhere,
  // by a bulk run, by a scan), the draft is removed, logged, and the screen says so instead
  // of showing it as restored. Not while this screen's own review is in flight: that one
  // removes the draft itself once sent.
  const isSending = state.mode.kind === 'sending';
  const orderName = order?.order_name;
  useEffect(() => {
    // A status this version does not know is not surely "no longer pending": the draft is kept.
    if (!state.isDraftSettled || isSending || orderStatus === undefined || orderStatus === null || orderStatus === 'pending' || !isKnownStatus(orderStatus)) return;
    let isCurrent = true;
    discardStaleDraft({ ...log, drafts: store, source: 'order' }, { orderId, ...(orderName !== undefined && { orderName }), status: orderStatus }).then(
      (isRemoved) => {
        if (isRemoved && isCurrent) dispatch({ type: 'draft-discarded', status: orderStatus });
      },
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [state.isDraftSettled, isSending, orderStatus, store, orderId, orderName, log, dispatch]);

  const draft = useMemo(() => toDraftDecisions(items, state.decisions), [items, state.decisions]);
  useEffect(() => {
    if (!state.isDraftSettled || orderStatus !== 'pending') return;
    let isCurrent = true;
    store.save(orderId, draft).then(
      () => {
        if (isCurrent) setWritten({ draft, error: null });
      },
      (error: unknown) => {
        if (isCurrent) setWritten({ draft, error: describeWriteError(error) });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [draft, state.isDraftSettled, orderStatus, store, orderId]);

  // Derived from what was written, so "saved" can never describe older decisions than those shown.
  if (orderStatus !== 'pending' || draft.length === 0) return { kind: 'none' };
  if (written?.draft !== draft) return { kind: 'saving' };
  return written.error === null ? { kind: 'saved' } : { kind: 'failed', message: written.error };
}
