/**
 * A yes/no question before a write: what will be sent, and how to answer. Questions name
 * orders by the service's order_name, so the question is display text (sanitized names in
 * the console's own words): a raw name does not type-check here. The question is wrapped
 * beforehand, so a screen knows the rows the dialog takes (`confirmLines`).
 */
import { Box, Text } from 'ink';
import { display, type DisplayText } from '../../../format/sanitize.js';
import { wrapToWidth } from '../../../format/width.js';
import { useTheme } from '../../context/theme-context.js';
import { useTerminalSize } from '../../hooks/use-terminal-size.js';

/** The answer keys after the question. */
export const CONFIRM_SUFFIX = display`  (y/Enter: yes · n/Esc: no)`;

/** Columns the border and padding take. */
const INSET = 4;
/** Rows the border takes. */
const BORDER_ROWS = 2;

export interface ConfirmDialogProps {
  readonly question: DisplayText;
  /** Columns of the dialog, its border included (default: the terminal's, less one). */
  readonly width?: number;
}

/** The question's lines in a dialog `width` columns wide (pure). */
export function confirmLines(question: DisplayText, width: number): readonly DisplayText[] {
  return wrapToWidth(display`${question}${CONFIRM_SUFFIX}`, Math.max(1, width - INSET));
}

/** Rows the dialog takes at `width` columns. */
export function confirmRows(question: DisplayText, width: number): number {
  return BORDER_ROWS + confirmLines(question, width).length;
}

/** Renders the question (the answer keys are in the footer hints of the confirm scope). */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const theme = useTheme();
  const { columns } = useTerminalSize();
  const width = props.width ?? columns - 1;
  return (
    <Box borderStyle="round" paddingX={1} flexShrink={0} flexDirection="column" width={width}>
      {confirmLines(props.question, width).map((line, i) => (
        <Text key={i} bold color={theme.color('warning')} wrap="truncate">
          {line}
        </Text>
      ))}
    </Box>
  );
}
