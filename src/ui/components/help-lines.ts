/**
 * The lines of the `?` help, and their wrapping to the terminal's width with a hanging indent
 * (a description too long for the line goes on under itself, never cut off). Pure.
 */
import { COMMANDS } from '../command-line/commands.js';
import { bindingGroups, keyName } from '../keys/binding-docs.js';
import type { KeyBinding, KeyScope } from '../keys/bindings.js';
import type { KeyState } from '../keys/disabled-reasons.js';
import { offReason, type KeyTable } from '../keys/match.js';
import { displayWidth, truncateToWidth, wrapToWidth } from '../../format/width.js';

/** One line of the help before wrapping: a title, or a row whose `text` follows its `lead` (keys, or an indent). */
export interface HelpLine {
  readonly lead: string;
  readonly text: string;
  readonly isTitle?: boolean;
}

/** Columns of the keys before a description: 2 of indent, the keys padded to 16, a space. */
const KEYS_WIDTH = 16;

/** One sentence or clause a line, each wrapped to the width like the descriptions when it is too long. */
const LEGEND: readonly string[] = [
  'In the list: › is the selected row, ✓ a marked one. Status is always written out.',
  'Items: 2R 1E = refund and exchange items; "2 pending" (or 2p) = items still awaiting review.',
  'An order with a status this version does not know (a newer service) shows it as sent:',
  'unknown status: read-only in this version, no key changes it; bulk runs skip it.',
];

const row = (keys: string, text: string): HelpLine => ({ lead: `  ${keys.padEnd(KEYS_WIDTH)} `, text });

/** What the help says after a binding: whether it changes data, and why it does nothing now. */
function noteOf(binding: KeyBinding, isReadOnly: boolean, keyState: KeyState | undefined): string {
  const off = offReason(binding, isReadOnly, keyState);
  const notes = [...(binding.isMutating ? ['changes data'] : []), ...(off ? [`off: ${off.short}`] : [])];
  return notes.length > 0 ? `  (${notes.join('; ')})` : '';
}

/** Every binding of `table`, the screen's `scopes` first, then the commands and the legend; keys off for `keyState` say so. */
export function helpLines(scopes: readonly KeyScope[], isReadOnly: boolean, table: KeyTable, keyState?: KeyState): HelpLine[] {
  const lines: HelpLine[] = [];
  for (const group of bindingGroups(scopes, table)) {
    lines.push({ lead: '', text: group.title, isTitle: true });
    for (const b of group.bindings) {
      const keys = b.keys.length > 0 ? b.keys.map(keyName).join(' ') : '(no key)';
      lines.push(row(keys, `${b.description}${noteOf(b, isReadOnly, keyState)}`));
    }
    // The commands follow the command line's keys.
    if (group.scope === 'command') {
      lines.push({ lead: '', text: 'Commands (: on the orders list)', isTitle: true });
      for (const c of COMMANDS) lines.push(row(c.usage, c.description));
    }
  }
  lines.push({ lead: '', text: 'Legend', isTitle: true }, ...LEGEND.map((text) => ({ lead: '  ', text })));
  return lines;
}

/**
 * The lines matching `query` (every word of it, case ignored, in a row's keys, its text or
 * its group's title), each under its group's title; every line when the query is empty.
 */
export function filterHelpLines(lines: readonly HelpLine[], query: string): HelpLine[] {
  const words = query.toLowerCase().split(/\s+/).filter((w) => w !== '');
  if (words.length === 0) return [...lines];
  const out: HelpLine[] = [];
  let title: HelpLine | null = null;
  let isTitleShown = false;
  for (const line of lines) {
    if (line.isTitle) {
      title = line;
      isTitleShown = false;
      continue;
    }
    const text = `${title?.text ?? ''} ${line.lead} ${line.text}`.toLowerCase();
    if (!words.every((w) => text.includes(w))) continue;
    if (title && !isTitleShown) out.push(title);
    isTitleShown = true;
    out.push(line);
  }
  return out;
}

/** One screen line of the help. */
export interface ScreenLine {
  readonly text: string;
  readonly isTitle: boolean;
}

/** Narrowest room for a wrapped text; a lead that leaves less gets its line cut instead. */
const MIN_WRAP_WIDTH = 20;

/**
 * `lines` as screen lines of at most `width` columns: a row's text wraps under itself (its
 * lead's width of indent); a title, or a lead that leaves too little room, is cut.
 */
export function wrapHelpLines(lines: readonly HelpLine[], width: number): ScreenLine[] {
  const out: ScreenLine[] = [];
  for (const line of lines) {
    const isTitle = line.isTitle ?? false;
    const whole = `${line.lead}${line.text}`;
    const room = width - displayWidth(line.lead);
    if (isTitle || displayWidth(whole) <= width || room < MIN_WRAP_WIDTH) {
      out.push({ text: truncateToWidth(whole, width), isTitle });
      continue;
    }
    const indent = ' '.repeat(displayWidth(line.lead));
    wrapToWidth(line.text, room).forEach((piece, i) => out.push({ text: `${i === 0 ? line.lead : indent}${piece}`, isTitle }));
  }
  return out;
}
