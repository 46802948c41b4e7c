/**
 * The list's header: where the data comes from (profile and host, or the sandbox badge),
 * the active filters, the page, how fresh the data is and how often it refreshes by itself,
 * and retries in progress.
 */
import { Box, Text } from 'ink';
import { memo } from 'react';
import type { ListFilters } from '../../../api/list-params.js';
import { RetryIndicator } from '../../components/retry-indicator.js';
import { ShopLabel } from '../../components/shop-label.js';
import { useConnection } from '../../connection/use-connection.js';
import { useServices } from '../../context/services-context.js';
import { useTheme } from '../../context/theme-context.js';
import { formatDuration } from '../../../format/dates.js';
import { sanitizeForTerminal } from '../../../format/sanitize.js';
import { displayWidth, truncateToWidth } from '../../../format/width.js';
import { useClock } from '../../hooks/use-now.js';
import { useTerminalSize } from '../../hooks/use-terminal-size.js';
import { boundLabel } from '../../keys/match.js';
import { useKeyTable } from '../../keys/use-key-table.js';
import { describeFilters } from './describe-filters.js';

export interface ListHeaderProps {
  readonly filters: ListFilters;
  readonly limit: number;
  readonly pageIndex: number;
  /** When the page on screen was fetched (0 before the first answer). */
  readonly updatedAt: number;
  readonly isFetching: boolean;
  readonly markedCount: number;
  /** The order where an open range (V) starts, or null. */
  readonly rangeFrom?: number | null;
  /** The saved view whose filters are shown, or null. */
  readonly viewName?: string | null;
  /** Scans waiting in the scan queue from before; shown until scan mode sends them. */
  readonly queuedScans?: number;
}

/** "updated just now", "updated 12s ago", "updated 3m ago". */
export function formatUpdatedAgo(updatedMs: number, nowMs: number): string {
  const ms = Math.max(0, nowMs - updatedMs);
  if (ms < 1000) return 'updated just now';
  return ms < 60_000 ? `updated ${Math.floor(ms / 1000)}s ago` : `updated ${formatDuration(ms)} ago`;
}

/** "auto 30s", "auto 2m", "auto off": how often the list refreshes by itself. */
export function formatAutoRefresh(intervalMs: number): string {
  if (intervalMs <= 0) return 'auto off';
  const seconds = Math.round(intervalMs / 1000);
  return seconds < 60 || seconds % 60 !== 0 ? `auto ${seconds}s` : `auto ${seconds / 60}m`;
}

/**
 * Two lines (each cut to the width): source and page, then filters and marks. Memoized: a
 * selection move does not draw the header again.
 */
export const ListHeader = memo(function ListHeader(props: ListHeaderProps) {
  const { profile, isReadOnly } = useServices();
  const theme = useTheme();
  const { columns } = useTerminalSize();
  const isRetrying = useConnection().retry !== null;
  const keyTable = useKeyTable();
  const rangeKey = boundLabel('list', 'mark-range', keyTable);
  const scanKey = boundLabel('list', 'scan-mode', keyTable);
  const queued = props.queuedScans ?? 0;
  const { updatedAt } = props;
  const fresh = useClock((now) => (updatedAt > 0 ? formatUpdatedAgo(updatedAt, now) : 'loading…'), 1000, updatedAt > 0);
  // The page, the retry state and the marked count never give way: on a narrow terminal the
  // source, the age and the filters are cut instead (long filters once hid "N marked"; the
  // retry state once turned the whole first line into "…"). The freshness is cut to the room
  // the page leaves (one shrinking box: two made Yoga round a line one column past the width).
  const page = ` page ${props.pageIndex + 1} · ${props.limit}/page`;
  const freshness = truncateToWidth(
    ` · ${props.isFetching ? 'refreshing…' : columns < 80 ? fresh.replace(/^updated /, '') : fresh} · ${formatAutoRefresh(profile.refreshIntervalMs)}`,
    Math.max(0, columns - 1 - displayWidth(page)),
  );
  return (
    <Box flexDirection="column">
      <Box>
        <Box flexShrink={1}>
          <Text wrap="truncate">
            <ShopLabel />
            {isReadOnly ? <Text color={theme.color('warning')}>{' [read-only]'}</Text> : null}
          </Text>
        </Box>
        <Box flexShrink={0}>
          <Text>{page}</Text>
        </Box>
        {/* The retry state keeps its place beside the page and the freshness gives way to it. */}
        <Box flexShrink={0}>
          <RetryIndicator prefix=" " />
        </Box>
        <Box flexShrink={0} display={isRetrying ? 'none' : 'flex'}>
          <Text dimColor>{freshness}</Text>
        </Box>
      </Box>
      <Box>
        <Box flexShrink={1}>
          <Text wrap="truncate">{`${props.viewName ? `View ${sanitizeForTerminal(props.viewName)} · ` : ''}Filters: ${describeFilters(props.filters)}`}</Text>
        </Box>
        {props.markedCount > 0 ? (
          <Box flexShrink={0}>
            <Text color={theme.color('accent')}>{` · ${props.markedCount} marked`}</Text>
          </Box>
        ) : null}
        {queued > 0 ? (
          <Box flexShrink={0}>
            <Text color={theme.color('warning')}>{` · ${queued} scan${queued === 1 ? '' : 's'} queued${scanKey ? ` (${scanKey} sends)` : ''}`}</Text>
          </Box>
        ) : null}
        {props.rangeFrom !== undefined && props.rangeFrom !== null ? (
          <Box flexShrink={0}>
            <Text color={theme.color('accent')}>{` · range from ${props.rangeFrom}${rangeKey ? ` (${rangeKey} ends)` : ''}`}</Text>
          </Box>
        ) : null}
      </Box>
    </Box>
  );
});
