/**
 * A yes/no question before a write: what will be sent, and how to answer. Questions name
 * orders by the service's order_name, so the question is display text (sanitized names in
 * the console's own words): a raw name does not type-check here.
 */
import { Box, Text } from 'ink';
import type { DisplayText } from '../../../format/sanitize.js';
import { useTheme } from '../../context/theme-context.js';

/** The answer keys after the question. */
export const CONFIRM_SUFFIX = '  (y/Enter: yes · n/Esc: no)';

export interface ConfirmDialogProps {
  readonly question: DisplayText;
}

/** Renders the question (the answer keys are in the footer hints of the confirm scope). */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const theme = useTheme();
  return (
    <Box borderStyle="round" paddingX={1} marginTop={1} flexShrink={0}>
      <Text bold color={theme.color('warning')} wrap="wrap">{`${props.question}${CONFIRM_SUFFIX}`}</Text>
    </Box>
  );
}
