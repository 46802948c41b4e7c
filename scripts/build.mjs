// Bundles the CLI for start-up speed (see docs/benchmarks.md): one module graph instead of
// hundreds of node_modules files, split into chunks so that what a run does not use is
// never loaded (the sandbox, the other commands, the rarely used screens are dynamic
// imports). dist/returns-console.js stays the entry and the bin; the chunks go to
// dist/chunks/. Nothing is external: the bundle needs no native module. One plugin changes a
// dependency for start-up speed: source-patch-plugin.mjs (vitest applies the same patches).
//
// Options, to compare builds in the benchmarks (bench/console): --outdir DIR (default
// dist), --no-splitting (one file, as before), --no-source-patch (without the patches),
// --without NAME,… (without the patches of these names: ink-row-cache, ink-text-memo, ink-wrap-break-spaces, yoga-without-fetch, string-width-lazy-emoji, lazy-segmenters, undici-lazy-h2),
// --clean (remove every chunk of earlier builds at once: `npm pack` ships exactly this build).
import { build } from 'esbuild';
import { existsSync } from 'node:fs';
import { chmod, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import { bundleOptions } from './bundle-options.mjs';
import { PATCHES, sourcePatchPlugin } from './source-patch-plugin.mjs';

const { values: options } = parseArgs({
  options: {
    outdir: { type: 'string', default: 'dist' },
    'no-splitting': { type: 'boolean', default: false },
    'no-source-patch': { type: 'boolean', default: false },
    without: { type: 'string', default: '' },
    clean: { type: 'boolean', default: false },
  },
});
const outdir = options.outdir;
const without = new Set(options.without.split(',').filter((name) => name !== ''));
for (const name of without) {
  if (!PATCHES.some((p) => p.name === name)) throw new Error(`--without: no patch is named ${name} (${[...new Set(PATCHES.map((p) => p.name))].join(', ')})`);
}
const entry = join(outdir, 'returns-console.js');
const chunkDir = join(outdir, 'chunks');

const result = await build({
  ...bundleOptions({
    splitting: !options['no-splitting'],
    plugins: options['no-source-patch'] ? [] : [sourcePatchPlugin(PATCHES.filter((p) => !without.has(p.name)))],
  }),
  entryPoints: { 'returns-console': 'src/cli/main.ts' },
  outdir,
  metafile: true,
});
// A plain shebang: `env -S` (node flags on this line) is missing on busybox and the BSDs; the
// console applies its V8 flags at run time (src/cli/commands/console/v8-flags.ts).
await writeFile(entry, `#!/usr/bin/env node\n${await readFile(entry, 'utf8')}`);
await chmod(entry, 0o755);

// Chunks of earlier builds: removed once they are old enough that no console started
// from that build is still running and about to load one of them.
const current = new Set(Object.keys(result.metafile.outputs).map((p) => basename(p)));
const STALE_MS = options.clean ? 0 : 60 * 60 * 1000;
for (const name of existsSync(chunkDir) ? await readdir(chunkDir) : []) {
  if (current.has(name)) continue;
  const path = join(chunkDir, name);
  if (Date.now() - (await stat(path)).mtimeMs > STALE_MS) await rm(path, { force: true });
}
