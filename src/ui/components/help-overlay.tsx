/**
 * The "?" help: every key binding from the table, the current screen's first, with the
 * commands and the list's legend, wrapped to the terminal's width (help-lines.ts). Scrolls
 * with ↑/↓ and PgUp/PgDn; `/` searches the keys and commands as you type (Enter keeps the
 * search, Esc clears it); Esc, ? or q closes.
 */
import { Text } from 'ink';
import { useState } from 'react';
import { useReportedKeyState } from '../context/key-state-context.js';
import { useServices } from '../context/services-context.js';
import type { KeyScope } from '../keys/bindings.js';
import { useKeyBindings } from '../keys/use-key-bindings.js';
import { useKeyTable } from '../keys/use-key-table.js';
import { useTerminalSize } from '../hooks/use-terminal-size.js';
import { sanitizeForTerminal } from '../../format/sanitize.js';
import { filterHelpLines, helpLines, wrapHelpLines } from './help-lines.js';
import { footerPart, useFooterRows } from './key-hints.js';
import { fixedPart, partRows, PRIORITY, ScreenParts, spacerPart, type ScreenPart } from '../layout/screen-parts.js';
import { LabelBadge, labelBadge } from './shop-label.js';
import { editText, textAt, type TextEditState } from './text-edit.js';
import { TextField } from './text-field.js';

export interface HelpOverlayProps {
  /** Scopes of the screen the help was opened on (shown first). */
  readonly scopes: readonly KeyScope[];
  /** Lines available. */
  readonly height: number;
  readonly onClose: () => void;
}

interface HelpSearch {
  readonly text: TextEditState;
  readonly isTyping: boolean;
}

const NO_SEARCH: HelpSearch = { text: textAt(''), isTyping: false };

/** Renders the help overlay within `height` lines. */
export function HelpOverlay(props: HelpOverlayProps) {
  const { isReadOnly, profile } = useServices();
  const { columns } = useTerminalSize();
  const [search, setSearch] = useState<HelpSearch>(NO_SEARCH);
  const [top, setTop] = useState(0);
  const query = search.text.value;
  const isSearching = search.isTyping || query !== '';
  const found = filterHelpLines(helpLines(props.scopes, isReadOnly, useKeyTable(), useReportedKeyState()), query);
  const lines = wrapHelpLines(found, columns);
  const count = found.filter((l) => !l.isTitle).length;
  const footer = footerPart(useFooterRows(search.isTyping ? 'help-find' : 'help', columns - 1));
  // The same parts at any scroll position: their rows do not depend on it.
  const parts = (first: number, room: number): (ScreenPart | null)[] => [
    fixedPart('title', 1, PRIORITY.header, () => (
      <Text bold wrap="truncate">
        <LabelBadge />
        {`${labelBadge(profile) ? ' ' : ''}${lines.length === 0 ? 'Help: keys' : `Help: keys (${first + 1}-${Math.min(lines.length, first + room)} of ${lines.length} lines)`}`}
      </Text>
    )),
    isSearching
      ? fixedPart('search', 1, PRIORITY.prompt, () => (
          <Text wrap="truncate">
            <Text bold>{'Search: '}</Text>
            <TextField state={search.text} isFocused={search.isTyping} placeholder="a key, a word of what it does, a command" width={Math.max(1, columns - 1 - 8 - 16)} />
            <Text dimColor>{query === '' ? '' : `  ${count} match${count === 1 ? '' : 'es'}`}</Text>
          </Text>
        ))
      : null,
    lines.length === 0
      ? fixedPart('none', 1, PRIORITY.content, () => <Text wrap="truncate">{sanitizeForTerminal(`No key or command matches "${query}".`)}</Text>)
      : {
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
  const room = lines.length === 0 ? 1 : Math.max(1, partRows(props.height, parts(0, 0), 'lines'));
  const maxTop = Math.max(0, lines.length - room);
  const scroll = (by: number) => setTop((t) => Math.max(0, Math.min(maxTop, t + by)));
  const edit = (next: HelpSearch) => {
    setSearch(next);
    setTop(0);
  };

  useKeyBindings(
    'help',
    (action) => {
      switch (action) {
        case 'back':
          // A search is cleared first; the next Esc closes.
          if (query !== '') edit(NO_SEARCH);
          else props.onClose();
          return;
        case 'find':
          setSearch((s) => ({ ...s, isTyping: true }));
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
    },
    { isActive: !search.isTyping },
  );

  useKeyBindings(
    'help-find',
    (action) => {
      if (action === 'apply') setSearch((s) => ({ ...s, isTyping: false }));
      else if (action === 'back') edit(NO_SEARCH);
    },
    {
      isActive: search.isTyping,
      onUnmatched: (input, key) => {
        setSearch((s) => {
          const next = editText(s.text, input, key);
          return next ? { ...s, text: next } : s;
        });
        setTop(0);
      },
    },
  );

  return <ScreenParts height={props.height} parts={parts(Math.min(top, maxTop), room)} />;
}
