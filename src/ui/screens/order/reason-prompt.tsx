/**
 * The reject reason prompt: free text, or one of the profile's preset reasons picked with
 * the arrows. A blank reason is refused with a message that says what to do.
 */
import { Box, Text } from 'ink';
import { sanitizeForTerminal, type DisplayText } from '../../../format/sanitize.js';
import type { TextEditState } from '../../components/text-edit.js';
import { TextField } from '../../components/text-field.js';
import { useTheme } from '../../context/theme-context.js';

export interface ReasonPromptProps {
  /** The item's title (from the service, so display text). */
  readonly itemTitle: DisplayText;
  readonly field: TextEditState;
  readonly presets: readonly string[];
  readonly presetIndex: number;
  readonly error: string | null;
}

/** Renders the prompt. */
export function ReasonPrompt(props: ReasonPromptProps) {
  const { itemTitle, field, presets, presetIndex, error } = props;
  const theme = useTheme();
  return (
    <Box flexDirection="column" borderStyle="single" borderTop={false} borderBottom={false} borderRight={false} paddingLeft={1} marginTop={1}>
      <Text bold wrap="truncate-end">{`Reject "${itemTitle}": reason?`}</Text>
      <Text wrap="wrap">
        {'> '}
        <TextField state={field} isFocused placeholder="type a reason" />
      </Text>
      {presets.length > 0 && <Text dimColor>Presets (↑/↓):</Text>}
      {presets.map((preset, index) => (
        <Text key={preset} color={index === presetIndex ? theme.color('accent') : undefined} wrap="truncate-end">
          {`${index === presetIndex ? '▸ ' : '  '}${sanitizeForTerminal(preset)}`}
        </Text>
      ))}
      {error !== null && <Text color={theme.color('danger')}>{`✗ ${error}`}</Text>}
    </Box>
  );
}
