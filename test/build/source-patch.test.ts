/**
 * The build's source-patch plugin (scripts/source-patch-plugin.mjs): Yoga, bundled as the
 * console gets it, loads its WebAssembly without making Node load its built-in fetch, and
 * still lays out; the modules that segment make no Intl.Segmenter when they load; a patch that no longer fits its dependency fails the build;
 * and the tests run the same patched modules (vitest.config.ts applies the same patches).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it, vi } from 'vitest';
import { countSegmentersMade } from '../helpers/segmenter-count.js';
// @ts-expect-error: a plain ES module of the build, without types
import { bundleOptions } from '../../scripts/bundle-options.mjs';
// @ts-expect-error: a plain ES module of the build, without types
import { PATCHES, sourcePatchPlugin } from '../../scripts/source-patch-plugin.mjs';

const ROOT = new URL('../..', import.meta.url).pathname;

/** An ES module bundle of `contents`, built with the build's own options (scripts/bundle-options.mjs) and `plugins`. */
async function bundle(contents: string, plugins: unknown[]): Promise<string> {
  const outfile = join(mkdtempSync(join(tmpdir(), 'rc-source-patch-')), 'out.mjs');
  await build({
    ...bundleOptions({ plugins, splitting: false }),
    stdin: { contents, resolveDir: ROOT, loader: 'js' },
    outfile,
    logLevel: 'silent',
  });
  return outfile;
}

/** Loads Yoga from `file`, lays out a 40x10 node, and reports whether Node's fetch was loaded. */
function runYoga(file: string): { width: number; isFetchLoaded: boolean } {
  const script = `const { default: Yoga } = await import(${JSON.stringify(file)});
const node = Yoga.Node.create(); node.setWidth(40); node.setHeight(10); node.calculateLayout();
console.log(JSON.stringify({ width: node.getComputedWidth(), isFetchLoaded: process.moduleLoadList.some((m) => m.includes('deps/undici')) }));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })) as never;
}

/** Texts whose width string-width works out in every way it has: emoji of all kinds, flags, keycaps, text style, CJK, Hangul, marks. */
const WIDTH_CORPUS = [
  '', 'plain ASCII', 'a · b ↑/k › …', '\u001b[31mred\u001b[39m', '👍', '👍🏽', '👨‍👩‍👧', '🏳️‍🌈', '🇩🇰', '🇩', '🇩🇰🇸🇪', '1️⃣', '#️⃣', '1⃣',
  '☺️', '☺︎', '⌚︎', '⌚', '🏽', 'a🏽', '日本語', 'ｶﾞ', '한국어', '\u1100\u1161\u11A8', 'é', 'e\u0301', '\u0600123', '\u0600日',
  'क्षि', 'ำ', '\u200B', '\u00AD', '\uD800', 'x\u200Dy', '🧑🏻‍💻 at 日本 ok', 'Ω≈ç√∫', '\u2028',
];

/** Texts for the modules that segment: the console's own (no ICU needed), colour codes, and every kind ICU must segment. */
const SEGMENT_CORPUS = [
  '› 3400 #AO2032 reviewed · 1h …',
  '\u001b[1m\u001b[31m✓ received\u001b[39m\u001b[22m  Clara Novak',
  '─│╭╮ → ↑/k · é ß ¢',
  ...WIDTH_CORPUS,
  '\u001b]8;;https://x.test\u0007link\u001b]8;;\u0007',
  'a\r\nb',
];

/**
 * In a fresh process: how many Intl.Segmenters string-width, wrap-ansi, slice-ansi, the
 * tokenizer and Ink made when they loaded, how many the console's kind of text then made,
 * and what the modules give for SEGMENT_CORPUS.
 */
function runSegmenting(file: string): { madeAtLoad: number; madeForSimpleTexts: number; results: unknown[] } {
  const script = `let made = 0; const Native = Intl.Segmenter;
Intl.Segmenter = new Proxy(Native, { construct(target, args) { made++; return Reflect.construct(target, args); } });
const m = await import(${JSON.stringify(file)});
const madeAtLoad = made;
const corpus = ${JSON.stringify(SEGMENT_CORPUS)};
const measure = (t) => [m.stringWidth(t), m.wrapAnsi(t, 5, { hard: true }), m.sliceAnsi(t, 1, 4), m.tokenize(t)];
const simple = corpus.slice(0, 3).map(measure);
const madeForSimpleTexts = made - madeAtLoad;
console.log(JSON.stringify({ madeAtLoad, madeForSimpleTexts, results: [...simple, ...corpus.slice(3).map(measure)] }));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })) as never;
}

describe('source-patch plugin', () => {
  it('string-width, wrap-ansi, slice-ansi, the tokenizer and Ink make no Intl.Segmenter when they load, nor for simple texts, and give the same results', async () => {
    const entry = [
      "export { default as stringWidth } from 'string-width';",
      "export { default as wrapAnsi } from 'wrap-ansi';",
      "export { default as sliceAnsi } from 'slice-ansi';",
      "export { tokenize } from '@alcalzone/ansi-tokenize';",
      "export * as ink from 'ink';",
    ].join('\n');
    const patched = runSegmenting(await bundle(entry, [sourcePatchPlugin()]));
    const plain = runSegmenting(await bundle(entry, []));
    expect(patched.results).toEqual(plain.results);
    expect(patched.madeAtLoad).toBe(0);
    expect(patched.madeForSimpleTexts).toBe(0);
    // Without the patch each of the five makes one when it loads: the test can tell the difference.
    expect(plain.madeAtLoad).toBeGreaterThanOrEqual(5);
  }, 60_000);


  it('vitest runs the patched segmenting modules too: none makes an Intl.Segmenter when it loads', async () => {
    const count = countSegmentersMade();
    try {
      // The first imports of these in this test process, as the screen tests get them through Ink.
      const [{ default: wrapAnsi }, { default: sliceAnsi }, { tokenize }] = await Promise.all([
        import('wrap-ansi'),
        import('slice-ansi'),
        import('@alcalzone/ansi-tokenize'),
      ]);
      expect(count.made()).toBe(0);
      expect(wrapAnsi('› ab · cd', 4, { hard: true })).toBe('› ab\n· cd');
      expect(sliceAnsi('› ab · cd', 2, 4)).toBe('ab');
      expect(tokenize('·')).toEqual([{ type: 'char', value: '·', fullWidth: false }]);
      expect(count.made()).toBe(0);
    } finally {
      count.stop();
    }
  });

  it("Yoga loads without Node's fetch, and still lays out", async () => {
    const patched = await bundle("export { default } from 'yoga-layout';", [sourcePatchPlugin()]);
    expect(runYoga(patched)).toEqual({ width: 40, isFetchLoaded: false });
    // Without the patch, the same bundle loads fetch: the test can tell the difference.
    const plain = await bundle("export { default } from 'yoga-layout';", []);
    expect(runYoga(plain)).toEqual({ width: 40, isFetchLoaded: true });
  }, 30_000);

  it('fails the build when a patch no longer fits its file', async () => {
    const patch = PATCHES[0] as { count: number };
    const misfit = sourcePatchPlugin([{ ...patch, count: patch.count + 1 }]);
    await expect(bundle("export { default } from 'yoga-layout';", [misfit])).rejects.toThrow(/source-patch: expected 3/);
  }, 30_000);

  it('vitest runs the patched Yoga too: its loader never asks fetch for its WebAssembly', async () => {
    // The first import of Yoga in this test process, as the screen tests get it through Ink.
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const { default: Yoga } = await import('yoga-layout');
    const node = Yoga.Node.create();
    node.setWidth(40);
    node.calculateLayout(undefined, undefined);
    expect(node.getComputedWidth()).toBe(40);
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });
});
