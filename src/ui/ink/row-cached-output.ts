/**
 * A row cache around Ink's own Output (ink/build/output.js), put in its place by the build
 * and by vitest (scripts/source-patch-plugin.mjs patches Ink's renderer to wrap its Output
 * with `withRowCache`), so the bundle and the screen tests run the same code.
 *
 * Ink draws every frame from scratch: it tokenizes every line written, copies its styled
 * characters into a grid of one object per cell and turns every row back into a string.
 * A key press changes two or three rows of fifty. A row's string depends only on the
 * writes whose lines land on it (in order: their x, which of their lines, their text and
 * transformers, the horizontal bounds of their clip) and on the width, so this wrapper
 * keys each row by exactly that, and builds only rows it has not seen, each with a
 * one-row Output of Ink's own, given the same writes moved up to that row. What it adds is
 * bookkeeping; every character still comes from Ink's code. The result is the same string,
 * frame by frame: test/ui/row-cached-output.test.ts compares it with Ink's Output over
 * random frames.
 *
 * A transformer is taken as a function of its arguments only (Ink's own Text transformers
 * are: they close over the props of their render); a new render gives new functions, and
 * rows written with them are built again.
 */

/** Ink's transformer of one written line (its text, and the line's index in the write). */
export type OutputTransformer = (line: string, index: number) => string;

/** A clip region of Ink's Output: half-open cell bounds, undefined meaning unbounded. */
export interface OutputClip {
  readonly x1?: number;
  readonly x2?: number;
  readonly y1?: number;
  readonly y2?: number;
}

/** What Ink's renderer uses of its Output (and all this wrapper uses of Ink's). */
export interface InkOutput {
  write(x: number, y: number, text: string, options: { readonly transformers: readonly OutputTransformer[] }): void;
  clip(clip: OutputClip): void;
  unclip(): void;
  get(): { output: string; height: number };
}

export type InkOutputClass = new (options: { width: number; height: number }) => InkOutput;

/** One write of a frame, with the clip it was made in. */
export interface OutputWrite {
  readonly x: number;
  readonly y: number;
  readonly text: string;
  readonly transformers: readonly OutputTransformer[];
  /** The clip in force (the intersection of the open clips), if any. */
  readonly clip: OutputClip | undefined;
}

/** One frame as Ink's renderer wrote it: its size, every write with its clip, and the frame. */
export interface ObservedFrame {
  readonly width: number;
  readonly height: number;
  readonly writes: readonly OutputWrite[];
  readonly output: string;
}

const frameObservers = new Set<(frame: ObservedFrame) => void>();

/**
 * Calls `observer` with every frame Ink builds, until the function returned is called. For
 * the tests' layout and terminal checks, which look at where each piece of text went and
 * at the frame meant.
 */
export function observeFrames(observer: (frame: ObservedFrame) => void): () => void {
  frameObservers.add(observer);
  return () => frameObservers.delete(observer);
}

/** Rows remembered across frames and Output instances (a few screens' worth; oldest out first). */
export const MAX_CACHED_ROWS = 2048;
const rows = new Map<string, string>();
const stats = { built: 0, reused: 0 };

/** How many rows were built and how many reused since the process started (tests, benchmarks). */
export function rowCacheStats(): { readonly built: number; readonly reused: number; readonly size: number } {
  return { ...stats, size: rows.size };
}

const transformerIds = new WeakMap<OutputTransformer, number>();
let nextTransformerId = 1;
function transformerKey(transformers: readonly OutputTransformer[]): string {
  let key = '';
  for (const transformer of transformers) {
    let id = transformerIds.get(transformer);
    if (id === undefined) {
      id = nextTransformerId++;
      transformerIds.set(transformer, id);
    }
    key += `${id};`;
  }
  return key;
}

// The clip arithmetic of Ink's Output: nested clips intersect; bounds are half-open.
const tighter = (a: number | undefined, b: number | undefined, pick: (p: number, q: number) => number) =>
  a === undefined ? b : b === undefined ? a : pick(a, b);
function intersect(outer: OutputClip | undefined, inner: OutputClip): OutputClip {
  if (!outer) return inner;
  return {
    x1: tighter(outer.x1, inner.x1, Math.max),
    x2: tighter(outer.x2, inner.x2, Math.min),
    y1: tighter(outer.y1, inner.y1, Math.max),
    y2: tighter(outer.y2, inner.y2, Math.min),
  };
}
const isEmpty = (c: OutputClip) =>
  (c.x1 !== undefined && c.x2 !== undefined && c.x1 >= c.x2) || (c.y1 !== undefined && c.y2 !== undefined && c.y1 >= c.y2);

/** Lines a write can take (its newlines + 1; Ink splits at the newline characters it finds). */
function lineCount(text: string): number {
  let count = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) count++;
  return count;
}

/** The half-open range of rows `write` can put characters on, within `height` rows. */
function rowsOf(write: OutputWrite, height: number): readonly [number, number] {
  let from = write.y;
  let to = write.y + lineCount(write.text);
  const { clip } = write;
  // Ink clips vertically only when both vertical bounds are set.
  if (clip && typeof clip.y1 === 'number' && typeof clip.y2 === 'number') {
    from = Math.max(from, clip.y1);
    to = Math.min(to, clip.y2);
  }
  return [Math.max(0, from), Math.min(height, to)];
}

/**
 * True when every row is a whole number (Yoga lays out in whole cells; anything else is
 * drawn by Ink's Output as a whole, with no cache).
 */
function isOnGrid(height: number, writes: readonly OutputWrite[]): boolean {
  const isWhole = (n: number | undefined) => n === undefined || Number.isInteger(n);
  return Number.isInteger(height) && writes.every((w) => Number.isInteger(w.y) && isWhole(w.clip?.y1) && isWhole(w.clip?.y2));
}

/** Ink's `Output` class with rows remembered across frames. */
export function withRowCache(Base: InkOutputClass): InkOutputClass {
  return class RowCachedOutput implements InkOutput {
    readonly #width: number;
    readonly #height: number;
    readonly #writes: OutputWrite[] = [];
    readonly #clips: OutputClip[] = [];

    constructor(options: { width: number; height: number }) {
      this.#width = options.width;
      this.#height = options.height;
    }

    write(x: number, y: number, text: string, options: { readonly transformers: readonly OutputTransformer[] }): void {
      // As Ink: an empty write is no write.
      if (text === '') return;
      this.#writes.push({ x, y, text, transformers: options.transformers, clip: this.#clips.at(-1) });
    }

    clip(clip: OutputClip): void {
      this.#clips.push(intersect(this.#clips.at(-1), clip));
    }

    unclip(): void {
      this.#clips.pop();
    }

    get(): { output: string; height: number } {
      const frame = this.#frame();
      if (frameObservers.size > 0) {
        const observed = { width: this.#width, height: this.#height, writes: this.#writes, output: frame.output };
        for (const observer of frameObservers) observer(observed);
      }
      return frame;
    }

    #frame(): { output: string; height: number } {
      const height = this.#height;
      if (!isOnGrid(height, this.#writes)) return this.#whole();
      const onRow: OutputWrite[][] = Array.from({ length: Math.max(0, height) }, () => []);
      for (const write of this.#writes) {
        if (write.clip && isEmpty(write.clip)) continue;
        const [from, to] = rowsOf(write, height);
        for (let row = from; row < to; row++) onRow[row]!.push(write);
      }
      const lines = onRow.map((writes, row) => (writes.length === 0 ? '' : this.#row(row, writes)));
      return { output: lines.join('\n'), height };
    }

    /** The frame drawn by Ink's Output as it is, every write with its clip. */
    #whole(): { output: string; height: number } {
      const output = new Base({ width: this.#width, height: this.#height });
      for (const w of this.#writes) {
        if (w.clip) output.clip(w.clip);
        output.write(w.x, w.y, w.text, { transformers: w.transformers });
        if (w.clip) output.unclip();
      }
      return output.get();
    }

    /** Row `row` of the frame, from the cache or built by Ink's Output from `writes` alone. */
    #row(row: number, writes: readonly OutputWrite[]): string {
      let key = `${this.#width}`;
      for (const w of writes) {
        key += `\u0000${w.x},${w.y - row},${w.clip?.x1},${w.clip?.x2},${transformerKey(w.transformers)}${w.text.length}:${w.text}`;
      }
      const cached = rows.get(key);
      if (cached !== undefined) {
        stats.reused++;
        // Most recently used last, so the oldest goes first when the cache is full.
        rows.delete(key);
        rows.set(key, cached);
        return cached;
      }
      // The same writes, moved up so that this row is row 0 of a one-row Output. Only the
      // horizontal bounds of a clip still matter: the writes reach this row (rowsOf).
      const one = new Base({ width: this.#width, height: 1 });
      for (const w of writes) {
        const isClipped = w.clip !== undefined && (w.clip.x1 !== undefined || w.clip.x2 !== undefined);
        if (isClipped) one.clip({ x1: w.clip!.x1, x2: w.clip!.x2 });
        one.write(w.x, w.y - row, w.text, { transformers: w.transformers });
        if (isClipped) one.unclip();
      }
      const line = one.get().output;
      stats.built++;
      rows.set(key, line);
      if (rows.size > MAX_CACHED_ROWS) rows.delete(rows.keys().next().value!);
      return line;
    }
  };
}
