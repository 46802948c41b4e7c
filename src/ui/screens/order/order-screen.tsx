/**
 * The order screen: one return order with its items. Pending orders are reviewed here
 * (approve, reject with a reason, keep; one review request for every pending item),
 * reviewed orders received; other statuses are read-only. Decisions survive errors and
 * restarts (drafts), and every write is recorded in the activity log.
 */
import { useQuery } from '@tanstack/react-query';
import { Text } from 'ink';
import { useMemo } from 'react';
import { display, sanitizeForTerminal, type DisplayText } from '../../../format/sanitize.js';
import { wrapToWidth } from '../../../format/width.js';
import { footerPart, useFooterRows } from '../../components/key-hints.js';
import { fixedPart, PRIORITY, ScreenParts, spacerPart } from '../../layout/screen-parts.js';
import { actionLabel } from '../../keys/match.js';
import { useReportKeyState } from '../../context/key-state-context.js';
import { useServices } from '../../context/services-context.js';
import { useTheme } from '../../context/theme-context.js';
import { classifyError } from '../../errors/classify.js';
import type { ActivitySource } from '../../../ops/context.js';
import { useNow } from '../../hooks/use-now.js';
import { useTerminalSize } from '../../hooks/use-terminal-size.js';
import { orderParts } from './order-parts.js';
import { orderDetailQuery } from './order-queries.js';
import type { OrderMode } from './order-state.js';
import { itemRefs, orderItems } from '../../../ops/review-model.js';
import { useOrderDraft } from './use-order-draft.js';
import { scopeOfMode, useOrderInput } from './use-order-input.js';
import { useOpenWebPage } from '../../hooks/use-web-page.js';
import { useOrderState } from './use-order-state.js';
import { useKeepUnsupportedSince, useOrderWrites } from './use-order-writes.js';
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
  /** Rows of the screen. */
  readonly height: number;
  /** Where the activity log says its writes were made (scan mode opens reviews too). Default "order". */
  readonly source?: Extract<ActivitySource, 'order' | 'scan'>;
}

/** The order screen. */
export function OrderScreen(props: OrderScreenProps) {
  const { orderId, onBack, height, source = 'order' } = props;
  const services = useServices();
  const { client, profile, isReadOnly } = services;
  const theme = useTheme();
  const nowMs = useNow(30_000);
  const { columns } = useTerminalSize();

  // Refreshes by itself like the list, so a change made elsewhere shows while it is open.
  const query = useQuery({ ...orderDetailQuery(client, orderId), refetchInterval: profile.refreshIntervalMs > 0 ? profile.refreshIntervalMs : false });
  const order = query.data;
  const items = useMemo(() => (order ? orderItems(order) : null), [order]);
  const refs = useMemo(() => itemRefs(items), [items]);
  const [keepUnsupportedSince, setKeepUnsupportedSince] = useKeepUnsupportedSince();
  const [state, dispatch] = useOrderState({
    items: refs,
    status: order?.status ?? null,
    keepUnsupportedSince,
    presets: profile.rejectReasons,
  });
  const draftStatus = useOrderDraft({ orderId, order, items: refs, state, dispatch });
  const writes = useOrderWrites({ orderId, orderName: order?.order_name, source, dispatch, setKeepUnsupportedSince });
  const openWebPage = useOpenWebPage();
  const commands = {
    dispatch,
    onBack,
    onRefresh: () => void query.refetch(),
    onOpenWeb: () => {
      if (order) openWebPage(order);
    },
    onConfirmReview: () => {
      if (state.mode.kind === 'confirm-review') writes.sendReview(state.mode.items, state.mode.summary);
    },
    onConfirmReceive: writes.sendReceive,
  };
  const confirmStatus = useOrderInput(state.mode, commands, true);

  const scope = scopeOfMode(state.mode);
  // What the keys' disabledReason reads; memoized, so the help hears of it only when it changes.
  const status = order?.status ?? null;
  const keyState = useMemo(() => ({ status, keepUnsupportedSince }), [status, keepUnsupportedSince]);
  useReportKeyState(keyState);
  const footer = footerPart(useFooterRows(scope, columns - 1, scope === 'order' ? { keyState } : undefined));
  const justDecided = state.justDecided;

  const message = (key: string, lines: readonly string[], color?: string) =>
    fixedPart(key, lines.length, PRIORITY.content, () => lines.map((line, i) => <Text key={i} color={color} wrap="truncate">{line}</Text>));
  const width = columns - 1;
  if (order === undefined) {
    if (query.isError) {
      const view = classifyError(query.error);
      const text = view.kind === 'auth' || view.kind === 'transient' || view.kind === 'other' ? view.message : 'The order could not be loaded.';
      return (
        <ScreenParts
          height={height}
          parts={[
            message('error', wrapToWidth(`✗ Order ${orderId} could not be loaded: ${text}`, width), theme.color('danger')),
            message('what-to-do', ['Press R to try again, Esc to go back.']),
            spacerPart('footer-gap'),
            footer,
          ]}
        />
      );
    }
    return <ScreenParts height={height} parts={[message('loading', [`Loading order ${orderId}…`]), spacerPart('footer-gap'), footer]} />;
  }
  if (order === null) {
    return (
      <ScreenParts
        height={height}
        parts={[
          message('gone', wrapToWidth(`✗ Return order ${orderId} is no longer available (it was removed, or it is not one of this shop's orders).`, width), theme.color('danger')),
          state.mode.kind === 'browse' && hasAnyKey(state.decisions) ? message('draft-kept', wrapToWidth('Your decisions were not sent; the draft is kept in case the order comes back.', width)) : null,
          spacerPart('footer-gap'),
          footer,
        ]}
      />
    );
  }

  const mode = state.mode;
  const parts = orderParts({
    order,
    items,
    state,
    decidedKey: justDecided,
    draft: draftStatus,
    isReadOnly,
    nowMs,
    columns,
    height,
    presets: profile.rejectReasons,
    isKeepOff: keepUnsupportedSince !== null,
    note: statusNote(order.status, actionLabel('order', 'receive', services.keyTable)),
    question: mode.kind === 'confirm-review' || mode.kind === 'confirm-receive' ? confirmText(order.order_name, mode) : null,
    confirmStatus,
    keyTable: services.keyTable,
    theme,
    footer,
  });
  return <ScreenParts height={height} parts={parts} />;
}
