/** The `:` command line on the list: the prompt, and under it an error, the candidates of a completion, or a hint. */
import { Box, Text } from 'ink';
import { LabelBadge, labelBadge } from '../components/shop-label.js';
import { TextField } from '../components/text-field.js';
import { useServices } from '../context/services-context.js';
import { useTheme } from '../context/theme-context.js';
import { sanitizeForTerminal } from '../../format/sanitize.js';
import { useCommandLine, type UseCommandLineOptions } from './use-command-line.js';

/** Lines the command line takes: the prompt, and two for a message (an error naming the 12 statuses wraps at 80 columns). */
export const COMMAND_LINE_LINES = 3;

/** Renders the command line; keys come from the "command" scope of the key table. */
export function CommandLine(props: UseCommandLineOptions) {
  const state = useCommandLine(props);
  const { profile } = useServices();
  const theme = useTheme();
  const { message } = state;
  return (
    <Box flexDirection="column" flexShrink={0} height={COMMAND_LINE_LINES}>
      <Box>
        {/* Which shop a command goes to, when the profile has a label (PRODUCTION). */}
        <LabelBadge />
        <Text bold>{labelBadge(profile) ? ' :' : ':'}</Text>
        <TextField state={state.text} isFocused placeholder="status pending · view NAME · help (Tab completes)" />
      </Box>
      <Box height={COMMAND_LINE_LINES - 1} overflowY="hidden">
        {message ? (
          <Text color={message.tone === 'error' ? theme.color('danger') : undefined} dimColor={message.tone === 'info'}>
            {sanitizeForTerminal(message.text)}
          </Text>
        ) : null}
      </Box>
    </Box>
  );
}
