/** One line of editable text with a visible cursor (the editing itself is text-edit.ts). */
import { Text } from 'ink';
import { sanitizeForTerminal } from '../../format/sanitize.js';
import type { TextEditState } from './text-edit.js';

export interface TextFieldProps {
  readonly state: TextEditState;
  readonly isFocused: boolean;
  /** Shown dimmed while the field is empty. */
  readonly placeholder?: string;
}

/** Renders the field; the cursor is an inverse cell while focused. */
export function TextField(props: TextFieldProps) {
  const chars = [...props.state.value];
  if (chars.length === 0) {
    return (
      <Text>
        {props.isFocused ? <Text inverse> </Text> : null}
        <Text dimColor>{props.placeholder ?? ''}</Text>
      </Text>
    );
  }
  if (!props.isFocused) return <Text>{sanitizeForTerminal(props.state.value)}</Text>;
  const at = Math.max(0, Math.min(props.state.cursor, chars.length));
  return (
    <Text>
      {sanitizeForTerminal(chars.slice(0, at).join(''))}
      <Text inverse>{at < chars.length ? sanitizeForTerminal(chars[at] ?? ' ') : ' '}</Text>
      {sanitizeForTerminal(chars.slice(at + 1).join(''))}
    </Text>
  );
}
