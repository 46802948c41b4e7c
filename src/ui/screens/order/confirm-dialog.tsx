/**
 * A yes/no question before a write: what will be sent, how to answer, and under it what the
 * question is waiting for (an answer counts only when typed on its own: use-confirm-gate.ts).
 * Questions name orders by the service's order_name, so the question is display text
 * (sanitized names in the console's own words): a raw name does not type-check here. The
 * text is wrapped beforehand, so a screen knows the rows the dialog takes (`confirmPart`).
 */
import { Box, Text } from 'ink';
import { display, type DisplayText } from '../../../format/sanitize.js';
import { wrapToWidth } from '../../../format/width.js';
import { useTheme } from '../../context/theme-context.js';
import type { ScreenPart } from '../../layout/screen-parts.js';
import { useTerminalSize } from '../../hooks/use-terminal-size.js';
import { actionLabel, type KeyTable } from '../../keys/match.js';
import { useKeyTable } from '../../keys/use-key-table.js';
import type { ConfirmStatus } from './use-confirm-gate.js';

/** The answer keys after the question. */
export const CONFIRM_SUFFIX = display`  (y/Enter: yes · n/Esc: no)`;

/** Columns the border and padding take. */
const INSET = 4;
/** Rows the border takes. */
const BORDER_ROWS = 2;

export interface ConfirmDialogProps {
  readonly question: DisplayText;
  /** What the question waits for (default: armed). */
  readonly status?: ConfirmStatus;
  /** Columns of the dialog, its border included (default: the terminal's, less one). */
  readonly width?: number;
  /** Rows the dialog may take, its border included (default: all it needs). */
  readonly rows?: number;
}

/** The line under the question: why it waits, or why an answer was not taken, and what to press. */
export function confirmStatusText(status: ConfirmStatus, table?: KeyTable): DisplayText {
  const yes = actionLabel('confirm', 'confirm-yes', table);
  const no = actionLabel('confirm', 'confirm-no', table);
  switch (status) {
    case 'arming':
      return display`Answers count in a moment (keys typed ahead do not).`;
    case 'stray':
      return display`Other keys came in (a scan?): answers count again in a moment.`;
    case 'armed':
      return display`Press ${yes} to confirm, ${no} to cancel.`;
    case 'holding':
      return display`Confirming… (another key now stops it)`;
    case 'refused-burst':
      return display`Not taken: keys came in a burst (a scan?). Press ${yes} on its own.`;
    case 'refused-too-soon':
      return display`Not taken: too soon after the question. Press ${yes} again.`;
  }
}

/** The dialog's lines in a dialog `width` columns wide: the question, then its status (pure). */
export function confirmLines(
  question: DisplayText,
  width: number,
  status: ConfirmStatus = 'armed',
  table?: KeyTable,
): { readonly question: readonly DisplayText[]; readonly status: readonly DisplayText[] } {
  const inner = Math.max(1, width - INSET);
  return { question: wrapToWidth(display`${question}${CONFIRM_SUFFIX}`, inner), status: wrapToWidth(confirmStatusText(status, table), inner) };
}

/** The question's lines in `room` rows: cut at the end with "…" when they do not all fit (pure). */
export function questionInRows(lines: readonly DisplayText[], room: number): readonly DisplayText[] {
  if (lines.length <= room) return lines;
  const kept = lines.slice(0, Math.max(1, room));
  return [...kept.slice(0, -1), display`${kept.at(-1)!.replace(/.?$/u, '') as DisplayText}…`];
}

/**
 * The dialog as a screen part: never left out on a small screen, it shows at least the first
 * line of the question and what to press, and all of it when there is room. Served before the
 * rest of the screen (a question the user cannot see must not be answered).
 */
export function confirmPart(key: string, question: DisplayText, width: number, status: ConfirmStatus | undefined, table: KeyTable | undefined, priority: number): ScreenPart {
  const lines = confirmLines(question, width, status, table);
  return {
    key,
    min: BORDER_ROWS + 1 + lines.status.length,
    want: BORDER_ROWS + lines.question.length + lines.status.length,
    priority,
    render: (rows) => <ConfirmDialog question={question} width={width} rows={rows} {...(status !== undefined && { status })} />,
  };
}

/** Renders the question and its status (the answer keys are also in the footer hints of the confirm scope). */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const theme = useTheme();
  const table = useKeyTable();
  const { columns } = useTerminalSize();
  const width = props.width ?? columns - 1;
  const status = props.status ?? 'armed';
  const isRefused = status === 'refused-burst' || status === 'refused-too-soon' || status === 'stray';
  const lines = confirmLines(props.question, width, status, table);
  const question = props.rows === undefined ? lines.question : questionInRows(lines.question, props.rows - BORDER_ROWS - lines.status.length);
  return (
    <Box borderStyle="round" paddingX={1} flexShrink={0} flexDirection="column" width={width}>
      {question.map((line, i) => (
        <Text key={`q${i}`} bold color={theme.color('warning')} wrap="truncate">
          {line}
        </Text>
      ))}
      {lines.status.map((line, i) => (
        <Text key={`s${i}`} dimColor={!isRefused} color={isRefused ? theme.color('danger') : undefined} wrap="truncate">
          {line}
        </Text>
      ))}
    </Box>
  );
}
