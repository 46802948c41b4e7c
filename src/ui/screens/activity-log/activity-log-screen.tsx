/**
 * The activity log (L): the newest entries of the local audit file of this profile (another
 * shop's activity never shows), newest first, fitted to the terminal (one line each, or two
 * where a row does not fit: audit-layout.ts) and scrollable.
 */
import { Text } from 'ink';
import { LabelBadge, labelBadge } from '../../components/shop-label.js';
import { useMemo } from 'react';
import { footerPart, useFooterRows } from '../../components/key-hints.js';
import { fixedPart, partRows, PRIORITY, ScreenParts, spacerPart, type ScreenPart } from '../../layout/screen-parts.js';
import { wrapToWidth } from '../../../format/width.js';
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
  /** Rows of the screen. */
  readonly height: number;
}

const NO_ENTRIES: readonly AuditEntry[] = [];

/** The activity log screen, in `height` rows. */
export function ActivityLogScreen(props: ActivityLogScreenProps) {
  const { stateDir, profile } = useServices();
  const theme = useTheme();
  const { columns } = useTerminalSize();
  const width = columns - 1;
  const { load, reload } = useAuditEntries(stateDir, profile.stateName);
  const [state, dispatch] = useActivityLogState();
  const entries = load.kind === 'ready' ? load.entries : NO_ENTRIES;
  const layout = useMemo(() => layOutAudit(entries, columns), [entries, columns]);
  const footer = footerPart(useFooterRows('log', width));
  const lines = (key: string, texts: readonly string[], priority: number, style: { readonly bold?: boolean; readonly dimColor?: boolean; readonly color?: string } = {}) =>
    fixedPart(key, texts.length, priority, () =>
      texts.map((line, i) => (
        <Text key={i} bold={style.bold} dimColor={style.dimColor} color={style.color} wrap="truncate">
          {line}
        </Text>
      )),
    );
  const title = [
    // The shop's label first (PRODUCTION), as on every screen.
    fixedPart('title', 1, PRIORITY.header, () => (
      <Text bold wrap="truncate">
        <LabelBadge />
        {sanitizeForTerminal(`${labelBadge(profile) ? ' ' : ''}Activity log of profile ${profile.name}${profile.stateName === profile.name ? '' : ' with this URL and key'}`)}
      </Text>
    )),
    lines('path', [sanitizeForTerminal(auditLogPath(stateDir))], PRIORITY.aside, { dimColor: true }),
  ];
  // The entries on screen: whole entries (one line each, or two when stacked), from the scroll position.
  const entriesPart = (offset: number): ScreenPart => ({
    key: 'entries',
    min: layout.linesPerEntry,
    want: entries.length * layout.linesPerEntry,
    priority: PRIORITY.content,
    render: (rows) =>
      layout.entries
        .slice(offset, offset + Math.floor(rows / layout.linesPerEntry))
        .flat()
        .map((line, i) => (
          <Text key={offset * layout.linesPerEntry + i} wrap="truncate">
            {line}
          </Text>
        )),
  });
  const parts = (offset: number, visible: number): (ScreenPart | null)[] => [
    ...title,
    lines('header', layout.header, PRIORITY.header, { bold: true }),
    entriesPart(offset),
    lines('position', [positionText(offset, visible, entries.length, load.kind === 'ready' ? load.skipped : 0, load.kind === 'ready' ? load.tooLong : 0)], PRIORITY.aside, { dimColor: true }),
    spacerPart('footer-gap'),
    footer,
  ];
  // How many entries fit: the rows the entries get, each entry taking one line or two.
  const visible = Math.max(1, Math.floor(partRows(props.height, parts(0, 0), 'entries') / layout.linesPerEntry));
  useActivityLogInput({ dispatch, total: entries.length, visible, onBack: props.onBack, onReload: reload });

  if (load.kind !== 'ready') {
    const text =
      load.kind === 'loading'
        ? lines('reading', ['Reading the activity log…'], PRIORITY.content)
        : lines('failed', wrapToWidth(`✗ The activity log could not be read: ${sanitizeForTerminal(load.message)}`, width), PRIORITY.content, { color: theme.color('danger') });
    return <ScreenParts height={props.height} parts={[...title, text, spacerPart('footer-gap'), footer]} />;
  }
  if (entries.length === 0) {
    const text = lines('none', wrapToWidth('No activity yet: reviews and receipts made in this console are listed here.', width), PRIORITY.content);
    return <ScreenParts height={props.height} parts={[...title, text, spacerPart('footer-gap'), footer]} />;
  }
  return <ScreenParts height={props.height} parts={parts(state.offset, visible)} />;
}

/** "1–20 of 57 (newest 1000) · 2 unreadable lines skipped". */
function positionText(offset: number, visible: number, total: number, skipped: number, tooLong: number): string {
  const last = Math.min(total, offset + visible);
  const unreadable = skipped > 0 ? ` · ${skipped} unreadable line${skipped === 1 ? '' : 's'} skipped` : '';
  const long = tooLong > 0 ? ` · ${tooLong} line${tooLong === 1 ? '' : 's'} over ${MAX_AUDIT_LINE_BYTES / 1024 / 1024} MiB skipped unread` : '';
  return `${offset + 1}–${last} of ${total}${total >= AUDIT_VIEW_LIMIT ? ` (newest ${AUDIT_VIEW_LIMIT})` : ''}${unreadable}${long}`;
}
