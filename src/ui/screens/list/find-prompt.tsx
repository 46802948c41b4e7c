/**
 * Quick find ("/"): the prompt, its message line and, with several matches, a pick list
 * that scrolls with the cursor; the table takes the rows left below them.
 */
import { Text } from 'ink';
import type { ReactNode } from 'react';
import type { ReturnOrder } from '../../../api/schemas.js';
import { sanitizeForTerminal } from '../../../format/sanitize.js';
import { displayWidth } from '../../../format/width.js';
import { TextField } from '../../components/text-field.js';
import { useTheme } from '../../context/theme-context.js';
import { useTerminalSize } from '../../hooks/use-terminal-size.js';
import { fixedPart, PRIORITY, ScreenParts } from '../../layout/screen-parts.js';
import { customerName } from './order-columns.js';
import { useFind } from './use-find.js';

export interface FindPromptProps {
  /** The text the prompt opens with (see UseFindOptions). */
  readonly initialText?: string;
  readonly onOpen: (order: ReturnOrder) => void;
  readonly onClose: () => void;
  /** Rows of the prompt and what is below it. */
  readonly rows: number;
  /** What is shown below the prompt in the rows it leaves (the table). */
  readonly below: (rows: number) => ReactNode;
}

const LABEL = 'Find (order name or id): ';

/** Renders quick find; keys come from the "find" scope of the binding table. */
export function FindPrompt(props: FindPromptProps) {
  const state = useFind({ onOpen: props.onOpen, onClose: props.onClose, initialText: props.initialText ?? '' });
  const theme = useTheme();
  const width = useTerminalSize().columns - 1;
  const isChoosing = state.phase === 'choosing';
  const matches = state.matches;
  return (
    <ScreenParts
      height={props.rows}
      parts={[
        fixedPart('prompt', 1, PRIORITY.prompt, () => (
          <Text wrap="truncate">
            <Text bold>{LABEL}</Text>
            <TextField state={state.text} isFocused={state.phase === 'typing'} placeholder="#N1001 or 1001" width={Math.max(1, width - displayWidth(LABEL))} />
          </Text>
        )),
        state.phase === 'searching' ? fixedPart('searching', 1, PRIORITY.outcome, () => <Text dimColor>Searching the service…</Text>) : null,
        state.message
          ? fixedPart('message', 1, PRIORITY.outcome, () => (
              <Text color={theme.color('warning')} wrap="truncate">
                {state.message}
              </Text>
            ))
          : null,
        // The pick list scrolls with the cursor, so ↑/↓ always move visibly; the table gives way while it is shown.
        isChoosing
          ? {
              key: 'matches',
              min: 2,
              want: 1 + matches.length,
              priority: PRIORITY.prompt,
              render: (rows) => {
                const room = Math.max(1, rows - 1);
                const first = Math.max(0, Math.min(state.cursor - room + 1, matches.length - room));
                const shown = { start: first, end: Math.min(matches.length, first + room) };
                const above = shown.start > 0 ? ` ↑ ${shown.start} more` : '';
                const below = shown.end < matches.length ? ` ↓ ${matches.length - shown.end} more` : '';
                return (
                  <>
                    <Text wrap="truncate">{`${matches.length} orders match${above || below ? ` (${`${above}${below}`.trim()})` : ''}; ↑/↓ choose, Enter opens, Esc edits the search:`}</Text>
                    {matches.slice(shown.start, shown.end).map((o, offset) => {
                      const isCursor = shown.start + offset === state.cursor;
                      return (
                        <Text key={o.id} inverse={isCursor} wrap="truncate">
                          {`${isCursor ? '›' : ' '} ${o.id}  ${sanitizeForTerminal(o.order_name)}  ${sanitizeForTerminal(o.status)}  ${customerName(o)}`}
                        </Text>
                      );
                    })}
                  </>
                );
              },
            }
          : null,
        { key: 'below', min: 0, want: props.rows, priority: PRIORITY.content, render: props.below },
      ]}
    />
  );
}
