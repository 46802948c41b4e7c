/**
 * The bulk panel: the question with the count, then the progress (bar, counts, rate, ETA,
 * the latest outcomes), then the results with one line per order. It reads the app's
 * bulk-run store, so it can be hidden and shown again without losing anything.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Box, Text } from 'ink';
import { useMemo, useSyncExternalStore } from 'react';
import { display } from '../../../format/sanitize.js';
import { ShopLabel } from '../../components/shop-label.js';
import { useDraftStore } from '../../draft-store.js';
import { knownOrderNames } from '../../queries/order-names.js';
import { useTheme, type Tone } from '../../context/theme-context.js';
import { footerPart, useFooterRows } from '../../components/key-hints.js';
import { fixedPart, partRows, PRIORITY, ScreenParts, spacerPart, type ScreenPart } from '../../layout/screen-parts.js';
import { wrapToWidth } from '../../../format/width.js';
import { useNow } from '../../hooks/use-now.js';
import { useTerminalSize } from '../../hooks/use-terminal-size.js';
import type { KeyAction } from '../../keys/bindings.js';
import { actionLabel } from '../../keys/match.js';
import { useKeyTable } from '../../keys/use-key-table.js';
import { confirmPart } from '../order/confirm-dialog.js';
import type { ConfirmStatus } from '../order/use-confirm-gate.js';
import {
  confirmQuestion,
  outcomeLine,
  outcomeLinesAt,
  outcomesFittingAtEnd,
  progressBar,
  progressText,
  resultsAdvice,
  resultsSummary,
  runStatusText,
  runTitle,
} from './bulk-format.js';
import type { BulkKind, BulkRunState, OrderOutcome } from './bulk-run-state.js';
import type { BulkRunStore } from './bulk-run-store.js';
import { scopeOfBulkState, useBulkPanel } from './use-bulk-panel.js';

export interface BulkPanelProps {
  readonly store: BulkRunStore;
  /** Lines available to the panel. */
  readonly height: number;
}

const TONE_OF: Record<OrderOutcome['result'], Tone> = { ok: 'good', failed: 'danger', 'not-done': 'warning' };

const RETRY_KEY: Record<BulkKind, KeyAction> = { receive: 'receive', approve: 'approve-all-marked' };

/** Keys of the bulk scope that mean nothing in a phase: while running only Esc stops; on the results Enter closes. */
const HIDDEN_WHILE_RUNNING: ReadonlySet<KeyAction> = new Set<KeyAction>(['apply', 'move-down']);
const HIDDEN_ON_RESULTS: ReadonlySet<KeyAction> = new Set<KeyAction>(['back']);

/** A part of lines drawn as they are (each cut to the width). */
function textPart(key: string, lines: readonly string[], priority: number, style: { readonly bold?: boolean; readonly color?: string; readonly dimColor?: boolean } = {}): ScreenPart {
  return fixedPart(key, lines.length, priority, () =>
    lines.map((line, i) => (
      <Text key={i} bold={style.bold} color={style.color} dimColor={style.dimColor} wrap="truncate">
        {line}
      </Text>
    )),
  );
}

/** The panel's title: whose orders, and what the run does. */
function titlePart(title: string): ScreenPart {
  return fixedPart('title', 1, PRIORITY.header, () => (
    <Text bold wrap="truncate">
      <ShopLabel />
      {` · ${title}`}
    </Text>
  ));
}

/** Renders the bulk panel for the store's current state (nothing when idle). */
export function BulkPanel(props: BulkPanelProps) {
  const state = useSyncExternalStore(props.store.subscribe, props.store.getState);
  const { columns } = useTerminalSize();
  // The results' lines: two columns of indent, one spare.
  const lineWidth = Math.max(20, columns - 3);
  const footer = footerPart(useFooterRows(scopeOfBulkState(state), columns - 1, { hidden: state.phase === 'results' ? HIDDEN_ON_RESULTS : HIDDEN_WHILE_RUNNING }));
  const results = useBulkResultsParts(state, lineWidth, footer, props.height);
  // Scrolling stops when the last outcome is on screen (failures take two lines).
  const resultRows = results ? Math.max(1, partRows(props.height, results(0), 'outcomes')) : 1;
  const scrollRows = state.phase === 'results' ? outcomesFittingAtEnd(state.kind, state.outcomes, resultRows, lineWidth) : resultRows;
  const confirmStatus = useBulkPanel(props.store, state, scrollRows);
  if (state.phase === 'idle') return null;
  if (state.phase === 'confirm') return <BulkConfirm state={state} height={props.height} status={confirmStatus} />;
  if (state.phase === 'running') return <BulkProgressView state={state} height={props.height} footer={footer} confirmStatus={confirmStatus} />;
  return <ScreenParts height={props.height} parts={results!(state.scroll)} />;
}

function BulkConfirm(props: { readonly state: Extract<BulkRunState, { phase: 'confirm' }>; readonly height: number; readonly status: ConfirmStatus }) {
  const queryClient = useQueryClient();
  const drafts = useDraftStore();
  const width = useTerminalSize().columns - 1;
  const table = useKeyTable();
  const names = useMemo(() => knownOrderNames(queryClient), [queryClient]);
  const { kind, ids, skipped, leftOut } = props.state;
  // Orders with a saved draft are sent as drafted; the question says how many there are.
  const draftCount = useMemo(() => {
    if (kind !== 'approve') return 0;
    const withDrafts = drafts.orderIds();
    return ids.filter((id) => withDrafts.has(id)).length;
  }, [kind, ids, drafts]);
  const question = confirmQuestion(kind, ids, (id) => names.get(id) ?? null, draftCount, skipped, leftOut);
  return (
    <ScreenParts
      height={props.height}
      parts={[
        titlePart(runTitle(kind, ids.length)),
        spacerPart('question-gap'),
        confirmPart('question', question, width, props.status, table, PRIORITY.prompt),
      ]}
    />
  );
}

function BulkProgressView(props: {
  readonly state: Extract<BulkRunState, { phase: 'running' }>;
  readonly height: number;
  readonly footer: ScreenPart;
  readonly confirmStatus: ConfirmStatus;
}) {
  const table = useKeyTable();
  const { state } = props;
  const theme = useTheme();
  const nowMs = useNow(500);
  const { columns } = useTerminalSize();
  const width = columns - 1;
  const elapsed = Math.max(0, nowMs - state.startedAt);
  const p = state.progress;
  const percent = p.total > 0 ? Math.floor((p.done / p.total) * 100) : 100;
  const status = runStatusText(p, state.isStopping, state.isQuitting);
  const quitQuestion = display`A bulk run is in progress (${p.done} of ${p.total} done). Stop it and quit? Requests in flight finish first; orders not started are reported as not done.`;
  return (
    <ScreenParts
      height={props.height}
      parts={[
        titlePart(runTitle(state.kind, state.ids.length)),
        fixedPart('bar', 1, PRIORITY.outcome, () => (
          <Text wrap="truncate">
            <Text color={theme.color('accent')}>{progressBar(p.done, p.total, Math.max(10, Math.min(60, columns - 8)))}</Text>
            {` ${String(percent).padStart(3)}%`}
          </Text>
        )),
        textPart('progress', [progressText(p, elapsed)], PRIORITY.outcome),
        textPart('status', [status ?? ' '], PRIORITY.outcome, { color: theme.color('warning') }),
        state.isQuitAsked ? confirmPart('quit', quitQuestion, width, props.confirmStatus, table, PRIORITY.prompt) : null,
        textPart('latest-title', [state.settled.length > 0 ? 'Latest:' : 'Waiting for the first answers…'], PRIORITY.aside, { dimColor: true }),
        {
          key: 'latest',
          min: 0,
          want: state.settled.length,
          priority: PRIORITY.content,
          render: (rows) =>
            state.settled
              .slice(-rows)
              .reverse()
              .map((o) => (
                <Text key={o.id} color={theme.color(TONE_OF[o.result])} wrap="truncate">{`  ${outcomeLine(state.kind, o)}`}</Text>
              )),
        },
        state.isQuitAsked ? null : props.footer,
      ]}
    />
  );
}

/** The parts of the results from a scroll position (null when the run has no results yet). */
function useBulkResultsParts(state: BulkRunState, lineWidth: number, footer: ScreenPart, height: number): ((scroll: number) => ScreenPart[]) | null {
  const theme = useTheme();
  const table = useKeyTable();
  if (state.phase !== 'results') return null;
  const keys = { retry: actionLabel('list', RETRY_KEY[state.kind], table), refresh: actionLabel('list', 'refresh', table) };
  const width = lineWidth + 2;
  const parts = (scroll: number): ScreenPart[] => [
    // Whose orders these were, as on every screen (the results outlast a glance away).
    titlePart(runTitle(state.kind, state.outcomes.length)),
    textPart('summary', wrapToWidth(resultsSummary(state.kind, state.outcomes, state.isStopped, state.elapsedMs), width), PRIORITY.outcome, { bold: true }),
    textPart('advice', wrapToWidth(resultsAdvice(state.kind, state.outcomes, keys), width), PRIORITY.outcome),
    ...state.warnings.map((w, i) => textPart(`warning-${i}`, [`⚠ ${w}`], PRIORITY.outcome, { color: theme.color('warning') })),
    textPart('above', [scroll > 0 ? `  ↑ ${scroll} more` : ' '], PRIORITY.aside, { dimColor: true }),
    {
      key: 'outcomes',
      min: 1,
      want: state.outcomes.reduce((a, o) => a + outcomeLinesAt(state.kind, o, lineWidth).length, 0),
      priority: PRIORITY.content,
      render: (rows) => <BulkOutcomes shown={outcomesShown(state.kind, state.outcomes, scroll, rows, lineWidth)} />,
    },
    fixedPart('below', 1, PRIORITY.aside, () => {
      const shown = outcomesShown(state.kind, state.outcomes, scroll, partRows(height, parts(scroll), 'outcomes'), lineWidth);
      const below = state.outcomes.length - scroll - shown.length;
      return <Text dimColor>{below > 0 ? `  ↓ ${below} more` : ' '}</Text>;
    }),
    footer,
  ];
  return parts;
}

/** Whole outcomes from the scroll position, as many as fit in `rows` lines (the first one cut when it alone is taller). */
function outcomesShown(kind: BulkKind, outcomes: readonly OrderOutcome[], scroll: number, rows: number, lineWidth: number): { readonly outcome: OrderOutcome; readonly lines: readonly string[] }[] {
  const shown: { readonly outcome: OrderOutcome; readonly lines: readonly string[] }[] = [];
  let used = 0;
  for (const outcome of outcomes.slice(scroll)) {
    const lines = outcomeLinesAt(kind, outcome, lineWidth);
    if (used + lines.length > rows) {
      if (shown.length === 0 && rows > 0) shown.push({ outcome, lines: lines.slice(0, rows) });
      break;
    }
    shown.push({ outcome, lines });
    used += lines.length;
  }
  return shown;
}

/** Renders the outcomes shown, each in its tone. */
function BulkOutcomes(props: { readonly shown: readonly { readonly outcome: OrderOutcome; readonly lines: readonly string[] }[] }) {
  const theme = useTheme();
  return (
    <Box flexDirection="column">
      {props.shown.map(({ outcome, lines }) => (
        <Box key={outcome.id} flexDirection="column">
          {lines.map((line, i) => (
            <Text key={i} color={i === 0 ? theme.color(TONE_OF[outcome.result]) : undefined} wrap="truncate">{`  ${line}`}</Text>
          ))}
        </Box>
      ))}
    </Box>
  );
}
