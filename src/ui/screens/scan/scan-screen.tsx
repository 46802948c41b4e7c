/**
 * Scan mode for the receiving desk: a prompt that takes an order name or id and Enter, as
 * a barcode scanner types it; the latest outcome as a large banner; the history of scans.
 * A pending order opens its review here, and scanning resumes when it is closed.
 */
import { Text, useStdout } from 'ink';
import { lazy, Suspense, useCallback } from 'react';
import { ShopLabel } from '../../components/shop-label.js';
import { useTheme, type Tone } from '../../context/theme-context.js';
import { actionLabel } from '../../keys/match.js';
import { useKeyTable } from '../../keys/use-key-table.js';
import { wrapToWidth } from '../../../format/width.js';
import { useTerminalSize } from '../../hooks/use-terminal-size.js';
import { fixedPart, PRIORITY, ScreenParts } from '../../layout/screen-parts.js';
import { ScanBanner, scanBannerNeed } from './scan-banner.js';
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
  const width = useTerminalSize().columns - 1;

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
                <OrderScreen orderId={order.id} onBack={() => dispatch({ type: 'review-closed' })} height={rows} source="scan" />
              </Suspense>
            ),
          },
        ]}
      />
    );
  }

  const last = state.history[0];
  const banner = last ? bannerText(last.text, last.outcome) : null;
  const ready = wrapToWidth('Ready: scan a parcel label. Reviewed orders are received at once; pending ones open for review.', width);
  const tone = (bad: boolean): Tone => (bad ? 'danger' : 'good');
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
            {state.current ? `Looking up "${state.current.text}"…` : state.isLeaving ? 'Finishing the scans waiting, then leaving scan mode…' : ' '}
          </Text>
        )),
        banner
          ? { key: 'banner', ...scanBannerNeed(banner), priority: PRIORITY.outcome, render: (rows) => <ScanBanner banner={banner} rows={rows} /> }
          : fixedPart('ready', ready.length, PRIORITY.aside, () => ready.map((line, i) => <Text key={i} dimColor wrap="truncate">{line}</Text>)),
        fixedPart('history-title', 1, PRIORITY.aside, () => (
          <Text dimColor wrap="truncate">{state.history.length > 0 ? `Scans this session (${state.history.length}, newest first):` : ' '}</Text>
        )),
        {
          key: 'history',
          min: 0,
          want: state.history.length,
          priority: PRIORITY.content,
          render: (rows) =>
            state.history.slice(0, rows).map((entry) => (
              <Text key={entry.seq} color={theme.color(tone(isBadOutcome(entry.outcome)))} wrap="truncate">{`  ${historyLine(entry)}`}</Text>
            )),
        },
        fixedPart('footer', 1, PRIORITY.footer, () => <Text dimColor wrap="truncate">{`${leaveLabel} leave scan mode · Enter after each name or id (a scanner sends it)`}</Text>),
      ]}
    />
  );
}
