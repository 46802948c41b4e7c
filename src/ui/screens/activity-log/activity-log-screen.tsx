/**
 * The activity log (L): the newest entries of the local audit file of this profile (another
 * shop's activity never shows), newest first, one line each, fitted to the terminal and scrollable.
 */
import { Box, Text } from 'ink';
import { renderTable } from '../../../format/table.js';
import { KeyHints } from '../../components/key-hints.js';
import { useServices } from '../../context/services-context.js';
import { useTheme } from '../../context/theme-context.js';
import { useTerminalSize } from '../../hooks/use-terminal-size.js';
import { auditLogPath } from '../../../local/state-paths.js';
import { sanitizeForTerminal } from '../../../format/sanitize.js';
import { AUDIT_COLUMNS, auditRow } from './audit-rows.js';
import { useActivityLogState } from './use-activity-log-state.js';
import { AUDIT_VIEW_LIMIT, useActivityLogInput, useAuditEntries } from './use-activity-log.js';

export interface ActivityLogScreenProps {
  readonly onBack: () => void;
}

/** Below this width the times leave their year out (the log is laid out for 80 columns). */
const SHORT_TIME_BELOW_COLUMNS = 80;
/** Lines around the table: title, path, header, position, hints. */
const CHROME_LINES = 7;

/** The activity log screen. */
export function ActivityLogScreen(props: ActivityLogScreenProps) {
  const { stateDir, profile } = useServices();
  const theme = useTheme();
  const { columns, rows } = useTerminalSize();
  const { load, reload } = useAuditEntries(stateDir, profile.stateName);
  const [state, dispatch] = useActivityLogState();
  const entries = load.kind === 'ready' ? load.entries : [];
  const visible = Math.max(3, rows - CHROME_LINES);
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
  const isShortTime = columns < SHORT_TIME_BELOW_COLUMNS;
  const [header, ...lines] = renderTable({ columns: AUDIT_COLUMNS, rows: entries.map((e) => auditRow(e, undefined, isShortTime)), maxWidth: columns - 1 });
  const shown = lines.slice(state.offset, state.offset + visible);
  const last = Math.min(entries.length, state.offset + visible);
  return (
    <Box flexDirection="column">
      {title}
      <Text bold wrap="truncate-end">{header}</Text>
      {shown.map((line, i) => (
        <Text key={state.offset + i} wrap="truncate-end">{line}</Text>
      ))}
      <Text dimColor>
        {`${state.offset + 1}–${last} of ${entries.length}${entries.length >= AUDIT_VIEW_LIMIT ? ` (newest ${AUDIT_VIEW_LIMIT})` : ''}`}
        {load.skipped > 0 ? ` · ${load.skipped} unreadable line${load.skipped === 1 ? '' : 's'} skipped` : ''}
      </Text>
      {footer}
    </Box>
  );
}
