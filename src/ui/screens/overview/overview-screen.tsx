/**
 * The overview (o on the list, `:overview`): orders per status, pending orders by age as
 * bars, the oldest pending order (Enter opens it) and this profile's own activity per hour,
 * today and yesterday. A progress bar while counting, and when the figures were taken.
 * Fits 80x24; in screen-reader mode the figures are plain sentences.
 */
import { Box, Text, useIsScreenReaderEnabled } from 'ink';
import { useState } from 'react';
import { formatCount } from '../../../ops/overview.js';
import { overviewLines, overviewSentences } from '../../../ops/overview-text.js';
import type { CountProgress } from '../../../ops/overview-count.js';
import { progressBar } from '../../../format/bars.js';
import { formatDuration, formatLocalDateTime } from '../../../format/dates.js';
import { footerPart, useFooterRows } from '../../components/key-hints.js';
import { fixedPart, partRows, PRIORITY, ScreenParts, type ScreenPart } from '../../layout/screen-parts.js';
import { ShopLabel } from '../../components/shop-label.js';
import { useServices } from '../../context/services-context.js';
import { useTheme } from '../../context/theme-context.js';
import { boundLabel } from '../../keys/match.js';
import { display } from '../../../format/sanitize.js';
import { truncateToWidth, wrapToWidth } from '../../../format/width.js';
import { classifyError } from '../../errors/classify.js';
import { useClock } from '../../hooks/use-now.js';
import { useTerminalSize } from '../../hooks/use-terminal-size.js';
import { useOverviewFigures, useOverviewInput } from './use-overview.js';

export interface OverviewScreenProps {
  /** Lines available. */
  readonly height: number;
  readonly onBack: () => void;
  readonly onOpen: (orderId: number) => void;
}

function progressText(progress: CountProgress | null, isScreenReader: boolean): string {
  const done = progress?.statusesDone ?? 0;
  const total = progress?.statusesTotal ?? 12;
  const counted = formatCount(progress?.ordersCounted ?? 0);
  if (isScreenReader) return `Counting orders: ${done} of ${total} statuses done, ${counted} orders so far.`;
  return `counting [${progressBar(done, total, 12)}] ${done}/${total} · ${counted} orders`;
}

/** The screen's name after the shop. */
const TITLE = ' · overview';

/** Most lines of an error above the figures. */
const ERROR_LINES = 3;

/** Renders the overview. */
export function OverviewScreen(props: OverviewScreenProps) {
  const theme = useTheme();
  const { columns } = useTerminalSize();
  const isScreenReader = useIsScreenReaderEnabled();
  const model = useOverviewFigures();
  const { figures } = model;
  // Below 80x24 the figures scroll (↑/↓); the header and the keys stay.
  const [top, setTop] = useState(0);
  const width = Math.max(20, columns - 1);
  const lines = figures && !isScreenReader ? overviewLines(figures, { width }) : [];
  const error = model.error && !model.isCounting ? classifyError(model.error) : null;
  const { keyTable } = useServices();
  const recountKey = boundLabel('overview', 'refresh', keyTable);
  // The service's message can be long: at most ERROR_LINES of it.
  const errorLines =
    error && error.kind !== 'auth'
      ? wrapToWidth(
          display`✗ The figures could not be taken: ${'message' in error ? error.message : display`the service refused the request`}.${recountKey ? display` ${recountKey} tries again.` : display``}`,
          width,
        ).slice(0, ERROR_LINES)
      : [];
  const footer = footerPart(useFooterRows('overview', columns - 1));
  const takenAt = figures?.takenAt ?? 0;
  const age = useClock((now) => (takenAt > 0 ? formatDuration(now - takenAt) : ''), 10_000, takenAt > 0);
  const taken = figures ? `taken ${formatLocalDateTime(new Date(takenAt).toISOString()).slice(11)} (${age} ago)` : '';
  const state = model.isCounting ? progressText(model.progress, isScreenReader) : taken;
  const textLines = (key: string, texts: readonly string[], priority: number, color?: string) =>
    fixedPart(key, texts.length, priority, () => texts.map((line, i) => <Text key={i} color={color} wrap="truncate">{line}</Text>));
  const body: ScreenPart | null =
    figures === undefined
      ? model.isCounting
        ? textLines('counting', wrapToWidth(isScreenReader ? 'The figures appear when every status is counted.' : 'Walking the list of every status, 100 orders a page…', width), PRIORITY.content)
        : null
      : isScreenReader
        ? textLines('sentences', [...overviewSentences(figures), ...(figures.oldestPending ? ['Press Enter to open the oldest pending order.'] : [])].flatMap((s) => wrapToWidth(s, width)), PRIORITY.content)
        : null;
  const parts = (first: number, room: number): (ScreenPart | null)[] => [
    // The screen's name stays; the shop gives way first, then the state is cut.
    fixedPart('header', 1, PRIORITY.header, () => (
      <Box>
        <Box flexShrink={1}>
          <Text wrap="truncate">
            <ShopLabel />
          </Text>
        </Box>
        <Box flexShrink={0}>
          <Text>{TITLE}</Text>
        </Box>
        <Box flexShrink={0}>
          <Text dimColor={!model.isCounting}>
            {truncateToWidth(`${state ? ` · ${state}` : ''}${lines.length > room ? ` · ↓ ${first + 1}-${first + room} of ${lines.length}` : ''}`, Math.max(0, width - TITLE.length))}
          </Text>
        </Box>
      </Box>
    )),
    errorLines.length > 0 ? textLines('error', errorLines, PRIORITY.outcome, theme.color('danger')) : null,
    body ?? {
      key: 'figures',
      min: 1,
      want: lines.length,
      priority: PRIORITY.content,
      render: (rows) =>
        lines.slice(first, first + rows).map((line, i) => (
          <Text key={first + i} bold={line.isTitle} color={line.isOldest ? theme.color('accent') : undefined} wrap="truncate">
            {line.text}
          </Text>
        )),
    },
    footer,
  ];
  const room = Math.max(1, partRows(props.height, parts(0, 0), 'figures'));
  const maxTop = Math.max(0, lines.length - room);
  const first = Math.min(top, maxTop);
  const scroll = (by: number) => setTop((t) => Math.max(0, Math.min(maxTop, Math.min(t, maxTop) + by)));
  useOverviewInput({ figures, onBack: props.onBack, onOpen: props.onOpen, recount: model.recount, scroll });
  return <ScreenParts height={props.height} parts={parts(first, room)} />;
}
