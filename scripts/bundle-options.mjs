// The esbuild options every bundle of this project's code shares: the console's
// (scripts/build.mjs) and the benchmark's stack floor (bench/console/stack-floor/), so the
// two are built alike.

// Ink imports react-devtools-core only when DEV=true. Left external, the bundle would
// import it at load time and fail without it; a stub that throws makes Ink print its own
// "install react-devtools-core" message instead.
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

/** ESM for Node 22+, split into chunks under chunks/, production React, with `plugins` after the stub. */
export function bundleOptions({ plugins = [], splitting = true } = {}) {
  return {
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    splitting,
    minify: false,
    sourcemap: false,
    legalComments: 'none',
    jsx: 'automatic',
    plugins: [stubDevtools, ...plugins],
    banner: {
      // Bundled CommonJS dependencies call require(); an ES module has none of its own.
      js: ["import { createRequire as __cr } from 'node:module';", 'const require = __cr(import.meta.url);'].join('\n'),
    },
    define: {
      'process.env.NODE_ENV': '"production"',
    },
    logLevel: 'warning',
  };
}
