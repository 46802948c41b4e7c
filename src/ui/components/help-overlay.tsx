/**
 * The "?" help: every key binding from the table, the current screen's first, with the
 * list's legend, wrapped to the terminal's width (help-lines.ts). Scrolls with ↑/↓ and
 * PgUp/PgDn; Esc, ? or q closes.
 */
import { Text } from 'ink';
import { useState } from 'react';
import { useServices } from '../context/services-context.js';
import type { KeyScope } from '../keys/bindings.js';
import { useKeyBindings } from '../keys/use-key-bindings.js';
import { useKeyTable } from '../keys/use-key-table.js';
import { useTerminalSize } from '../hooks/use-terminal-size.js';
import { helpLines, wrapHelpLines } from './help-lines.js';
import { footerPart, useFooterRows } from './key-hints.js';
import { fixedPart, partRows, PRIORITY, ScreenParts, spacerPart, type ScreenPart } from '../layout/screen-parts.js';

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
  const [top, setTop] = useState(0);
  const footer = footerPart(useFooterRows('help', columns - 1));
  // The same parts at any scroll position: their rows do not depend on it.
  const parts = (first: number, room: number): ScreenPart[] => [
    fixedPart('title', 1, PRIORITY.header, () => (
      <Text bold wrap="truncate">{`Help: keys (${first + 1}-${Math.min(lines.length, first + room)} of ${lines.length} lines)`}</Text>
    )),
    {
      key: 'lines',
      min: 1,
      want: lines.length,
      priority: PRIORITY.content,
      render: (rows) =>
        lines.slice(first, first + rows).map((line, i) => (
          <Text key={first + i} bold={line.isTitle} wrap="truncate">
            {line.text}
          </Text>
        )),
    },
    spacerPart('footer-gap'),
    footer,
  ];
  const room = Math.max(1, partRows(props.height, parts(0, 0), 'lines'));
  const maxTop = Math.max(0, lines.length - room);
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

  return <ScreenParts height={props.height} parts={parts(Math.min(top, maxTop), room)} />;
}
