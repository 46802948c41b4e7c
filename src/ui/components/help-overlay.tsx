/**
 * The "?" help: every key binding from the table, the current screen's first, with the
 * list's legend, wrapped to the terminal's width (help-lines.ts). Scrolls with ↑/↓ and
 * PgUp/PgDn; Esc, ? or q closes.
 */
import { Box, Text } from 'ink';
import { useState } from 'react';
import { useServices } from '../context/services-context.js';
import type { KeyScope } from '../keys/bindings.js';
import { useKeyBindings } from '../keys/use-key-bindings.js';
import { useKeyTable } from '../keys/use-key-table.js';
import { useTerminalSize } from '../hooks/use-terminal-size.js';
import { helpLines, wrapHelpLines } from './help-lines.js';
import { KeyHints } from './key-hints.js';

export interface HelpOverlayProps {
  /** Scopes of the screen the help was opened on (shown first). */
  readonly scopes: readonly KeyScope[];
  /** Lines available. */
  readonly height: number;
  readonly onClose: () => void;
}

/** Renders the help overlay within `height` lines. */
export function HelpOverlay(props: HelpOverlayProps) {
  const { isReadOnly } = useServices();
  const { columns } = useTerminalSize();
  const lines = wrapHelpLines(helpLines(props.scopes, isReadOnly, useKeyTable()), columns);
  const room = Math.max(1, props.height - 3);
  const maxTop = Math.max(0, lines.length - room);
  const [top, setTop] = useState(0);
  const scroll = (by: number) => setTop((t) => Math.max(0, Math.min(maxTop, t + by)));

  useKeyBindings('help', (action) => {
    switch (action) {
      case 'back':
        props.onClose();
        return;
      case 'move-up':
        scroll(-1);
        return;
      case 'move-down':
        scroll(1);
        return;
      case 'page-up':
        scroll(-room);
        return;
      case 'page-down':
        scroll(room);
        return;
      default:
        return;
    }
  });

  const shown = lines.slice(top, top + room);
  return (
    <Box flexDirection="column" height={props.height} overflowY="hidden">
      <Text bold wrap="truncate">{`Help: keys (${top + 1}-${top + shown.length} of ${lines.length} lines)`}</Text>
      <Box flexDirection="column" flexGrow={1}>
        {shown.map((line, i) => (
          <Text key={top + i} bold={line.isTitle} wrap="truncate">
            {line.text}
          </Text>
        ))}
      </Box>
      <KeyHints scope="help" />
    </Box>
  );
}
