// Bundles the CLI for start-up speed (see docs/benchmarks.md): one module graph instead of
// hundreds of node_modules files, split into chunks so that what a run does not use is
// never loaded (the sandbox, the other commands, the rarely used screens are dynamic
// imports). dist/returns-console.js stays the entry and the bin; the chunks go to
// dist/chunks/. Nothing is external: the bundle needs no native module. One plugin changes a
// dependency for start-up speed: source-patch-plugin.mjs (vitest applies the same patches).
//
// Two steps: esbuild bundles the sources (TypeScript, JSX, the patches) into chunks in a
// staging directory; rolldown then merges the chunks every console start loads into a few
// files (scripts/chunk-groups.mjs says which and why), and writes dist/.
//
// Options, to compare builds in the benchmarks (bench/console): --outdir DIR (default
// dist), --no-splitting (one file, as before), --no-merge (esbuild's chunks as they are),
// --no-source-patch (without the patches),
// --without NAME,… (without the patches of these names: ink-row-cache, ink-text-memo, ink-wrap-break-spaces, yoga-without-fetch),
// --clean (remove every chunk of earlier builds at once: `npm pack` ships exactly this build).
import { build } from 'esbuild';
import { existsSync } from 'node:fs';
import { chmod, cp, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { rolldown } from 'rolldown';
import { bundleOptions } from './bundle-options.mjs';
import { chunkGroups, GROUP_ORDER } from './chunk-groups.mjs';
import { PATCHES, sourcePatchPlugin } from './source-patch-plugin.mjs';

const { values: options } = parseArgs({
  options: {
    outdir: { type: 'string', default: 'dist' },
    'no-splitting': { type: 'boolean', default: false },
    'no-merge': { type: 'boolean', default: false },
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

// esbuild's output, removed once rolldown has read it. A fixed path, not a temporary directory:
// rolldown writes paths into its output (comments), so a random one changed every file's hash.
const staging = join(outdir, '.esbuild');
await rm(staging, { recursive: true, force: true });
let written;
try {
  const result = await build({
    ...bundleOptions({
      splitting: !options['no-splitting'],
      plugins: options['no-source-patch'] ? [] : [sourcePatchPlugin(PATCHES.filter((p) => !without.has(p.name)))],
    }),
    entryPoints: { 'returns-console': 'src/cli/main.ts' },
    outdir: staging,
    metafile: true,
  });
  written = options['no-splitting'] || options['no-merge']
    ? await copyAsIs(staging, Object.keys(result.metafile.outputs))
    : await mergeChunks(staging, result.metafile);
} finally {
  await rm(staging, { recursive: true, force: true });
}

/** Copies esbuild's output to `outdir` unchanged; returns the files' names. */
async function copyAsIs(from, outputs) {
  await mkdir(chunkDir, { recursive: true });
  for (const output of outputs) await cp(resolve(output), resolve(outdir, resolve(output).slice(resolve(from).length + 1)));
  return outputs.map((output) => basename(output));
}

/**
 * Rolldown reads esbuild's chunks as modules and writes them to `outdir` in the groups of
 * chunk-groups.mjs (the rest split as rolldown sees fit); returns the files' names.
 */
async function mergeChunks(from, metafile) {
  const groups = new Map(
    [...chunkGroups(metafile, {
      entry: 'src/cli/main.ts',
      factory: 'src/cli/factory.ts',
      client: 'src/api/client/index.ts',
      consoleCommand: 'src/cli/commands/console/index.ts',
      ui: 'src/ui/start-console.tsx',
      isCommand: (source) => source.startsWith('src/cli/') || source.startsWith('src/sandbox/'),
    })].map(([output, group]) => [resolve(output), group]),
  );
  const bundle = await rolldown({
    input: { 'returns-console': resolve(from, 'returns-console.js') },
    // Paths in its comments (and so its hashes) relative to the staging directory: the same output
    // for the same sources, whatever the output directory.
    cwd: resolve(from),
    platform: 'node',
    logLevel: 'warn',
    // The bin exports nothing; the chunks it loads may export more than esbuild's did.
    preserveEntrySignatures: 'allow-extension',
    // Each esbuild chunk opens with `const require = __cr(import.meta.url)` (bundle-options.mjs);
    // in a merged file only one is used, and the others go.
    treeshake: { manualPureFunctions: ['__cr'] },
  });
  try {
    const { output } = await bundle.write({
      dir: resolve(outdir),
      format: 'esm',
      entryFileNames: '[name].js',
      // A file keeps the name esbuild gave it, less esbuild's hash (rolldown adds its own).
      chunkFileNames: (chunk) => `chunks/${chunk.name.replace(/-[A-Z0-9]{8}$/, '')}-[hash].js`,
      codeSplitting: {
        // The groups are whole static closures already: each one's dependencies are in it or in
        // a group before it, so no group imports a later one and none pulls in more.
        includeDependenciesRecursively: false,
        groups: GROUP_ORDER.map((name, i) => ({
          name,
          priority: GROUP_ORDER.length - i,
          test: (id) => groups.get(resolve(id)) === name,
        })),
      },
    });
    return output.map((file) => basename(file.fileName));
  } finally {
    await bundle.close();
  }
}

// A plain shebang: `env -S` (node flags on this line) is missing on busybox and the BSDs; the
// console applies its V8 flags at run time (src/cli/commands/console/v8-flags.ts).
await writeFile(entry, `#!/usr/bin/env node\n${await readFile(entry, 'utf8')}`);
await chmod(entry, 0o755);

// Chunks of earlier builds: removed once they are old enough that no console started
// from that build is still running and about to load one of them.
const current = new Set(written);
const STALE_MS = options.clean ? 0 : 60 * 60 * 1000;
for (const name of existsSync(chunkDir) ? await readdir(chunkDir) : []) {
  if (current.has(name)) continue;
  const path = join(chunkDir, name);
  if (Date.now() - (await stat(path)).mtimeMs > STALE_MS) await rm(path, { force: true });
}
