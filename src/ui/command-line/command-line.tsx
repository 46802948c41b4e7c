/** The `:` command line on the list: the prompt, and under it an error, the candidates of a completion, or a hint. */
import { Box, Text } from 'ink';
import { LabelBadge, labelBadge } from '../components/shop-label.js';
import { TextField } from '../components/text-field.js';
import { useServices } from '../context/services-context.js';
import { useTheme } from '../context/theme-context.js';
import { sanitizeForTerminal } from '../../format/sanitize.js';
import { displayWidth, ELLIPSIS, truncateToWidth, wrapToWidth } from '../../format/width.js';
import { useTerminalSize } from '../hooks/use-terminal-size.js';
import { useCommandLine, type UseCommandLineOptions } from './use-command-line.js';

/** Lines the command line takes: the prompt, and two for a message (an error naming the 12 statuses wraps at 80 columns). */
export const COMMAND_LINE_LINES = 3;

/** `text` in at most `count` lines of `width` columns, the last one ending in "…" when more was cut (pure). */
export function linesCut(text: string, width: number, count: number): string[] {
  const lines = wrapToWidth(text, width);
  if (lines.length <= count) return lines;
  const kept = lines.slice(0, count);
  kept[count - 1] = truncateToWidth(`${kept[count - 1]!} ${ELLIPSIS}`, width);
  return kept;
}

/** Renders the command line; keys come from the "command" scope of the key table. */
export function CommandLine(props: UseCommandLineOptions) {
  const state = useCommandLine(props);
  const { profile } = useServices();
  const theme = useTheme();
  const width = useTerminalSize().columns - 1;
  const { message } = state;
  const badge = labelBadge(profile);
  const lines = message ? linesCut(sanitizeForTerminal(message.text), width, COMMAND_LINE_LINES - 1) : [];
  return (
    <Box flexDirection="column" flexShrink={0} height={COMMAND_LINE_LINES}>
      <Box>
        {/* Which shop a command goes to, when the profile has a label (PRODUCTION). */}
        <Box flexShrink={0}>
          <LabelBadge />
          <Text bold>{badge ? ' :' : ':'}</Text>
        </Box>
        <TextField state={state.text} isFocused placeholder="status pending · view NAME · help (Tab completes)" width={Math.max(1, width - 1 - displayWidth(badge) - (badge ? 1 : 0))} />
      </Box>
      {lines.map((line, i) => (
        <Text key={i} color={message?.tone === 'error' ? theme.color('danger') : undefined} dimColor={message?.tone === 'info'} wrap="truncate">
          {line}
        </Text>
      ))}
    </Box>
  );
}
