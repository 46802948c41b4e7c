/**
 * A yes/no question before a write: what will be sent, how to answer, and under it what the
 * question is waiting for (an answer counts only when typed on its own: use-confirm-gate.ts).
 * Questions name orders by the service's order_name, so the question is display text
 * (sanitized names in the console's own words): a raw name does not type-check here.
 */
import { Box, Text } from 'ink';
import { display, type DisplayText } from '../../../format/sanitize.js';
import { wrapToWidth } from '../../../format/width.js';
import { useTheme } from '../../context/theme-context.js';
import { actionLabel, type KeyTable } from '../../keys/match.js';
import { useKeyTable } from '../../keys/use-key-table.js';
import type { ConfirmStatus } from './use-confirm-gate.js';

/** The answer keys after the question. */
export const CONFIRM_SUFFIX = '  (y/Enter: yes · n/Esc: no)';

export interface ConfirmDialogProps {
  readonly question: DisplayText;
  /** What the question waits for (default: armed). */
  readonly status?: ConfirmStatus;
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

/** Lines the dialog takes at `width` columns (its border and margin included). */
export function confirmDialogLines(question: DisplayText, status: ConfirmStatus, width: number, table?: KeyTable): number {
  const inner = Math.max(1, width - 4);
  return 3 + wrapToWidth(`${question}${CONFIRM_SUFFIX}`, inner).length + wrapToWidth(confirmStatusText(status, table), inner).length;
}

/** Renders the question and its status (the answer keys are also in the footer hints of the confirm scope). */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const theme = useTheme();
  const table = useKeyTable();
  const status = props.status ?? 'armed';
  const isRefused = status === 'refused-burst' || status === 'refused-too-soon' || status === 'stray';
  return (
    <Box borderStyle="round" paddingX={1} marginTop={1} flexShrink={0} flexDirection="column">
      <Text bold color={theme.color('warning')} wrap="wrap">{`${props.question}${CONFIRM_SUFFIX}`}</Text>
      <Text dimColor={!isRefused} color={isRefused ? theme.color('danger') : undefined} wrap="wrap">{confirmStatusText(status, table)}</Text>
    </Box>
  );
}
