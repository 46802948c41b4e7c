/**
 * The layout oracle: where each piece of text of a frame went, as Ink's renderer wrote it
 * (every write of its Output, seen through src/ui/ink/row-cached-output.ts `observeFrames`).
 * A frame is laid out right when no two writes put a character on the same cell, nothing
 * lies outside the window, and no line of text is hidden by a box too short for it (a part
 * given fewer rows than it has lines). Cells are counted as Ink counts them: string-width
 * per grapheme, after the write's transformers.
 */
import { stripVTControlCharacters } from 'node:util';
import { displayWidth } from '../../src/format/width.js';
import { observeFrames, type ObservedFrame, type OutputWrite } from '../../src/ui/ink/row-cached-output.js';

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

export interface LayoutProblem {
  readonly kind: 'overlap' | 'outside' | 'hidden';
  readonly row: number;
  readonly column: number;
  readonly text: string;
  /** For an overlap: the text already on that cell. */
  readonly under?: string;
}

const hasBounds = (a: number | undefined, b: number | undefined): [number, number] | null => (typeof a === 'number' && typeof b === 'number' ? [a, b] : null);

/** The visible lines of `write` (its transformers applied, escape sequences removed). */
function linesOf(write: OutputWrite): string[] {
  return write.text.split('\n').map((line, index) => {
    let shown = line;
    for (const transform of write.transformers) shown = transform(shown, index);
    return stripVTControlCharacters(shown);
  });
}

/** What is wrong with the layout of `frame` in a window of `columns` x `rows` (empty: nothing). */
export function layoutProblems(frame: ObservedFrame, columns: number, rows: number): LayoutProblem[] {
  const problems: LayoutProblem[] = [];
  const owner = new Map<number, { readonly write: number; readonly text: string }>();
  frame.writes.forEach((write, writeIndex) => {
    const lines = linesOf(write);
    const xClip = hasBounds(write.clip?.x1, write.clip?.x2);
    const yClip = hasBounds(write.clip?.y1, write.clip?.y2);
    lines.forEach((line, lineIndex) => {
      const y = write.y + lineIndex;
      const isHiddenRow = yClip !== null && (y < yClip[0] || y >= yClip[1]);
      if (isHiddenRow) {
        if (line.trim() !== '') problems.push({ kind: 'hidden', row: y, column: write.x, text: line });
        return;
      }
      let x = write.x;
      for (const { segment } of segmenter.segment(line)) {
        const width = Math.max(1, displayWidth(segment));
        for (let cell = x; cell < x + width; cell++) {
          if (xClip !== null && (cell < xClip[0] || cell >= xClip[1])) continue;
          if (cell < 0 || cell >= columns || y < 0 || y >= rows) {
            problems.push({ kind: 'outside', row: y, column: cell, text: line });
            continue;
          }
          const key = y * 100_000 + cell;
          const before = owner.get(key);
          if (before !== undefined && before.write !== writeIndex) problems.push({ kind: 'overlap', row: y, column: cell, text: line, under: before.text });
          owner.set(key, { write: writeIndex, text: line });
        }
        x += width;
      }
    });
  });
  return problems;
}

/** The problems, one per piece of text (a long overlap is one problem, not one per cell), as lines for a failure message. */
export function describeProblems(problems: readonly LayoutProblem[]): string {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const p of problems) {
    const key = `${p.kind}|${p.row}|${p.text}|${p.under ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(
      p.kind === 'overlap'
        ? `row ${p.row}, column ${p.column}: "${p.text}" over "${p.under}"`
        : p.kind === 'outside'
          ? `row ${p.row}, column ${p.column}: "${p.text}" outside the window`
          : `row ${p.row}: "${p.text}" hidden (its box is too short)`,
    );
  }
  return out.join('\n');
}

/** Records every frame Ink builds from now on; `stop` ends it. */
export function recordFrames(): { readonly frames: ObservedFrame[]; readonly stop: () => unknown } {
  const frames: ObservedFrame[] = [];
  const stop = observeFrames((frame) => frames.push(frame));
  return { frames, stop };
}
