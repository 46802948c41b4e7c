// An esbuild plugin that makes small, exact text changes to a dependency's source as it is
// bundled, for start-up time. Each patch names the file, the text and how often it must
// occur: when a dependency changes and a patch no longer fits, the build fails and says
// which, instead of silently bundling something else.
import { readFile } from 'node:fs/promises';

/** The patches: where, what, how often, and why. */
export const PATCHES = [
  {
    // Yoga's WebAssembly is inlined as a base64 data: URL. Its Emscripten loader asks
    // `typeof fetch` first, which makes Node load its whole built-in fetch (undici, web
    // streams: ~25 ms at start-up) only to fetch that data: URL. Without fetch, the same
    // loader decodes the base64 synchronously (its own fallback).
    file: /[\\/]yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/,
    search: '"function"!=typeof fetch',
    replace: 'true',
    count: 2,
  },
  {
    // string-width compiles the \p{RGI_Emoji} expression (all emoji sequences: ~16 ms) when
    // it loads; the bundle's fast path (text-memo-plugin.mjs) rarely needs it, so it is
    // compiled on first use instead.
    file: /[\\/]node_modules[\\/]string-width[\\/]index\.js$/,
    // Not the older copy nested in another package (wrap-ansi's string-width 7).
    exclude: /node_modules[\\/].+[\\/]node_modules[\\/]/,
    search: 'const rgiEmojiRegex = /^\\p{RGI_Emoji}$/v;',
    replace: "let rgiEmoji; const rgiEmojiRegex = { test: (text) => (rgiEmoji ??= new RegExp('^\\\\p{RGI_Emoji}$', 'v')).test(text) };",
    count: 1,
  },
];

/** The plugin: applies `patches`, and fails the build when one does not fit. */
export function sourcePatchPlugin(patches = PATCHES) {
  return {
    name: 'source-patch',
    setup(build) {
      for (const patch of patches) {
        build.onLoad({ filter: patch.file, namespace: 'file' }, async (args) => {
          if (patch.exclude?.test(args.path)) return undefined;
          const source = await readFile(args.path, 'utf8');
          const found = source.split(patch.search).length - 1;
          if (found !== patch.count) {
            return { errors: [{ text: `source-patch: expected ${patch.count} of ${JSON.stringify(patch.search)} in ${args.path}, found ${found}` }] };
          }
          // A function, so that `$` in the replacement is taken as it is written.
          return { contents: source.replaceAll(patch.search, () => patch.replace), loader: 'js' };
        });
      }
    },
  };
}
