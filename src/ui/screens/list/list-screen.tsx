/**
 * The orders list: header, the table of the current page (or the filter panel, or quick
 * find above the table), a banner for failures, and the footer hints of the active scope.
 */
import { Box, Text } from 'ink';
import { useMemo } from 'react';
import { CommandLine, COMMAND_LINE_LINES } from '../../command-line/command-line.js';
import { useCommandHistory } from '../../command-line/use-command-history.js';
import { ErrorBanner } from '../../components/error-banner.js';
import { boundLabel } from '../../keys/match.js';
import { useKeyTable } from '../../keys/use-key-table.js';
import { KeyHints } from '../../components/key-hints.js';
import { useNow } from '../../hooks/use-now.js';
import { useTerminalSize } from '../../hooks/use-terminal-size.js';
import { DataTable, MARKER_WIDTH } from '../../table/data-table.js';
import { layoutColumns } from '../../table/table-layout.js';
import { FilterPanel } from './filter-panel.js';
import { formFromFilters } from './filter-form.js';
import { FindPrompt } from './find-prompt.js';
import { ListHeader } from './list-header.js';
import { orderColumns } from './order-columns.js';
import { useDraftIds } from './use-draft-ids.js';
import { useListCommands, type AppCommandHandler } from './use-list-commands.js';
import type { ListStore } from './use-list-state.js';
import { useOrdersList, type TargetsAction } from './use-orders-list.js';

export interface ListScreenProps {
  readonly store: ListStore;
  readonly onOpen: (id: number) => void;
  readonly onTargetsAction?: (action: TargetsAction, ids: readonly number[]) => void;
  /** Lines the app shell uses below the screen (its notice line and one spare line). */
  readonly reservedLines: number;
  /** Commands of the command line that belong to the app shell (:log, :help, :q, :profile, :overview). */
  readonly onAppCommand?: AppCommandHandler;
}

const HEADER_LINES = 2;
const TABLE_HEADER_LINES = 1;
const FOOTER_LINES = 2;
const FIND_PROMPT_LINES = 3;

/** Renders the list screen within the terminal's size. */
export function ListScreen(props: ListScreenProps) {
  const [state, dispatch] = props.store;
  const size = useTerminalSize();
  const fixed = props.reservedLines + HEADER_LINES + TABLE_HEADER_LINES + FOOTER_LINES;
  const promptLines = state.mode === 'find' ? FIND_PROMPT_LINES : state.mode === 'command' ? COMMAND_LINE_LINES : 0;
  const baseHeight = Math.max(3, size.rows - fixed - promptLines);
  const model = useOrdersList({
    store: props.store,
    bodyHeight: baseHeight,
    isActive: true,
    onOpen: props.onOpen,
    onTargetsAction: props.onTargetsAction,
  });
  const bodyHeight = Math.max(1, baseHeight - (model.error ? 1 : 0));
  // Ages change slowly; a minute clock keeps the table from re-rendering every second.
  const now = useNow(60_000);
  const columns = useMemo(
    () => layoutColumns(orderColumns(now, state.columns ?? undefined), model.rows, size.columns - MARKER_WIDTH),
    [now, model.rows, size.columns, state.columns],
  );
  const marked = useMemo(() => new Set(state.marked), [state.marked]);
  const draftIds = useDraftIds(model.rows);
  const hasFilters = Object.keys(state.filters).length > 0;
  const history = useCommandHistory();
  const filterKey = boundLabel('list', 'filter', useKeyTable());
  const runCommand = useListCommands(props.store, props.onAppCommand);

  const table = model.isLoading ? (
    <Text dimColor>  Loading return orders…</Text>
  ) : (
    <DataTable
      columns={columns}
      rows={model.rows}
      rowKey={(o) => o.id}
      selectedIndex={model.selectedIndex}
      isMarked={(o) => marked.has(o.id)}
      hasDraft={(o) => draftIds.has(o.id)}
      height={bodyHeight}
      emptyText={hasFilters ? `No return orders match these filters${filterKey ? ` (${filterKey} to change them)` : ''}.` : 'No return orders.'}
    />
  );

  return (
    <Box flexDirection="column" height={size.rows - props.reservedLines} overflowY="hidden">
      <ListHeader
        filters={state.filters}
        limit={state.limit}
        pageIndex={state.pageIndex}
        updatedAt={model.updatedAt}
        isFetching={model.isFetching}
        markedCount={state.marked.length}
        rangeFrom={state.rangeAnchor}
        viewName={state.viewName}
      />
      {model.error ? <ErrorBanner error={model.error} retryAt={model.retryAt} /> : null}
      <Box flexDirection="column" flexGrow={1} overflowY="hidden">
        {state.mode === 'filter' ? (
          <FilterPanel
            initial={state.rejected ? formFromFilters(state.rejected.filters, state.rejected.limit) : formFromFilters(state.filters, state.limit)}
            serverError={state.rejected?.error ?? null}
            height={bodyHeight + TABLE_HEADER_LINES}
            onApply={(filters, limit) => dispatch({ type: 'apply-filters', filters, limit })}
            onCancel={() => dispatch({ type: 'set-mode', mode: 'browse' })}
          />
        ) : (
          <>
            {state.mode === 'find' ? (
              <FindPrompt
                initialText={state.findSeed}
                height={baseHeight}
                onOpen={(order) => {
                  dispatch({ type: 'set-mode', mode: 'browse' });
                  props.onOpen(order.id);
                }}
                onClose={() => dispatch({ type: 'set-mode', mode: 'browse' })}
              />
            ) : null}
            {state.mode === 'command' ? (
              <CommandLine
                filters={state.filters}
                history={history}
                onRun={runCommand}
                onClose={() => dispatch({ type: 'set-mode', mode: 'browse' })}
              />
            ) : null}
            <Box flexDirection="column" flexShrink={1} overflowY="hidden">
              {table}
            </Box>
          </>
        )}
      </Box>
      <KeyHints scope={state.mode === 'browse' ? 'list' : state.mode} />
    </Box>
  );
}
