// An esbuild plugin for the speed of Ink's frames, swapping two of Ink's internal modules:
// - row-cached-output.mjs in place of Ink's Output (ink/build/output.js), which its renderer
//   imports: every frame reuses the rows that did not change (that file says how, and why
//   the output is the same);
// - a remembering sanitizeAnsi (ink/build/sanitize-ansi.js): Ink cleans the text of every
//   Text node on every frame, and the same texts come back frame after frame.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPLACEMENT = fileURLToPath(new URL('./row-cached-output.mjs', import.meta.url));
const isInkBuild = (dir) => /[\\/]ink[\\/]build$/.test(dir);

/** The remembering sanitizeAnsi, given the real module's path. */
const sanitizeShim = (real) => `import real from ${JSON.stringify(real)};
const cache = new Map();
export default function sanitizeAnsi(text) {
  let clean = cache.get(text);
  if (clean === undefined) {
    clean = real(text);
    if (cache.size >= 2048) cache.clear();
    cache.set(text, clean);
  }
  return clean;
}`;

/** The plugin. */
export const inkOutputPlugin = {
  name: 'ink-output',
  setup(build) {
    build.onResolve({ filter: /^\.\/output\.js$/ }, (args) =>
      /[\\/]ink[\\/]build[\\/]renderer\.js$/.test(args.importer) ? { path: REPLACEMENT } : undefined,
    );
    build.onResolve({ filter: /^\.\/sanitize-ansi\.js$/ }, (args) =>
      isInkBuild(args.resolveDir) ? { path: join(args.resolveDir, 'sanitize-ansi.js'), namespace: 'ink-memo' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'ink-memo' }, (args) => ({
      contents: sanitizeShim(args.path),
      resolveDir: dirname(args.path),
      loader: 'js',
    }));
  },
};
