// An esbuild plugin that bundles row-cached-output.mjs in place of Ink's Output
// (ink/build/output.js), which its renderer imports: every frame then reuses the rows that
// did not change (row-cached-output.mjs says how, and why the output is the same).
import { fileURLToPath } from 'node:url';

const REPLACEMENT = fileURLToPath(new URL('./row-cached-output.mjs', import.meta.url));

/** The plugin: Ink's renderer gets the row-cached Output. */
export const inkOutputPlugin = {
  name: 'ink-output',
  setup(build) {
    build.onResolve({ filter: /^\.\/output\.js$/ }, (args) =>
      /[\\/]ink[\\/]build[\\/]renderer\.js$/.test(args.importer) ? { path: REPLACEMENT } : undefined,
    );
  },
};
