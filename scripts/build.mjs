// Bundles the CLI into one ESM file: one file loads much faster than hundreds of
// node_modules files (start-up target, see docs/benchmarks.md). Native and optional
// modules stay external.
import { build } from 'esbuild';
import { chmod } from 'node:fs/promises';

const outfile = 'dist/returns-console.js';

// Ink imports react-devtools-core only when DEV=true. Left external, the one-file bundle
// would import it at load time (ESM imports are hoisted) and fail without it; a stub that
// throws makes Ink print its own "install react-devtools-core" message instead.
const stubDevtools = {
  name: 'stub-react-devtools-core',
  setup(b) {
    b.onResolve({ filter: /^react-devtools-core$/ }, () => ({ path: 'react-devtools-core', namespace: 'stub' }));
    b.onLoad({ filter: /.*/, namespace: 'stub' }, () => ({
      contents: "throw new Error('react-devtools-core is not part of the bundle');",
      loader: 'js',
    }));
  },
};
await build({
  entryPoints: ['src/cli/main.ts'],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  splitting: false,
  minify: false,
  sourcemap: false,
  legalComments: 'none',
  jsx: 'automatic',
  external: ['better-sqlite3', 'node-pty'],
  plugins: [stubDevtools],
  banner: {
    js: [
      '#!/usr/bin/env node',
      "import { createRequire as __cr } from 'node:module';",
      'const require = __cr(import.meta.url);',
    ].join('\n'),
  },
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
});
await chmod(outfile, 0o755);
