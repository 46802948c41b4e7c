/**
 * The bulk panel: the question with the count, then the progress (bar, counts, rate, ETA,
 * the latest outcomes), then the results with one line per order. It reads the app's
 * bulk-run store, so it can be hidden and shown again without losing anything.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Box, Text } from 'ink';
import { useMemo, useSyncExternalStore } from 'react';
import { display } from '../../../format/sanitize.js';
import { createDraftStore } from '../../../local/drafts.js';
import { ShopLabel } from '../../components/shop-label.js';
import { useServices } from '../../context/services-context.js';
import { knownOrderNames } from '../../queries/order-names.js';
import { useTheme, type Tone } from '../../context/theme-context.js';
import { useNow } from '../../hooks/use-now.js';
import { useTerminalSize } from '../../hooks/use-terminal-size.js';
import type { KeyAction, KeyScope } from '../../keys/bindings.js';
import { actionLabel, boundLabel, type KeyTable } from '../../keys/match.js';
import { useKeyTable } from '../../keys/use-key-table.js';
import { ConfirmDialog } from '../order/confirm-dialog.js';
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
import { useBulkPanel } from './use-bulk-panel.js';

export interface BulkPanelProps {
  readonly store: BulkRunStore;
  /** Lines available to the panel. */
  readonly height: number;
}

/** Lines of the results view besides the list: title, summary, advice (up to 2), blank, 2 "more" lines, hints. */
const RESULTS_FIXED_LINES = 8;
/** Lines of the running view besides the latest outcomes. */
const RUNNING_FIXED_LINES = 7;

const TONE_OF: Record<OrderOutcome['result'], Tone> = { ok: 'good', failed: 'danger', 'not-done': 'warning' };

/** "Esc stop · q quit": labels from the binding table. */
function hints(table: KeyTable, pairs: ReadonlyArray<readonly [KeyScope, KeyAction, string]>): string {
  return pairs
    .map(([scope, action, word]) => {
      // An action the config left without keys has no hint.
      const label = boundLabel(scope, action, table);
      return label === null ? null : `${label} ${word}`;
    })
    .filter((h): h is string => h !== null)
    .join(' · ');
}

const RETRY_KEY: Record<BulkKind, KeyAction> = { receive: 'receive', approve: 'approve-all-marked' };

/** Renders the bulk panel for the store's current state (nothing when idle). */
export function BulkPanel(props: BulkPanelProps) {
  const state = useSyncExternalStore(props.store.subscribe, props.store.getState);
  const { columns } = useTerminalSize();
  // The results' lines: two columns of indent, one spare.
  const lineWidth = Math.max(20, columns - 3);
  const resultRows = Math.max(1, props.height - RESULTS_FIXED_LINES - (state.phase === 'results' ? state.warnings.length : 0));
  // Scrolling stops when the last outcome is on screen (failures take two lines).
  const scrollRows = state.phase === 'results' ? outcomesFittingAtEnd(state.kind, state.outcomes, resultRows, lineWidth) : resultRows;
  useBulkPanel(props.store, state, scrollRows);
  if (state.phase === 'idle') return null;
  if (state.phase === 'confirm') return <BulkConfirm state={state} />;
  if (state.phase === 'running') return <BulkProgressView state={state} height={props.height} />;
  return <BulkResults state={state} rows={resultRows} lineWidth={lineWidth} />;
}

function BulkConfirm(props: { readonly state: Extract<BulkRunState, { phase: 'confirm' }> }) {
  const queryClient = useQueryClient();
  const { stateDir, profile, now } = useServices();
  const names = useMemo(() => knownOrderNames(queryClient), [queryClient]);
  const { kind, ids, skipped, leftOut } = props.state;
  // Orders with a saved draft are sent as drafted; the question says how many there are.
  const draftCount = useMemo(() => {
    if (kind !== 'approve') return 0;
    const withDrafts = createDraftStore({ stateDir, profile: profile.stateName, now }).orderIds();
    return ids.filter((id) => withDrafts.has(id)).length;
  }, [kind, ids, stateDir, profile.stateName, now]);
  return (
    <Box flexDirection="column">
      <Text bold wrap="truncate"><ShopLabel />{` · ${runTitle(kind, ids.length)}`}</Text>
      <ConfirmDialog question={confirmQuestion(kind, ids, (id) => names.get(id) ?? null, draftCount, skipped, leftOut)} />
    </Box>
  );
}

function BulkProgressView(props: { readonly state: Extract<BulkRunState, { phase: 'running' }>; readonly height: number }) {
  const table = useKeyTable();
  const { state } = props;
  const theme = useTheme();
  const nowMs = useNow(500);
  const { columns } = useTerminalSize();
  const elapsed = Math.max(0, nowMs - state.startedAt);
  const p = state.progress;
  const percent = p.total > 0 ? Math.floor((p.done / p.total) * 100) : 100;
  const status = runStatusText(p, state.isStopping, state.isQuitting);
  const latest = state.settled.slice(-Math.max(1, props.height - RUNNING_FIXED_LINES - (state.isQuitAsked ? 4 : 0))).reverse();
  return (
    <Box flexDirection="column">
      <Text bold wrap="truncate"><ShopLabel />{` · ${runTitle(state.kind, state.ids.length)}`}</Text>
      <Text>
        <Text color={theme.color('accent')}>{progressBar(p.done, p.total, Math.max(10, Math.min(60, columns - 8)))}</Text>
        {` ${String(percent).padStart(3)}%`}
      </Text>
      <Text wrap="truncate">{progressText(p, elapsed)}</Text>
      <Text color={theme.color('warning')} wrap="truncate">{status ?? ' '}</Text>
      {state.isQuitAsked ? (
        <ConfirmDialog question={display`A bulk run is in progress (${p.done} of ${p.total} done). Stop it and quit? Requests in flight finish first; orders not started are reported as not done.`} />
      ) : null}
      <Text dimColor>{latest.length > 0 ? 'Latest:' : 'Waiting for the first answers…'}</Text>
      {latest.map((o) => (
        <Text key={o.id} color={theme.color(TONE_OF[o.result])} wrap="truncate">{`  ${outcomeLine(state.kind, o)}`}</Text>
      ))}
      <Text dimColor>{state.isQuitAsked ? '' : hints(table, [['bulk', 'back', 'stop'], ['global', 'quit', 'quit'], ['global', 'help', 'help']])}</Text>
    </Box>
  );
}

function BulkResults(props: { readonly state: Extract<BulkRunState, { phase: 'results' }>; readonly rows: number; readonly lineWidth: number }) {
  const { state, rows } = props;
  const theme = useTheme();
  const table = useKeyTable();
  const keys = { retry: actionLabel('list', RETRY_KEY[state.kind], table), refresh: actionLabel('list', 'refresh', table) };
  // Whole outcomes from the scroll position, as many as fit in `rows` lines.
  const shown: { readonly outcome: OrderOutcome; readonly lines: readonly string[] }[] = [];
  let used = 0;
  for (const outcome of state.outcomes.slice(state.scroll)) {
    const lines = outcomeLinesAt(state.kind, outcome, props.lineWidth);
    if (used + lines.length > rows && shown.length > 0) break;
    shown.push({ outcome, lines });
    used += lines.length;
  }
  const below = state.outcomes.length - state.scroll - shown.length;
  return (
    <Box flexDirection="column">
      {/* Whose orders these were, as on every screen (the results outlast a glance away). */}
      <Text bold wrap="truncate"><ShopLabel />{` · ${runTitle(state.kind, state.outcomes.length)}`}</Text>
      <Text bold>{resultsSummary(state.kind, state.outcomes, state.isStopped, state.elapsedMs)}</Text>
      <Text wrap="wrap">{resultsAdvice(state.kind, state.outcomes, keys)}</Text>
      {state.warnings.map((w) => (
        <Text key={w} color={theme.color('warning')} wrap="truncate">{`⚠ ${w}`}</Text>
      ))}
      <Text dimColor>{state.scroll > 0 ? `  ↑ ${state.scroll} more` : ' '}</Text>
      {shown.map(({ outcome, lines }) => (
        <Box key={outcome.id} flexDirection="column">
          {lines.map((line, i) => (
            <Text key={i} color={i === 0 ? theme.color(TONE_OF[outcome.result]) : undefined} wrap="truncate">{`  ${line}`}</Text>
          ))}
        </Box>
      ))}
      <Text dimColor>{below > 0 ? `  ↓ ${below} more` : ' '}</Text>
      <Text dimColor>{hints(table, [['bulk', 'apply', 'close'], ['bulk', 'move-down', 'scroll'], ['global', 'quit', 'quit']])}</Text>
    </Box>
  );
}
