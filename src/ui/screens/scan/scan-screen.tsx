/**
 * Scan mode for the receiving desk: a prompt that takes an order name or id and Enter, as
 * a barcode scanner types it; the latest outcome as a large banner (or, while the service
 * does not answer, that scans are kept); the scans waiting and the history of scans. A
 * pending order opens its review here, and scanning resumes when it is closed.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Text } from 'ink';
import { lazy, Suspense } from 'react';
import { sanitizeForTerminal } from '../../../format/sanitize.js';
import { wrapToWidth } from '../../../format/width.js';
import { ShopLabel } from '../../components/shop-label.js';
import { useTheme, type Tone } from '../../context/theme-context.js';
import { useNow } from '../../hooks/use-now.js';
import { useTerminalSize } from '../../hooks/use-terminal-size.js';
import { actionLabel } from '../../keys/match.js';
import { useKeyTable } from '../../keys/use-key-table.js';
import { fixedPart, PRIORITY, ScreenParts } from '../../layout/screen-parts.js';
import { orderKeys } from '../../queries/query-keys.js';
import { ScanBanner, scanBannerNeed } from './scan-banner.js';
import { isBadOutcome, unfinishedCount, type ScanState } from './scan-state.js';
import { useScanSound } from './scan-sound.js';
import { bannerText, heldBanner, historyLine, queuedLine } from './scan-text.js';
import { useScan } from './use-scan.js';

const OrderScreen = lazy(() => import('../order/order-screen.js').then((m) => ({ default: m.OrderScreen })));

export interface ScanScreenProps {
  /** Lines available. */
  readonly height: number;
  readonly onClose: () => void;
}

/** Renders scan mode. */
export function ScanScreen(props: ScanScreenProps) {
  const theme = useTheme();
  const sound = useScanSound();
  const queryClient = useQueryClient();
  const [state, dispatch] = useScan({ onClose: props.onClose, sound });
  const nowMs = useNow(state.held ? 1_000 : 60_000);
  const waiting = unfinishedCount(state);
  const table = useKeyTable();
  const leaveLabel = actionLabel('scan', 'back', table);
  const waitingText = state.held ? `${waiting} queued · service not answering` : waiting > 0 ? `${waiting} waiting` : 'ready';
  const width = useTerminalSize().columns - 1;
  // What the order became in its review (as the order screen last read it) follows the scan into the history.
  const closeReview = (orderId: number) => {
    const status = queryClient.getQueryData<{ readonly status: string } | null>(orderKeys.detail(orderId))?.status;
    dispatch({ type: 'review-closed', ...(status !== undefined && { status: sanitizeForTerminal(status) }) });
  };

  if (state.reviewing) {
    const { order } = state.reviewing;
    // The order screen's own back key (a key map may move it); short enough for 80 columns.
    return (
      <ScreenParts
        height={props.height}
        parts={[
          fixedPart('title', 1, PRIORITY.header, () => (
            <Text inverse wrap="truncate">{` SCAN MODE · review of ${order.name} · ${waitingText} · ${actionLabel('order', 'back', table)}: back to scanning `}</Text>
          )),
          {
            key: 'review',
            min: 1,
            want: props.height,
            priority: PRIORITY.content,
            render: (rows) => (
              <Suspense fallback={<Text dimColor>Loading…</Text>}>
                <OrderScreen orderId={order.id} onBack={() => closeReview(order.id)} height={rows} source="scan" />
              </Suspense>
            ),
          },
        ]}
      />
    );
  }

  const last = state.history[0];
  const banner = state.held ? heldBanner(state.held.reason, waiting, state.held.retryAt - nowMs) : last ? bannerText(last, state.history.slice(1)) : null;
  const ready = wrapToWidth('Ready: scan a parcel label. Reviewed orders are received at once; pending ones open for review.', width);
  const tone = (bad: boolean): Tone => (bad ? 'danger' : 'good');
  const queued = [...(state.current ? [state.current] : []), ...state.queue];
  const listed = queued.length + state.history.length;
  return (
    <ScreenParts
      height={props.height}
      parts={[
        // Which shop the parcels are received for, as every screen's header says.
        fixedPart('title', 1, PRIORITY.header, () => (
          <Text wrap="truncate">
            <Text inverse>{` SCAN MODE · receiving desk · ${waitingText} `}</Text> <ShopLabel />
          </Text>
        )),
        fixedPart('prompt', 1, PRIORITY.prompt, () => (
          // The end of what is typed stays in view.
          <Text wrap="truncate-start">
            <Text bold>{'Scan an order name or id: › '}</Text>
            {state.text}
            <Text inverse> </Text>
          </Text>
        )),
        fixedPart('status', 1, PRIORITY.outcome, () => (
          <Text color={theme.color('accent')} wrap="truncate">
            {statusLine(state)}
          </Text>
        )),
        banner
          ? { key: 'banner', ...scanBannerNeed(banner), priority: PRIORITY.outcome, render: (rows) => <ScanBanner banner={banner} rows={rows} /> }
          : fixedPart('ready', ready.length, PRIORITY.aside, () => ready.map((line, i) => <Text key={i} dimColor wrap="truncate">{line}</Text>)),
        fixedPart('history-title', 1, PRIORITY.aside, () => (
          <Text dimColor wrap="truncate">
            {listed > 0 ? `Scans this session (${state.history.length}${waiting > 0 ? ` done, ${waiting} waiting` : ''}, newest first):` : ' '}
          </Text>
        )),
        {
          key: 'history',
          min: 0,
          want: listed,
          priority: PRIORITY.content,
          // The scans still waiting first (the newest on top), then those done.
          render: (rows) => {
            const waitingShown = queued.slice(0, rows).reverse();
            return [
              ...waitingShown.map((scan) => (
                <Text key={`q${scan.seq}`} color={theme.color('warning')} wrap="truncate">{`  ${queuedLine(scan)}`}</Text>
              )),
              ...state.history.slice(0, Math.max(0, rows - waitingShown.length)).map((entry) => (
                <Text key={entry.seq} color={theme.color(entry.outcome.kind === 'repeat' ? 'warning' : tone(isBadOutcome(entry.outcome)))} wrap="truncate">
                  {`  ${historyLine(entry)}`}
                </Text>
              )),
            ];
          },
        },
        fixedPart('footer', 1, PRIORITY.footer, () => <Text dimColor wrap="truncate">{`${leaveLabel} leave scan mode · Enter after each name or id (a scanner sends it)`}</Text>),
      ]}
    />
  );
}

/** The line above the banner: what the desk is doing now. */
function statusLine(state: ScanState): string {
  if (state.held && state.current) return `Kept: "${sanitizeForTerminal(state.current.text)}" and the scans after it wait for the service.`;
  if (state.current) return `Looking up "${sanitizeForTerminal(state.current.text)}"…`;
  if (state.isLeaving) return 'Finishing the scans waiting, then leaving scan mode…';
  return ' ';
}
