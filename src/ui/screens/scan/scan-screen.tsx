/**
 * Scan mode for the receiving desk: a prompt that takes an order name or id and Enter, as
 * a barcode scanner types it; the latest outcome as a large banner; the history of scans.
 * A pending order opens its review here, and scanning resumes when it is closed.
 */
import { Box, Text, useStdout } from 'ink';
import { lazy, Suspense, useCallback } from 'react';
import { ShopLabel } from '../../components/shop-label.js';
import { useTheme, type Tone } from '../../context/theme-context.js';
import { actionLabel } from '../../keys/match.js';
import { useKeyTable } from '../../keys/use-key-table.js';
import { BANNER_LINES, ScanBanner } from './scan-banner.js';
import { isBadOutcome, unfinishedCount } from './scan-state.js';
import { bannerText, historyLine } from './scan-text.js';
import { useScan } from './use-scan.js';

const OrderScreen = lazy(() => import('../order/order-screen.js').then((m) => ({ default: m.OrderScreen })));

export interface ScanScreenProps {
  /** Lines available. */
  readonly height: number;
  readonly onClose: () => void;
  /** Rings the terminal bell (default: BEL to the terminal). */
  readonly ring?: () => void;
}

/** Lines besides the history: title, prompt, status, banner, history title, hints. */
const FIXED_LINES = 5 + BANNER_LINES;

/** Renders scan mode. */
export function ScanScreen(props: ScanScreenProps) {
  const theme = useTheme();
  const { stdout } = useStdout();
  const bell = useCallback(() => {
    stdout.write('\u0007');
  }, [stdout]);
  const [state, dispatch] = useScan({ onClose: props.onClose, ring: props.ring ?? bell });
  const waiting = unfinishedCount(state);
  const table = useKeyTable();
  const leaveLabel = actionLabel('scan', 'back', table);
  const waitingText = waiting > 0 ? `${waiting} waiting` : 'ready';

  if (state.reviewing) {
    const { order } = state.reviewing;
    // The order screen's own back key (a key map may move it); short enough for 80 columns.
    return (
      <Box flexDirection="column" height={props.height} overflowY="hidden">
        <Text inverse wrap="truncate">{` SCAN MODE · review of ${order.name} · ${waitingText} · ${actionLabel('order', 'back', table)}: back to scanning `}</Text>
        <Suspense fallback={<Text dimColor>Loading…</Text>}>
          <OrderScreen orderId={order.id} onBack={() => dispatch({ type: 'review-closed' })} />
        </Suspense>
      </Box>
    );
  }

  const last = state.history[0];
  const historyRows = Math.max(0, props.height - FIXED_LINES);
  const tone = (bad: boolean): Tone => (bad ? 'danger' : 'good');
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
      <Text color={theme.color('accent')} wrap="truncate">
        {state.current ? `Looking up "${state.current.text}"…` : state.isLeaving ? 'Finishing the scans waiting, then leaving scan mode…' : ' '}
      </Text>
      {last ? <ScanBanner banner={bannerText(last.text, last.outcome)} /> : <Text dimColor>{'Ready: scan a parcel label. Reviewed orders are received at once; pending ones open for review.'}</Text>}
      <Text dimColor>{state.history.length > 0 ? `Scans this session (${state.history.length}, newest first):` : ' '}</Text>
      {state.history.slice(0, historyRows).map((entry) => (
        <Text key={entry.seq} color={theme.color(tone(isBadOutcome(entry.outcome)))} wrap="truncate">{`  ${historyLine(entry)}`}</Text>
      ))}
      <Text dimColor>{`${leaveLabel} leave scan mode · Enter after each name or id (a scanner sends it)`}</Text>
    </Box>
  );
}
