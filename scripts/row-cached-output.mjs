// Ink's Output (ink/build/output.js, Ink 6.8), bundled in its place by ink-output-plugin.mjs,
// with one change: each screen row's text is remembered by what was written on it. Ink
// builds every frame from scratch: a grid of one object per cell, every line's styled
// characters copied in, every row turned back into a string. A key press changes two or
// three rows of fifty, so the other rows' strings are looked up instead of built again.
// Rows are independent (a write's line only touches its own row), so a row's string depends
// only on the (x, text) of the lines written on it, in order, and the width. The output is
// the same, character for character: bench/console/row-cached-output.test.ts.
import { styledCharsFromTokens, styledCharsToString, tokenize } from '@alcalzone/ansi-tokenize';
import sliceAnsi from 'slice-ansi';
import stringWidth from 'string-width';

class OutputCaches {
  widths = new Map();
  blockWidths = new Map();
  styledChars = new Map();

  getStyledChars(line) {
    let cached = this.styledChars.get(line);
    if (cached === undefined) {
      cached = styledCharsFromTokens(tokenize(line));
      this.styledChars.set(line, cached);
    }
    return cached;
  }

  getStringWidth(text) {
    let cached = this.widths.get(text);
    if (cached === undefined) {
      cached = stringWidth(text);
      this.widths.set(text, cached);
    }
    return cached;
  }

  getWidestLine(text) {
    let cached = this.blockWidths.get(text);
    if (cached === undefined) {
      let lineWidth = 0;
      for (const line of text.split('\n')) lineWidth = Math.max(lineWidth, this.getStringWidth(line));
      cached = lineWidth;
      this.blockWidths.set(text, cached);
    }
    return cached;
  }
}

// The rows built, shared by every frame: a few screens' worth (the cache starts over when
// full). The other caches stay per frame, as in Ink.
const rows = new Map();
const MAX_ROWS = 1024;

// One blank cell for every empty position: cells are only replaced, never changed.
const BLANK = Object.freeze({ type: 'char', value: ' ', fullWidth: false, styles: Object.freeze([]) });

/** The row Ink's grid would give for these writes: `segments` is [x, line, x, line, …]. */
function buildRow(caches, width, segments) {
  const row = new Array(width).fill(BLANK);
  for (let i = 0; i < segments.length; i += 2) {
    let offsetX = segments[i];
    for (const character of caches.getStyledChars(segments[i + 1])) {
      row[offsetX] = character;
      const characterWidth = Math.max(1, caches.getStringWidth(character.value));
      if (characterWidth > 1) {
        for (let index = 1; index < characterWidth; index++) {
          row[offsetX + index] = { type: 'char', value: '', fullWidth: false, styles: character.styles };
        }
      }
      offsetX += characterWidth;
    }
  }
  return styledCharsToString(row.filter((item) => item !== undefined)).trimEnd();
}

/** Ink's Output, with rows remembered across frames. */
export default class Output {
  width;
  height;
  operations = [];
  caches = new OutputCaches();

  constructor(options) {
    const { width, height } = options;
    this.width = width;
    this.height = height;
  }

  write(x, y, text, options) {
    const { transformers } = options;
    if (!text) return;
    this.operations.push({ type: 'write', x, y, text, transformers });
  }

  clip(clip) {
    this.operations.push({ type: 'clip', clip });
  }

  unclip() {
    this.operations.push({ type: 'unclip' });
  }

  get() {
    // What each row gets written, in order: the same walk through the operations as Ink's.
    const written = Array.from({ length: this.height }, () => []);
    const clips = [];
    for (const operation of this.operations) {
      if (operation.type === 'clip') clips.push(operation.clip);
      if (operation.type === 'unclip') clips.pop();
      if (operation.type !== 'write') continue;
      const { text, transformers } = operation;
      let { x, y } = operation;
      let lines = text.split('\n');
      const clip = clips.at(-1);
      if (clip) {
        const clipHorizontally = typeof clip?.x1 === 'number' && typeof clip?.x2 === 'number';
        const clipVertically = typeof clip?.y1 === 'number' && typeof clip?.y2 === 'number';
        if (clipHorizontally) {
          const width = this.caches.getWidestLine(text);
          if (x + width < clip.x1 || x > clip.x2) continue;
        }
        if (clipVertically) {
          const height = lines.length;
          if (y + height < clip.y1 || y > clip.y2) continue;
        }
        if (clipHorizontally) {
          lines = lines.map((line) => {
            const from = x < clip.x1 ? clip.x1 - x : 0;
            const width = this.caches.getStringWidth(line);
            const to = x + width > clip.x2 ? clip.x2 - x : width;
            return sliceAnsi(line, from, to);
          });
          if (x < clip.x1) x = clip.x1;
        }
        if (clipVertically) {
          const from = y < clip.y1 ? clip.y1 - y : 0;
          const height = lines.length;
          const to = y + height > clip.y2 ? clip.y2 - y : height;
          lines = lines.slice(from, to);
          if (y < clip.y1) y = clip.y1;
        }
      }
      let offsetY = 0;
      for (let [index, line] of lines.entries()) {
        const segments = written[y + offsetY];
        // As in Ink: a line below the screen (or above it) is dropped.
        if (!segments) continue;
        for (const transformer of transformers) line = transformer(line, index);
        segments.push(x, line);
        offsetY++;
      }
    }
    const output = written.map((segments) => {
      // Each line with its length: no text can make two different rows' keys equal.
      let key = `${this.width}`;
      for (let i = 0; i < segments.length; i += 2) key += `|${segments[i]},${segments[i + 1].length},${segments[i + 1]}`;
      let row = rows.get(key);
      if (row === undefined) {
        row = buildRow(this.caches, this.width, segments);
        if (rows.size >= MAX_ROWS) rows.clear();
        rows.set(key, row);
      }
      return row;
    });
    return { output: output.join('\n'), height: output.length };
  }
}
