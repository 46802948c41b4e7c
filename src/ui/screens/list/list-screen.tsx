/**
 * The orders list: header, the table of the current page (or the filter panel, or quick
 * find above the table), a banner for failures, and the footer hints of the active scope.
 */
import { Text } from 'ink';
import { useMemo } from 'react';
import { CommandLine } from '../../command-line/command-line.js';
import { useCommandHistory } from '../../command-line/use-command-history.js';
import { ErrorBanner } from '../../components/error-banner.js';
import { boundLabel } from '../../keys/match.js';
import { useKeyTable } from '../../keys/use-key-table.js';
import { footerPart, useFooterRows } from '../../components/key-hints.js';
import { fixedPart, partRows, PRIORITY, ScreenParts } from '../../layout/screen-parts.js';
import { useNow } from '../../hooks/use-now.js';
import { useTerminalSize } from '../../hooks/use-terminal-size.js';
import { DataTable, MARKER_WIDTH, TABLE_HEADER_LINES } from '../../table/data-table.js';
import { layoutColumns } from '../../table/table-layout.js';
import { listBodyParts } from './list-parts.js';
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
  /** Rows of the screen. */
  readonly height: number;
  /** Commands of the command line that belong to the app shell (:log, :help, :q, :profile, :overview). */
  readonly onAppCommand?: AppCommandHandler;
  /** Scans waiting in the scan queue from before (shown in the header until sent). */
  readonly queuedScans?: number;
}

const HEADER_LINES = 2;

/** Renders the list screen in `height` rows. */
export function ListScreen(props: ListScreenProps) {
  const [state] = props.store;
  const size = useTerminalSize();
  const { height } = props;
  // What PgUp/PgDn move by: the table's rows, known once the parts are shared out below.
  let tableRows = 1;
  const model = useOrdersList({
    store: props.store,
    pageRows: () => tableRows,
    isActive: true,
    onOpen: props.onOpen,
    onTargetsAction: props.onTargetsAction,
  });
  // Ages change slowly; a minute clock keeps the table from re-rendering every second.
  const now = useNow(60_000);
  const columns = useMemo(
    () => layoutColumns(orderColumns(now, state.columns ?? undefined), size.columns - MARKER_WIDTH),
    [now, size.columns, state.columns],
  );
  const marked = useMemo(() => new Set(state.marked), [state.marked]);
  const draftIds = useDraftIds(model.rows);
  const hasFilters = Object.keys(state.filters).length > 0;
  const history = useCommandHistory();
  const filterKey = boundLabel('list', 'filter', useKeyTable());
  const runCommand = useListCommands(props.store, props.onAppCommand);
  const footer = footerPart(useFooterRows(state.mode === 'browse' ? 'list' : state.mode, size.columns - 1));

  const table = (rows: number) =>
    model.isLoading ? (
      <Text dimColor>  Loading return orders…</Text>
    ) : (
      <DataTable
        columns={columns}
        rows={model.rows}
        rowKey={(o) => o.id}
        selectedIndex={model.selectedIndex}
        isMarked={(o) => marked.has(o.id)}
        hasDraft={(o) => draftIds.has(o.id)}
        height={rows - TABLE_HEADER_LINES}
        emptyText={hasFilters ? `No return orders match these filters${filterKey ? ` (${filterKey} to change them)` : ''}.` : 'No return orders.'}
      />
    );
  const body = listBodyParts({
    store: props.store,
    height,
    table,
    commandLine: (onClose) => <CommandLine filters={state.filters} history={history} onRun={runCommand} onClose={onClose} />,
    onOpen: props.onOpen,
  });
  const parts = [
    fixedPart('header', HEADER_LINES, PRIORITY.header, () => (
      <ListHeader
        filters={state.filters}
        limit={state.limit}
        pageIndex={state.pageIndex}
        updatedAt={model.updatedAt}
        isFetching={model.isFetching}
        markedCount={state.marked.length}
        rangeFrom={state.rangeAnchor}
        viewName={state.viewName}
        queuedScans={props.queuedScans ?? 0}
      />
    )),
    model.error ? fixedPart('error', 1, PRIORITY.outcome, () => <ErrorBanner error={model.error!} retryAt={model.retryAt} />) : null,
    ...body,
    footer,
  ];
  tableRows = Math.max(1, partRows(height, parts, 'table') - TABLE_HEADER_LINES);
  return <ScreenParts height={height} parts={parts} />;
}
