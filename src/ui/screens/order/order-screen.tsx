/**
 * The order screen: one return order with its items. Pending orders are reviewed here
 * (approve, reject with a reason, keep; one review request for every pending item),
 * reviewed orders received; other statuses are read-only. Decisions survive errors and
 * restarts (drafts), and every write is recorded in the activity log.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Box, Text } from 'ink';
import { useMemo, useState } from 'react';
import { createDraftStore } from '../../../local/drafts.js';
import { loadProfileMemory } from '../../../local/profile-memory.js';
import { ITEMS_NOT_AVAILABLE } from '../../../format/order.js';
import { display, sanitizeForTerminal, type DisplayText } from '../../../format/sanitize.js';
import { wrapToWidth } from '../../../format/width.js';
import { footerHints, footerLineCount, KeyHints } from '../../components/key-hints.js';
import { actionLabel } from '../../keys/match.js';
import { useNotice } from '../../context/notice-context.js';
import { useServices } from '../../context/services-context.js';
import { useTheme } from '../../context/theme-context.js';
import { classifyError } from '../../errors/classify.js';
import { receiveMutation, reviewMutation, settledOf, opsContext } from '../../queries/write-mutations.js';
import type { WriteOutcome } from '../../../ops/outcome.js';
import { useNow } from '../../hooks/use-now.js';
import { useTerminalSize } from '../../hooks/use-terminal-size.js';
import { CONFIRM_SUFFIX, ConfirmDialog } from './confirm-dialog.js';
import { bannerHeight, ErrorBanner } from './error-banner.js';
import { ItemRow } from './item-row.js';
import { ITEMS_MAX_WIDTH } from './item-lines.js';
import { orderFrameLines } from './order-frame.js';
import { OrderHeader } from './order-header.js';
import { orderDetailQuery } from './order-queries.js';
import { orderKeys } from '../../queries/query-keys.js';
import { ReasonPrompt } from './reason-prompt.js';
import { unavailableOrderActions } from './order-key-availability.js';
import type { OrderMode } from './order-state.js';
import { placeReceiveError, placeReviewError } from './review-errors.js';
import { itemRefs, orderItems } from '../../../ops/review-model.js';
import { useOrderDraft } from './use-order-draft.js';
import { scopeOfMode, useOrderInput } from './use-order-input.js';
import { useOpenWebPage } from '../../hooks/use-web-page.js';
import { useOrderState } from './use-order-state.js';
import { isUnknownStatus, unknownStatusText } from '../../unknown-status.js';

/** The question before a write, with the order's name (sanitized). */
function confirmText(orderName: string, mode: OrderMode): DisplayText {
  const name = sanitizeForTerminal(orderName);
  return mode.kind === 'confirm-review' ? display`Send the review of ${name}: ${sanitizeForTerminal(mode.summary)}?` : display`Mark ${name} as received?`;
}

/** The line under the items of an order that is not pending (what can be done with it), else null. */
function statusNote(status: string, receiveKey: DisplayText): DisplayText | null {
  if (status === 'pending') return null;
  if (status === 'reviewed') return display`Reviewed: press ${receiveKey} to mark it received.`;
  if (isUnknownStatus(status)) return unknownStatusText(status);
  return display`This order is ${sanitizeForTerminal(status)}: nothing to do here (read-only).`;
}

/** True when `record` has a key (without listing 20,000 of them). */
function hasAnyKey(record: object): boolean {
  for (const _ in record) return true;
  return false;
}

export interface OrderScreenProps {
  readonly orderId: number;
  readonly onBack: () => void;
}

/** The order screen. */
export function OrderScreen(props: OrderScreenProps) {
  const { orderId, onBack } = props;
  const services = useServices();
  const { client, profile, stateDir, now, isReadOnly } = services;
  const queryClient = useQueryClient();
  const notice = useNotice();
  const theme = useTheme();
  const nowMs = useNow(30_000);
  const { rows, columns } = useTerminalSize();

  // Refreshes by itself like the list, so a change made elsewhere shows while it is open.
  const query = useQuery({ ...orderDetailQuery(client, orderId), refetchInterval: profile.refreshIntervalMs > 0 ? profile.refreshIntervalMs : false });
  const order = query.data;
  const items = useMemo(() => (order ? orderItems(order) : null), [order]);
  const refs = useMemo(() => itemRefs(items), [items]);
  const [keepUnsupportedSince, setKeepUnsupportedSince] = useState(
    () => loadProfileMemory(stateDir, profile.stateName).keepItemUnsupported?.learnedAt ?? null,
  );
  const [state, dispatch] = useOrderState({
    items: refs,
    status: order?.status ?? null,
    keepUnsupportedSince,
    presets: profile.rejectReasons,
  });
  const drafts = useMemo(() => createDraftStore({ stateDir, profile: profile.stateName, now }), [stateDir, profile.stateName, now]);
  const draftLog = useMemo(() => ({ stateDir, profile: profile.stateName, now }), [stateDir, profile.stateName, now]);
  const draftStatus = useOrderDraft({ store: drafts, orderId, order, items: refs, state, dispatch, log: draftLog });
  const ctx = opsContext(services, 'order', drafts);
  const review = useMutation(reviewMutation(queryClient, ctx, orderId));
  const receive = useMutation(receiveMutation(queryClient, ctx, orderId));
  const orderName = order ? { orderName: order.order_name } : {};

  /** The order's status after a write: as refreshed, else as the write returned it. */
  const statusAfter = (outcome: Extract<WriteOutcome, { status: 'ok' }>) =>
    (queryClient.getQueryData<{ status: string } | null>(orderKeys.detail(orderId)) ?? outcome.result.order)?.status ?? null;
  const settle = (outcome: WriteOutcome) => {
    if (outcome.warnings.length > 0) notice.show(sanitizeForTerminal(outcome.warnings.join(' ')), 'warning');
    if (outcome.status === 'failed' && outcome.error.code === 'keep_item_not_allowed') setKeepUnsupportedSince(new Date(now()).toISOString());
  };
  const openWebPage = useOpenWebPage();
  const commands = {
    dispatch,
    onBack,
    onRefresh: () => void query.refetch(),
    onOpenWeb: () => {
      if (order) openWebPage(order);
    },
    onConfirmReview: () => {
      if (state.mode.kind !== 'confirm-review') return;
      const { items: body, summary } = state.mode;
      dispatch({ type: 'sending', what: 'review' });
      void settledOf(review.mutateAsync({ items: body, ...orderName })).then((outcome) => {
        if (outcome.status === 'ok') {
          if (body.some((i) => i.action === 'keep_item')) setKeepUnsupportedSince(null);
          const { isAlreadyApplied, result } = outcome;
          dispatch({ type: 'review-succeeded', summary, status: statusAfter(outcome), isAlreadyApplied, ...(result.requestId !== undefined && { requestId: result.requestId }) });
        } else if (outcome.status === 'failed') {
          dispatch({ type: 'write-failed', failure: placeReviewError(outcome.error, body) });
        }
        settle(outcome);
      });
    },
    onConfirmReceive: () => {
      dispatch({ type: 'sending', what: 'receive' });
      void settledOf(receive.mutateAsync(orderName)).then((outcome) => {
        if (outcome.status === 'ok') {
          const { isAlreadyApplied, result } = outcome;
          dispatch({ type: 'receive-succeeded', status: statusAfter(outcome), isAlreadyApplied, ...(result.requestId !== undefined && { requestId: result.requestId }) });
        } else if (outcome.status === 'failed') {
          dispatch({ type: 'write-failed', failure: placeReceiveError(outcome.error) });
        }
        settle(outcome);
      });
    },
  };
  useOrderInput(state.mode, commands, true);

  const scope = scopeOfMode(state.mode);
  // Memoized: KeyHints skips a render when its props are the same (a held j or k on this screen).
  const status = order?.status ?? null;
  const isKeepUnsupported = keepUnsupportedSince !== null;
  const offActions = useMemo(() => (scope === 'order' ? unavailableOrderActions(status, isKeepUnsupported) : undefined), [scope, status, isKeepUnsupported]);
  const footerLines = footerLineCount(footerHints(scope, isReadOnly, offActions, services.keyTable), columns);
  const footer = (
    <Box marginTop={1}>
      <KeyHints scope={scope} {...(offActions && { offActions })} />
    </Box>
  );

  if (order === undefined) {
    if (query.isError) {
      const view = classifyError(query.error);
      const text = view.kind === 'auth' || view.kind === 'transient' || view.kind === 'other' ? view.message : 'The order could not be loaded.';
      return (
        <Box flexDirection="column">
          <Text color={theme.color('danger')} wrap="wrap">{`✗ Order ${orderId} could not be loaded: ${text}`}</Text>
          <Text>Press R to try again, Esc to go back.</Text>
          {footer}
        </Box>
      );
    }
    return (
      <Box flexDirection="column">
        <Text>{`Loading order ${orderId}…`}</Text>
        {footer}
      </Box>
    );
  }
  if (order === null) {
    return (
      <Box flexDirection="column">
        <Text color={theme.color('danger')} wrap="wrap">
          {`✗ Return order ${orderId} is no longer available (it was removed, or it is not one of this shop's orders).`}
        </Text>
        {state.mode.kind === 'browse' && hasAnyKey(state.decisions) && (
          <Text>Your decisions were not sent; the draft is kept in case the order comes back.</Text>
        )}
        {footer}
      </Box>
    );
  }

  const isPending = order.status === 'pending';
  const note = statusNote(order.status, actionLabel('order', 'receive', services.keyTable));
  const mode = state.mode;
  // Lines besides the items: header, hints, the shell's notice line, notes, banner, prompt or dialog.
  const banner = state.banner;
  const width = columns - 1;
  const reasonField = mode.kind === 'reason' ? wrapToWidth(`> ${mode.field.value} `, width - 2).length : 0;
  const question = mode.kind === 'confirm-review' || mode.kind === 'confirm-receive' ? wrapToWidth(`${confirmText(order.order_name, mode)}${CONFIRM_SUFFIX}`, width - 4).length : 0;
  const reserved =
    7 +
    footerLines +
    (note !== null ? wrapToWidth(note, width).length : keepUnsupportedSince !== null ? 1 : 0) +
    (banner ? bannerHeight(banner, order.status, width) : 0) +
    (mode.kind === 'reason' ? 2 + reasonField + (profile.rejectReasons.length > 0 ? 1 + profile.rejectReasons.length : 0) + (mode.error ? wrapToWidth(mode.error, width - 4).length : 0) : 0) +
    (question > 0 ? 3 + question : 0) +
    (mode.kind === 'sending' ? 1 : 0);
  // The items on screen, wrapped to the width (one column spare: a full line makes terminals wrap).
  const itemsWidth = Math.min(columns - 1, ITEMS_MAX_WIDTH);
  const { window: shown, lines } = orderFrameLines(items ?? [], order.currency, state, itemsWidth, rows - reserved);
  const reasonItem = mode.kind === 'reason' ? items?.find((i) => i.key === mode.key) : undefined;
  return (
    <Box flexDirection="column">
      <OrderHeader order={order} nowMs={nowMs} draft={draftStatus} isReadOnly={isReadOnly} />
      {items === null ? (
        <Text color={theme.color('warning')}>{ITEMS_NOT_AVAILABLE}</Text>
      ) : items.length === 0 ? (
        <Text dimColor>This order has no items.</Text>
      ) : (
        <Box flexDirection="column" width={itemsWidth}>
          {shown.start > 0 && <Text dimColor>{`  ↑ ${shown.start} more`}</Text>}
          {items.slice(shown.start, shown.end).map((entry, offset) => (
            <ItemRow
              key={entry.key}
              entry={entry}
              lines={lines[offset]!}
              decision={state.decisions[entry.key]}
              isSelected={shown.start + offset === state.cursor}
              isReviewable={isPending}
            />
          ))}
          {shown.end < items.length && <Text dimColor>{`  ↓ ${items.length - shown.end} more`}</Text>}
        </Box>
      )}
      {note !== null && (
        <Text dimColor={!isUnknownStatus(order.status)} color={isUnknownStatus(order.status) ? theme.color('warning') : undefined} wrap="wrap">
          {note}
        </Text>
      )}
      {isPending && keepUnsupportedSince !== null && (
        <Text dimColor>{'e keep: off for this profile (the shop lacks the keep item feature)'}</Text>
      )}
      {state.banner && <ErrorBanner banner={state.banner} status={order.status} />}
      {mode.kind === 'reason' && (
        <ReasonPrompt itemTitle={sanitizeForTerminal(reasonItem?.item.title ?? '')} field={mode.field} presets={profile.rejectReasons} presetIndex={mode.presetIndex} error={mode.error} />
      )}
      {(mode.kind === 'confirm-review' || mode.kind === 'confirm-receive') && <ConfirmDialog question={confirmText(order.order_name, mode)} />}
      {mode.kind === 'sending' && (
        <Text color={theme.color('accent')}>{mode.what === 'review' ? `Sending review (${mode.summary ?? ''})…` : 'Marking received…'}</Text>
      )}
      {footer}
    </Box>
  );
}
