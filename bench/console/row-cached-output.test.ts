/**
 * The bundle's Output (scripts/row-cached-output.mjs, in place of Ink's) gives exactly what
 * Ink's own Output gives, on any frame: random writes of styled, wide and combining text
 * anywhere (also partly or wholly off screen), clips, transformers; and again on later
 * frames that repeat some rows (answered from its row cache) and change others. And the
 * remembering sanitizeAnsi the same plugin bundles answers as Ink's.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the build, without types
import { inkOutputPlugin } from '../../scripts/ink-output-plugin.mjs';
// @ts-expect-error: a plain ES module of the build, without types
import RowCachedOutput from '../../scripts/row-cached-output.mjs';
// Ink's own Output, by path (Ink's exports do not list it).
import InkOutput from '../../node_modules/ink/build/output.js';
import inkSanitize from '../../node_modules/ink/build/sanitize-ansi.js';

interface OutputLike {
  write(x: number, y: number, text: string, options: { transformers: ((line: string, index: number) => string)[] }): void;
  clip(clip: { x1?: number; x2?: number; y1?: number; y2?: number }): void;
  unclip(): void;
  get(): { output: string; height: number };
}
type Op =
  | { type: 'write'; x: number; y: number; text: string; isTransformed: boolean }
  | { type: 'clip'; clip: { x1?: number; x2?: number; y1?: number; y2?: number } }
  | { type: 'unclip' };

const PIECES = ['a', 'Z', ' ', '·', '›', '…', '中', '😀', 'e\u0301', '\u001b[31m', '\u001b[39m', '\u001b[1m', '\u001b[22m', '\u001b[7m', '\u001b[27m', '\u001b[2m', '\u001b[0m'];
const line = fc.array(fc.constantFrom(...PIECES), { maxLength: 20 }).map((p) => p.join(''));
const text = fc.array(line, { minLength: 1, maxLength: 4 }).map((lines) => lines.join('\n'));
const coordinate = (max: number) => fc.integer({ min: -3, max: max + 3 });
const op = (width: number, height: number): fc.Arbitrary<Op> =>
  fc.oneof(
    { weight: 6, arbitrary: fc.record({ type: fc.constant('write' as const), x: coordinate(width), y: coordinate(height), text, isTransformed: fc.boolean() }) },
    {
      weight: 1,
      arbitrary: fc.record({
        type: fc.constant('clip' as const),
        clip: fc.record({ x1: coordinate(width), x2: coordinate(width), y1: coordinate(height), y2: coordinate(height) }, { requiredKeys: [] }),
      }),
    },
    { weight: 1, arbitrary: fc.constant({ type: 'unclip' as const }) },
  );

const upper = (l: string, index: number) => `${index}${l.toUpperCase()}`;

function draw(Output: new (o: { width: number; height: number }) => OutputLike, width: number, height: number, ops: readonly Op[]) {
  const output = new Output({ width, height });
  for (const o of ops) {
    if (o.type === 'write') output.write(o.x, o.y, o.text, { transformers: o.isTransformed ? [upper] : [] });
    else if (o.type === 'clip') output.clip(o.clip);
    else output.unclip();
  }
  return output.get();
}

describe('row-cached Output', () => {
  it("draws every frame as Ink's Output does, also rows answered from its cache", () => {
    const frame = fc.tuple(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 8 })).chain(([width, height]) =>
      fc.record({ width: fc.constant(width), height: fc.constant(height), ops: fc.array(op(width, height), { maxLength: 12 }), more: fc.array(op(width, height), { maxLength: 4 }) }),
    );
    fc.assert(
      fc.property(frame, ({ width, height, ops, more }) => {
        expect(draw(RowCachedOutput, width, height, ops)).toEqual(draw(InkOutput, width, height, ops));
        // The same frame again (every row from the cache), then one with some writes changed.
        expect(draw(RowCachedOutput, width, height, ops)).toEqual(draw(InkOutput, width, height, ops));
        const next = [...ops.slice(0, Math.floor(ops.length / 2)), ...more, ...ops.slice(Math.floor(ops.length / 2))];
        expect(draw(RowCachedOutput, width, height, next)).toEqual(draw(InkOutput, width, height, next));
      }),
      { numRuns: 2000 },
    );
  });
});

describe("Ink's sanitizeAnsi, remembered (ink-output-plugin.mjs)", () => {
  it('cleans text as Ink does, first call and remembered call alike', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rc-sanitize-'));
    const outfile = join(dir, 'sanitize.mjs');
    const inkBuild = new URL('../../node_modules/ink/build', import.meta.url).pathname;
    await build({
      stdin: { contents: "export { default } from './sanitize-ansi.js';", resolveDir: inkBuild, loader: 'js' },
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      plugins: [inkOutputPlugin],
      logLevel: 'error',
    });
    expect(readFileSync(outfile, 'utf8')).toContain('clean = ');
    const { default: remembered } = (await import(pathToFileURL(outfile).href)) as { default: (t: string) => string };
    const pieces = [...PIECES, '\u001b[2J', '\u001b[H', '\u001b[3A', '\u001b]8;;https://x\u0007', '\u001b]8;;\u0007', '\u009b1m', '\u0007', '\r'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 30 }), (parts) => {
        const text = parts.join('');
        expect(remembered(text)).toBe(inkSanitize(text));
        expect(remembered(text)).toBe(inkSanitize(text));
      }),
      { numRuns: 1000 },
    );
  }, 30_000);
});
