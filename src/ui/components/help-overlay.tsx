/**
 * The "?" help: every key binding from the table, the current screen's first, with the
 * list's legend. Scrolls with ↑/↓ and PgUp/PgDn; Esc, ? or q closes.
 */
import { Box, Text } from 'ink';
import { useState } from 'react';
import { useServices } from '../context/services-context.js';
import { COMMANDS } from '../command-line/commands.js';
import { bindingGroups, keyName } from '../keys/binding-docs.js';
import type { KeyScope } from '../keys/bindings.js';
import type { KeyTable } from '../keys/match.js';
import { useKeyBindings } from '../keys/use-key-bindings.js';
import { useKeyTable } from '../keys/use-key-table.js';
import { KeyHints } from './key-hints.js';

export interface HelpOverlayProps {
  /** Scopes of the screen the help was opened on (shown first). */
  readonly scopes: readonly KeyScope[];
  /** Lines available. */
  readonly height: number;
  readonly onClose: () => void;
}

interface HelpLine {
  readonly text: string;
  readonly isTitle?: boolean;
}

const LEGEND: readonly string[] = [
  'In the list: › is the selected row, ✓ a marked one. Items: 2R 1E = refund and exchange',
  'items; "2 pending" (or 2p) = items still awaiting review. Status is always written out.',
  'An order with a status this version does not know (a newer service) shows it as sent:',
  'unknown status: read-only in this version, no key changes it; bulk runs skip it.',
];

function helpLines(scopes: readonly KeyScope[], isReadOnly: boolean, table: KeyTable): HelpLine[] {
  const lines: HelpLine[] = [];
  for (const group of bindingGroups(scopes, table)) {
    lines.push({ text: group.title, isTitle: true });
    for (const b of group.bindings) {
      const keys = b.keys.length > 0 ? b.keys.map(keyName).join(' ') : '(no key)';
      const note = b.isMutating ? (isReadOnly ? '  (changes data; off: read-only)' : '  (changes data)') : '';
      lines.push({ text: `  ${keys.padEnd(16)} ${b.description}${note}` });
    }
    // The commands follow the command line's keys.
    if (group.scope === 'command') {
      lines.push({ text: 'Commands (: on the orders list)', isTitle: true });
      for (const c of COMMANDS) lines.push({ text: `  ${c.usage.padEnd(16)} ${c.description}` });
    }
  }
  lines.push({ text: 'Legend', isTitle: true }, ...LEGEND.map((text) => ({ text: `  ${text}` })));
  return lines;
}

/** Renders the help overlay within `height` lines. */
export function HelpOverlay(props: HelpOverlayProps) {
  const { isReadOnly } = useServices();
  const lines = helpLines(props.scopes, isReadOnly, useKeyTable());
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
