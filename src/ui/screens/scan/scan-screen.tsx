/**
 * Scan mode for the receiving desk: a prompt that takes an order name or id and Enter, as
 * a barcode scanner types it; the latest outcome as a large banner (or, while the service
 * does not answer, that scans are kept); the scans waiting and the history of scans. A
 * pending order opens its review here, and scanning resumes when it is closed.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Box, Text } from 'ink';
import { lazy, Suspense } from 'react';
import { sanitizeForTerminal } from '../../../format/sanitize.js';
import { ShopLabel } from '../../components/shop-label.js';
import { useTheme, type Tone } from '../../context/theme-context.js';
import { actionLabel } from '../../keys/match.js';
import { useKeyTable } from '../../keys/use-key-table.js';
import { useNow } from '../../hooks/use-now.js';
import { orderKeys } from '../../queries/query-keys.js';
import { BANNER_LINES, ScanBanner } from './scan-banner.js';
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

/** Lines besides the history: title, prompt, status, banner, history title, hints. */
const FIXED_LINES = 5 + BANNER_LINES;

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
  // What the order became in its review (as the order screen last read it) follows the scan into the history.
  const closeReview = (orderId: number) => {
    const status = queryClient.getQueryData<{ readonly status: string } | null>(orderKeys.detail(orderId))?.status;
    dispatch({ type: 'review-closed', ...(status !== undefined && { status: sanitizeForTerminal(status) }) });
  };

  if (state.reviewing) {
    const { order } = state.reviewing;
    // The order screen's own back key (a key map may move it); short enough for 80 columns.
    return (
      <Box flexDirection="column" height={props.height} overflowY="hidden">
        <Text inverse wrap="truncate">{` SCAN MODE · review of ${order.name} · ${waitingText} · ${actionLabel('order', 'back', table)}: back to scanning `}</Text>
        <Suspense fallback={<Text dimColor>Loading…</Text>}>
          <OrderScreen orderId={order.id} onBack={() => closeReview(order.id)} />
        </Suspense>
      </Box>
    );
  }

  const last = state.history[0];
  const historyRows = Math.max(0, props.height - FIXED_LINES);
  const tone = (bad: boolean): Tone => (bad ? 'danger' : 'good');
  const queued = [...(state.current ? [state.current] : []), ...state.queue].slice(0, historyRows);
  return (
    <Box flexDirection="column" height={props.height} overflowY="hidden">
      {/* Which shop the parcels are received for, as every screen's header says. */}
      <Text wrap="truncate">
        <Text inverse>{` SCAN MODE · receiving desk · ${waitingText} `}</Text> <ShopLabel />
      </Text>
      <Text>
        <Text bold>{'Scan an order name or id: › '}</Text>
        {state.text}
        <Text inverse> </Text>
      </Text>
      <Text color={theme.color('accent')} wrap="truncate">{statusLine(state)}</Text>
      {state.held ? (
        <ScanBanner banner={heldBanner(state.held.reason, waiting, state.held.retryAt - nowMs)} />
      ) : last ? (
        <ScanBanner banner={bannerText(last, state.history.slice(1))} />
      ) : (
        <Text dimColor>{'Ready: scan a parcel label. Reviewed orders are received at once; pending ones open for review.'}</Text>
      )}
      <Text dimColor>{state.history.length + queued.length > 0 ? `Scans this session (${state.history.length}${waiting > 0 ? ` done, ${waiting} waiting` : ''}, newest first):` : ' '}</Text>
      {queued.reverse().map((scan) => (
        <Text key={scan.seq} color={theme.color('warning')} wrap="truncate">{`  ${queuedLine(scan)}`}</Text>
      ))}
      {state.history.slice(0, Math.max(0, historyRows - queued.length)).map((entry) => (
        <Text key={entry.seq} color={theme.color(entry.outcome.kind === 'repeat' ? 'warning' : tone(isBadOutcome(entry.outcome)))} wrap="truncate">{`  ${historyLine(entry)}`}</Text>
      ))}
      <Text dimColor>{`${leaveLabel} leave scan mode · Enter after each name or id (a scanner sends it)`}</Text>
    </Box>
  );
}

/** The line above the banner: what the desk is doing now. */
function statusLine(state: ScanState): string {
  if (state.held && state.current) return `Kept: "${sanitizeForTerminal(state.current.text)}" and the scans after it wait for the service.`;
  if (state.current) return `Looking up "${sanitizeForTerminal(state.current.text)}"…`;
  if (state.isLeaving) return 'Finishing the scans waiting, then leaving scan mode…';
  return ' ';
}
