/**
 * The row cache around Ink's Output (src/ui/ink/row-cached-output.ts) draws every frame
 * exactly as Ink's own Output does: random writes of styled, wide, combining, invisible and
 * linked text anywhere (also partly or wholly off screen), nested clips, transformers; then
 * the same frame again (every row from the cache), a frame with some writes changed, the
 * frame scrolled by a few rows (rows answered from the cache at other positions), and the
 * same writes under other clips. And the
 * screen tests draw through it, as the bundle does (vitest applies the build's patch).
 */
import fc from 'fast-check';
import { Box, Text } from 'ink';
import { render } from 'ink-testing-library';
import { createElement, memo, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
// Ink's own Output, by path (Ink's exports do not list it; the build patches only its renderer).
import InkOutput from '../../node_modules/ink/build/output.js';
import { rowCacheStats, withRowCache, type InkOutputClass, type OutputClip, type OutputTransformer } from '../../src/ui/ink/row-cached-output.js';

type Op =
  | { readonly type: 'write'; readonly x: number; readonly y: number; readonly text: string; readonly transformers: readonly number[] }
  | { readonly type: 'clip'; readonly clip: OutputClip }
  | { readonly type: 'unclip' };

const PIECES = [
  'a', 'Z', ' ', '·', '›', '…', '中', '😀', '👩‍👩‍👧', 'e\u0301', '\u200b', '\t', '\n', '\n',
  '\u001b[31m', '\u001b[39m', '\u001b[1m', '\u001b[22m', '\u001b[7m', '\u001b[27m', '\u001b[2m', '\u001b[0m', '\u001b[38;5;208m',
  '\u001b]8;;https://x.test\u0007', '\u001b]8;;\u0007',
];
const text = fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 24 }).map((p) => p.join(''));

// Transformers as Ink's Text makes them (styles around the line) and ones that use the index.
const TRANSFORMERS: readonly OutputTransformer[] = [
  (line) => `\u001b[7m${line}\u001b[27m`,
  (line) => `\u001b[2m${line}\u001b[22m`,
  (line, index) => `${index}${line.toUpperCase()}`,
  (line) => line.replaceAll(' ', '_'),
];

const coordinate = (max: number) => fc.integer({ min: -3, max: max + 3 });
function op(width: number, height: number): fc.Arbitrary<Op> {
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({
        type: fc.constant('write' as const),
        x: coordinate(width),
        y: coordinate(height),
        text,
        transformers: fc.array(fc.integer({ min: 0, max: TRANSFORMERS.length - 1 }), { maxLength: 2 }),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        type: fc.constant('clip' as const),
        clip: fc.record({ x1: coordinate(width), x2: coordinate(width), y1: coordinate(height), y2: coordinate(height) }, { requiredKeys: [] }),
      }),
    },
    { weight: 1, arbitrary: fc.constant({ type: 'unclip' as const }) },
  );
}

function draw(Output: InkOutputClass, width: number, height: number, ops: readonly Op[]) {
  const output = new Output({ width, height });
  for (const o of ops) {
    if (o.type === 'write') output.write(o.x, o.y, o.text, { transformers: o.transformers.map((i) => TRANSFORMERS[i]!) });
    else if (o.type === 'clip') output.clip(o.clip);
    else output.unclip();
  }
  return output.get();
}

/** Every write and clip moved down by `dy` rows (the frame scrolled). */
const shifted = (ops: readonly Op[], dy: number): Op[] =>
  ops.map((o) => {
    if (o.type === 'write') return { ...o, y: o.y + dy };
    if (o.type === 'clip') {
      const { y1, y2 } = o.clip;
      return { ...o, clip: { ...o.clip, ...(y1 === undefined ? {} : { y1: y1 + dy }), ...(y2 === undefined ? {} : { y2: y2 + dy }) } };
    }
    return o;
  });

/** Every clip's horizontal bound `bound` moved by `dx` (the same writes under another clip). */
const reclipped = (ops: readonly Op[], bound: 'x1' | 'x2', dx: number): Op[] =>
  ops.map((o) => (o.type === 'clip' ? { ...o, clip: { ...o.clip, [bound]: (o.clip[bound] ?? 0) + dx } } : o));

const Ink = InkOutput as unknown as InkOutputClass;
const Cached = withRowCache(Ink);

describe('row-cached Output', () => {
  it("draws every frame as Ink's Output does, also rows answered from its cache", () => {
    const frame = fc.tuple(fc.integer({ min: 1, max: 24 }), fc.integer({ min: 1, max: 8 })).chain(([width, height]) =>
      fc.record({
        width: fc.constant(width),
        height: fc.constant(height),
        ops: fc.array(op(width, height), { maxLength: 14 }),
        more: fc.array(op(width, height), { maxLength: 4 }),
        dy: fc.integer({ min: -3, max: 3 }),
      }),
    );
    const before = rowCacheStats();
    fc.assert(
      fc.property(frame, ({ width, height, ops, more, dy }) => {
        const next = [...ops.slice(0, Math.floor(ops.length / 2)), ...more, ...ops.slice(Math.floor(ops.length / 2))];
        const frames = [ops, ops, next, shifted(next, dy), ops, reclipped(ops, 'x1', dy), reclipped(ops, 'x2', dy)];
        for (const frameOps of frames) {
          expect(draw(Cached, width, height, frameOps)).toEqual(draw(Ink, width, height, frameOps));
        }
      }),
      { numRuns: 1000 },
    );
    // The frames above were answered from the cache for the most part, not built again.
    const after = rowCacheStats();
    expect(after.reused - before.reused).toBeGreaterThan(after.built - before.built);
  }, 60_000);

  it('builds a row again when a transformer of it is a new function (a new render of its Text)', () => {
    const paint = (line: string) => `\u001b[1m${line}\u001b[22m`;
    const repaint = (line: string) => `\u001b[1m${line}\u001b[22m`;
    const drawWith = (t: OutputTransformer) => {
      const output = new Cached({ width: 10, height: 1 });
      output.write(0, 0, 'row', { transformers: [t] });
      return output.get();
    };
    drawWith(paint);
    const built = rowCacheStats().built;
    drawWith(paint);
    expect(rowCacheStats().built).toBe(built);
    drawWith(repaint);
    expect(rowCacheStats().built).toBe(built + 1);
  });

  it('is the Output the screen tests draw with (vitest applies the build patch to Ink)', async () => {
    // A memoized line is not rendered again when its neighbour changes, so its Text keeps its
    // transformer and its row comes from the cache.
    const Line = memo(function Line(props: { readonly text: string }) {
      return createElement(Text, { bold: true }, props.text);
    });
    let setSecond: (text: string) => void = () => {};
    function Lines() {
      const [second, set] = useState('second line');
      setSecond = set;
      return createElement(Box, { flexDirection: 'column' }, createElement(Line, { text: 'first line' }), createElement(Line, { text: second }));
    }
    const { lastFrame, unmount } = render(createElement(Lines));
    const before = rowCacheStats();
    setSecond('second line!');
    await vi.waitFor(() => expect(lastFrame()).toBe('first line\nsecond line!'));
    const after = rowCacheStats();
    expect(after.reused - before.reused).toBe(1);
    expect(after.built - before.built).toBe(1);
    unmount();
  });
});
