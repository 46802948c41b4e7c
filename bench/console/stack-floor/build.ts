/**
 * Builds the stack floor (app.ts) as the console is built: the same esbuild options and
 * source patches (scripts/bundle-options.mjs, scripts/source-patch-plugin.mjs), so the two
 * differ only in what the console does beyond drawing the page.
 */
import { build } from 'esbuild';
import { join } from 'node:path';
// @ts-expect-error: a plain ES module of the build, without types
import { bundleOptions } from '../../../scripts/bundle-options.mjs';
// @ts-expect-error: a plain ES module of the build, without types
import { PATCHES, sourcePatchPlugin } from '../../../scripts/source-patch-plugin.mjs';

/** Builds the stack floor into `outdir` and returns the path of its entry. */
export async function buildStackFloor(outdir: string): Promise<string> {
  await build({
    ...bundleOptions({ plugins: [sourcePatchPlugin(PATCHES)] }),
    entryPoints: { 'stack-floor': new URL('app.ts', import.meta.url).pathname },
    outdir,
  });
  return join(outdir, 'stack-floor.js');
}
