/**
 * The build's source-patch plugin (scripts/source-patch-plugin.mjs): Yoga, bundled as the
 * console gets it, loads its WebAssembly without making Node load its built-in fetch, and
 * still lays out; a patch that no longer fits its dependency fails the build;
 * and the tests run the same patched modules (vitest.config.ts applies the same patches).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it, vi } from 'vitest';
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

describe('source-patch plugin', () => {
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
