/**
 * Quick find ("/"): the prompt, a line saying what is searched and how fresh the search index
 * is, a message line and the matches (the index's as the user types, or the service's for a
 * name or id) in a list that scrolls with the cursor; the table takes the rows left below them.
 */
import { Text } from 'ink';
import { memo, type ReactNode } from 'react';
import type { ReturnOrder } from '../../../api/schemas.js';
import { sanitizeForTerminal } from '../../../format/sanitize.js';
import { displayWidth } from '../../../format/width.js';
import type { IndexHit } from '../../../ops/search-index/index.js';
import { indexStateText } from '../../../ops/search-index/index-text.js';
import { TextField } from '../../components/text-field.js';
import { useTheme } from '../../context/theme-context.js';
import { useClock } from '../../hooks/use-now.js';
import { useTerminalSize } from '../../hooks/use-terminal-size.js';
import { fixedPart, PRIORITY, ScreenParts } from '../../layout/screen-parts.js';
import { useIndexStatus, useSearchIndex } from '../../search-index/search-index-context.js';
import { customerName } from './order-columns.js';
import type { FindState } from './find-state.js';
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

/** Matches listed at once (more scroll): enough to pick from, and few lines to draw again per key. */
const MAX_ROWS = 12;

/** "1003  #N1003  pending  Ana Lima  ana@example.com  · Rain jacket (M)" (the products when the match is in them). */
function hitLine(hit: IndexHit): string {
  const r = hit.record;
  const who = `${r.firstName} ${r.lastName}`.trim();
  const products = hit.tier >= 3 && r.products.length > 0 ? `  · ${r.products.join(', ')}` : '';
  return sanitizeForTerminal(`${r.id}  ${r.orderName}  ${r.status}  ${who}  ${r.email}${products}`);
}

function serviceLine(o: ReturnOrder): string {
  return `${o.id}  ${sanitizeForTerminal(o.order_name)}  ${sanitizeForTerminal(o.status)}  ${customerName(o)}`;
}

/** What is searched and how fresh the index is (or why there is none). */
function IndexLine(props: { readonly state: FindState }) {
  const { index, availability, problem } = useSearchIndex();
  const status = useIndexStatus(index);
  const age = useClock((now) => (status ? indexStateText(status, now) : ''), 1000, status !== null);
  let text: string;
  if (availability === 'off') text = 'Finds an order name or id (this profile keeps no search index: search_index is false)';
  else if (availability === 'failed') text = `Finds an order name or id (the search index could not be opened: ${problem ?? 'unknown error'})`;
  else if (!status) text = availability === 'none' ? 'Finds an order name or id through the service' : 'Opening the search index…';
  else {
    const { hits, total, isCountCapped, text: typed } = props.state;
    const matches = typed.value.trim() === '' ? '' : hits.length === 0 ? ' · no match (Enter looks it up as an order name or id)' : ` · ${isCountCapped ? 'over ' : ''}${total.toLocaleString('en-US')} match${total === 1 ? '' : 'es'}, best first`;
    text = `${age}${status.error ? ` · last refresh failed: ${status.error}` : ''}${matches}`;
  }
  return (
    <Text dimColor wrap="truncate">
      {sanitizeForTerminal(text)}
    </Text>
  );
}

const Row = memo(function Row(props: { readonly text: string; readonly isCursor: boolean }) {
  return (
    <Text inverse={props.isCursor} wrap="truncate">
      {`${props.isCursor ? '›' : ' '} ${props.text}`}
    </Text>
  );
});

/** Renders quick find; keys come from the "find" scope of the binding table. */
export function FindPrompt(props: FindPromptProps) {
  const state = useFind({ onOpen: props.onOpen, onClose: props.onClose, initialText: props.initialText ?? '' });
  const theme = useTheme();
  const { availability } = useSearchIndex();
  const width = useTerminalSize().columns - 1;
  const isChoosing = state.phase === 'choosing';
  const lines = isChoosing ? state.matches.map(serviceLine) : state.hits.map(hitLine);
  const keys = isChoosing ? state.matches.map((o) => o.id) : state.hits.map((h) => h.record.id);
  const label = availability === 'off' || availability === 'none' || availability === 'failed' ? 'Find (order name or id): ' : 'Find (customer, e-mail, order, product, SKU): ';
  const status = state.phase === 'searching' ? 'Looking it up in the service…' : state.phase === 'opening' ? 'Reading the order from the service…' : null;
  return (
    <ScreenParts
      height={props.rows}
      parts={[
        fixedPart('prompt', 1, PRIORITY.prompt, () => (
          <Text wrap="truncate">
            <Text bold>{label}</Text>
            <TextField state={state.text} isFocused={state.phase === 'typing'} placeholder="a name, e-mail, #N1001, SKU…" width={Math.max(1, width - displayWidth(label))} />
          </Text>
        )),
        fixedPart('index', 1, PRIORITY.aside, () => <IndexLine state={state} />),
        status ? fixedPart('status', 1, PRIORITY.outcome, () => <Text dimColor wrap="truncate">{status}</Text>) : null,
        state.message
          ? fixedPart('message', 1, PRIORITY.outcome, () => (
              <Text color={theme.color('warning')} wrap="truncate">
                {state.message}
              </Text>
            ))
          : null,
        // The matches scroll with the cursor, so ↑/↓ always move visibly; the table gives way while they are shown.
        lines.length > 0
          ? {
              key: 'matches',
              min: 2,
              want: 1 + Math.min(MAX_ROWS, lines.length),
              priority: PRIORITY.prompt,
              render: (rows) => {
                const room = Math.max(1, rows - 1);
                const start = Math.max(0, Math.min(state.cursor - room + 1, lines.length - room));
                const end = Math.min(lines.length, start + room);
                const above = start > 0 ? ` ↑ ${start} more` : '';
                const below = end < lines.length ? ` ↓ ${lines.length - end} more` : '';
                const more = above || below ? ` (${`${above}${below}`.trim()})` : '';
                const title = isChoosing ? `${lines.length} orders match${more}; ↑/↓ choose, Enter opens, Esc edits the search:` : `Matches${more}; ↑/↓ choose, Enter opens:`;
                return (
                  <>
                    <Text wrap="truncate">{title}</Text>
                    {lines.slice(start, end).map((text, offset) => (
                      <Row key={keys[start + offset]} text={text} isCursor={start + offset === state.cursor} />
                    ))}
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
