/**
 * The activity log (L): the newest entries of the local audit file of this profile (another
 * shop's activity never shows), newest first, fitted to the terminal (one line each, or two
 * where a row does not fit: audit-layout.ts) and scrollable.
 */
import { Box, Text } from 'ink';
import { useMemo } from 'react';
import { KeyHints } from '../../components/key-hints.js';
import { useServices } from '../../context/services-context.js';
import { useTheme } from '../../context/theme-context.js';
import { useTerminalSize } from '../../hooks/use-terminal-size.js';
import { MAX_AUDIT_LINE_BYTES, type AuditEntry } from '../../../local/audit-log.js';
import { auditLogPath } from '../../../local/state-paths.js';
import { sanitizeForTerminal } from '../../../format/sanitize.js';
import { layOutAudit } from './audit-layout.js';
import { useActivityLogState } from './use-activity-log-state.js';
import { AUDIT_VIEW_LIMIT, useActivityLogInput, useAuditEntries } from './use-activity-log.js';

export interface ActivityLogScreenProps {
  readonly onBack: () => void;
}

const NO_ENTRIES: readonly AuditEntry[] = [];

/** Lines around the table: title, path, header, position, hints (a stacked layout's second header line comes on top). */
const CHROME_LINES = 7;

/** The activity log screen. */
export function ActivityLogScreen(props: ActivityLogScreenProps) {
  const { stateDir, profile } = useServices();
  const theme = useTheme();
  const { columns, rows } = useTerminalSize();
  const { load, reload } = useAuditEntries(stateDir, profile.stateName);
  const [state, dispatch] = useActivityLogState();
  const entries = load.kind === 'ready' ? load.entries : NO_ENTRIES;
  const layout = useMemo(() => layOutAudit(entries, columns), [entries, columns]);
  // How many entries fit: the lines below the chrome, each entry taking one line or two.
  const visible = Math.max(1, Math.floor((rows - CHROME_LINES - (layout.header.length - 1)) / layout.linesPerEntry));
  useActivityLogInput({ dispatch, total: entries.length, visible, onBack: props.onBack, onReload: reload });

  const title = (
    <Box flexDirection="column">
      <Text bold wrap="truncate-end">{sanitizeForTerminal(`Activity log of profile ${profile.name}${profile.stateName === profile.name ? '' : ' with this URL and key'}`)}</Text>
      <Text dimColor wrap="truncate-end">{sanitizeForTerminal(auditLogPath(stateDir))}</Text>
    </Box>
  );
  const footer = (
    <Box marginTop={1}>
      <KeyHints scope="log" />
    </Box>
  );
  if (load.kind !== 'ready') {
    return (
      <Box flexDirection="column">
        {title}
        {load.kind === 'loading' ? (
          <Text>Reading the activity log…</Text>
        ) : (
          <Text color={theme.color('danger')} wrap="wrap">{`✗ The activity log could not be read: ${sanitizeForTerminal(load.message)}`}</Text>
        )}
        {footer}
      </Box>
    );
  }
  if (entries.length === 0) {
    return (
      <Box flexDirection="column">
        {title}
        <Text>No activity yet: reviews and receipts made in this console are listed here.</Text>
        {footer}
      </Box>
    );
  }
  const shown = layout.entries.slice(state.offset, state.offset + visible).flat();
  const last = Math.min(entries.length, state.offset + visible);
  return (
    <Box flexDirection="column">
      {title}
      {layout.header.map((line, i) => (
        <Text key={`header-${i}`} bold wrap="truncate-end">
          {line}
        </Text>
      ))}
      {shown.map((line, i) => (
        <Text key={state.offset * layout.linesPerEntry + i} wrap="truncate-end">
          {line}
        </Text>
      ))}
      <Text dimColor>
        {`${state.offset + 1}–${last} of ${entries.length}${entries.length >= AUDIT_VIEW_LIMIT ? ` (newest ${AUDIT_VIEW_LIMIT})` : ''}`}
        {load.skipped > 0 ? ` · ${load.skipped} unreadable line${load.skipped === 1 ? '' : 's'} skipped` : ''}
        {load.tooLong > 0 ? ` · ${load.tooLong} line${load.tooLong === 1 ? '' : 's'} over ${MAX_AUDIT_LINE_BYTES / 1024 / 1024} MiB skipped unread` : ''}
      </Text>
      {footer}
    </Box>
  );
}
