/**
 * Column widths of terminal text: wide (CJK) characters take two columns, combining marks
 * none, an emoji two. Inputs are sanitized text (no escape sequences); `string-width`
 * measures, and cutting happens on grapheme boundaries so an emoji or an accented letter
 * is never split.
 */
import stringWidth from 'string-width';
import type { DisplayText } from './sanitize.js';

/** The ellipsis that marks truncated text (one column). */
export const ELLIPSIS = '…';

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Number of terminal columns `text` occupies. */
export function displayWidth(text: string): number {
  return stringWidth(text);
}

/**
 * `text` cut to at most `maxWidth` columns, ending in `…` when cut. Never returns more
 * than `maxWidth` columns (a wide character that would cross the edge is left out).
 */
export function truncateToWidth(text: DisplayText, maxWidth: number): DisplayText;
export function truncateToWidth(text: string, maxWidth: number): string;
export function truncateToWidth(text: string, maxWidth: number): string {
  if (maxWidth <= 0) return '';
  if (displayWidth(text) <= maxWidth) return text;
  const room = maxWidth - 1; // keep one column for the ellipsis
  let out = '';
  let used = 0;
  for (const { segment } of segmenter.segment(text)) {
    const w = displayWidth(segment);
    if (used + w > room) break;
    out += segment;
    used += w;
  }
  return out + ELLIPSIS;
}

/** The grapheme clusters of `list`, from its start, that fit `room` columns together. */
function fitting(list: readonly string[], room: number): string[] {
  const out: string[] = [];
  let used = 0;
  for (const segment of list) {
    const w = displayWidth(segment);
    if (used + w > room) break;
    out.push(segment);
    used += w;
  }
  return out;
}

/**
 * `text` cut to at most `maxWidth` columns by leaving out its middle (`req_3a6…0073`): for
 * ids, whose start and end together tell them apart where the start alone may not.
 */
export function truncateMiddleToWidth(text: DisplayText, maxWidth: number): DisplayText;
export function truncateMiddleToWidth(text: string, maxWidth: number): string;
export function truncateMiddleToWidth(text: string, maxWidth: number): string {
  if (maxWidth <= 0) return '';
  if (displayWidth(text) <= maxWidth) return text;
  const segments = Array.from(segmenter.segment(text), (s) => s.segment);
  const room = maxWidth - 1; // keep one column for the ellipsis
  const tail = fitting(segments.toReversed(), Math.floor(room / 2)).reverse().join('');
  const head = fitting(segments, room - displayWidth(tail)).join('');
  return head + ELLIPSIS + tail;
}

/** `text` padded with spaces to exactly `width` columns (cut first when wider). */
export function fitToWidth(text: DisplayText, width: number, align?: 'left' | 'right', cut?: 'end' | 'middle'): DisplayText;
export function fitToWidth(text: string, width: number, align?: 'left' | 'right', cut?: 'end' | 'middle'): string;
export function fitToWidth(text: string, width: number, align: 'left' | 'right' = 'left', cut: 'end' | 'middle' = 'end'): string {
  const kept = cut === 'middle' ? truncateMiddleToWidth(text, width) : truncateToWidth(text, width);
  const pad = ' '.repeat(Math.max(0, width - displayWidth(kept)));
  return align === 'right' ? pad + kept : kept + pad;
}

/**
 * `text` wrapped into lines of at most `width` columns: at spaces where it can (the spaces
 * between words on a line are kept as they were), inside a word only when the word alone is
 * wider than a line (on grapheme boundaries). Nothing is left out, so a caller knows exactly
 * how many lines a text takes before drawing it. Pieces of display text are display text.
 */
export function wrapToWidth(text: DisplayText, width: number): DisplayText[];
export function wrapToWidth(text: string, width: number): string[];
export function wrapToWidth(text: string, width: number): string[] {
  const max = Math.max(1, Math.floor(width));
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    let used = 0;
    const push = () => {
      lines.push(line.trimEnd());
      line = '';
      used = 0;
    };
    for (const [, space = '', word = ''] of paragraph.matchAll(/( *)([^ ]+)/g)) {
      const w = displayWidth(word);
      const gap = used === 0 ? '' : space;
      if (used + gap.length + w <= max) {
        line += gap + word;
        used += gap.length + w;
        continue;
      }
      if (used > 0) push();
      if (w <= max) {
        line = word;
        used = w;
        continue;
      }
      // A word wider than a line is broken where the line ends.
      for (const { segment } of segmenter.segment(word)) {
        const sw = displayWidth(segment);
        if (used + sw > max && used > 0) push();
        line += segment;
        used += sw;
      }
    }
    push();
  }
  return lines;
}
