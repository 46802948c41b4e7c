/** The quick find prompt ("/"), its message line and, with several matches, a pick list. */
import { Box, Text } from 'ink';
import type { ReturnOrder } from '../../../api/schemas.js';
import { sanitizeForTerminal } from '../../../format/sanitize.js';
import { TextField } from '../../components/text-field.js';
import { useTheme } from '../../context/theme-context.js';
import { customerName } from './order-columns.js';
import { useFind } from './use-find.js';

export interface FindPromptProps {
  /** The text the prompt opens with (see UseFindOptions). */
  readonly initialText?: string;
  readonly onOpen: (order: ReturnOrder) => void;
  readonly onClose: () => void;
  /** Rows available for the pick list. */
  readonly height: number;
}

/** Renders quick find; keys come from the "find" scope of the binding table. */
export function FindPrompt(props: FindPromptProps) {
  const state = useFind({ onOpen: props.onOpen, onClose: props.onClose, initialText: props.initialText ?? '' });
  const theme = useTheme();
  // The pick list scrolls with the cursor, so ↑/↓ always move visibly.
  const room = Math.max(1, props.height - 4);
  const start = Math.max(0, Math.min(state.cursor - room + 1, state.matches.length - room));
  const visible = state.matches.slice(start, start + room);
  // Never squeezed: the table below gives way (it is clipped) while matches are listed.
  return (
    <Box flexDirection="column" flexShrink={0}>
      <Box>
        <Text bold>{'Find (order name or id): '}</Text>
        <TextField state={state.text} isFocused={state.phase === 'typing'} placeholder="#N1001 or 1001" />
      </Box>
      {state.phase === 'searching' ? <Text dimColor>Searching the service…</Text> : null}
      {state.message ? (
        <Text color={theme.color('warning')} wrap="truncate">
          {state.message}
        </Text>
      ) : null}
      {state.phase === 'choosing' ? (
        <Box flexDirection="column">
          <Text>{`${state.matches.length} orders match; ↑/↓ choose, Enter opens, Esc edits the search:`}</Text>
          {start > 0 ? <Text dimColor>{`  ↑ ${start} more`}</Text> : null}
          {visible.map((o, offset) => {
            const isCursor = start + offset === state.cursor;
            return (
              <Text key={o.id} inverse={isCursor} wrap="truncate">
                {`${isCursor ? '›' : ' '} ${o.id}  ${sanitizeForTerminal(o.order_name)}  ${sanitizeForTerminal(o.status)}  ${customerName(o)}`}
              </Text>
            );
          })}
          {state.matches.length > start + visible.length ? <Text dimColor>{`  ↓ ${state.matches.length - start - visible.length} more`}</Text> : null}
        </Box>
      ) : null}
    </Box>
  );
}
