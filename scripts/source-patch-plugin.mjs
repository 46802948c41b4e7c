// Small, exact text changes to a dependency's source, for start-up time (and one rendering
// fix, ink-wrap-break-spaces). Each patch names the
// file, the text and how often it must occur: when a dependency changes and a patch no longer
// fits, the build (and the test run) fails and says which, instead of silently using
// something else. The same function patches the bundle (esbuild, scripts/build.mjs) and the
// modules vitest loads (vitest.config.ts), so what ships is what the tests run.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/** The row cache that wraps Ink's Output (src/ui/ink/row-cached-output.ts), by absolute path. */
export const ROW_CACHE_MODULE = fileURLToPath(new URL('../src/ui/ink/row-cached-output.ts', import.meta.url));
/** The memo that wraps two of Ink's text functions (src/ui/ink/text-memo.ts), by absolute path. */
export const TEXT_MEMO_MODULE = fileURLToPath(new URL('../src/ui/ink/text-memo.ts', import.meta.url));

/** Ink's word wrap without the spaces of its line breaks (src/ui/ink/wrap-break-spaces.ts), by absolute path. */
export const WRAP_BREAK_SPACES_MODULE = fileURLToPath(new URL('../src/ui/ink/wrap-break-spaces.ts', import.meta.url));

/**
 * The lines that put `wrapper(original)` where the module used an import named `name`: the
 * module's own import line (`importOriginal`, now naming it `original`), the wrapper's import
 * from `module` (one of ours, by absolute path), and `name` made from the two.
 */
const wrappedImport = ({ importOriginal, name, original, wrapper, module }) =>
  [importOriginal, `import { ${wrapper} } from ${JSON.stringify(module)};`, `const ${name} = ${wrapper}(${original});`].join('\n');

/** Replaces `import name from 'source';` with the same import remembered by memoizeText. */
const memoizedImport = (name, source) =>
  wrappedImport({ importOriginal: `import ${name}Unremembered from '${source}';`, name, original: `${name}Unremembered`, wrapper: 'memoizeText', module: TEXT_MEMO_MODULE });

/** The patches: a name, where (`file`, less what `skip` matches), what, how often, and why. */
export const PATCHES = [
  {
    name: 'yoga-without-fetch',
    // Yoga's WebAssembly is inlined as a base64 data: URL. Its Emscripten loader asks
    // `typeof fetch` first, which makes Node load its whole built-in fetch (undici, web
    // streams) only to fetch that data: URL. Without fetch, the same
    // loader decodes the base64 synchronously (its own fallback): the same bytes either way.
    file: /[\\/]yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/,
    search: '"function"!=typeof fetch',
    replace: 'true',
    count: 2,
  },
  {
    name: 'ink-row-cache',
    // Ink's renderer draws each frame with a new Output, built from scratch. Wrapped, its rows
    // are remembered across frames and only rows that changed are built (by Ink's own Output):
    // src/ui/ink/row-cached-output.ts; docs/performance.md, "Keys and frames".
    file: /[\\/]ink[\\/]build[\\/]renderer\.js$/,
    search: "import Output from './output.js';",
    replace: wrappedImport({ importOriginal: "import InkOutput from './output.js';", name: 'Output', original: 'InkOutput', wrapper: 'withRowCache', module: ROW_CACHE_MODULE }),
    count: 1,
  },
  {
    name: 'ink-text-memo',
    // Ink measures the text of every Text on screen each frame (string-width segments every
    // row with a non-ASCII character); the answers are remembered per text: src/ui/ink/text-memo.ts.
    file: /[\\/]ink[\\/]build[\\/]render-node-to-output\.js$/,
    search: "import widestLine from 'widest-line';",
    replace: memoizedImport('widestLine', 'widest-line'),
    count: 1,
  },
  {
    name: 'ink-text-memo',
    // The same for the cleaning of every Text's escape sequences each frame.
    file: /[\\/]ink[\\/]build[\\/]squash-text-nodes\.js$/,
    search: "import sanitizeAnsi from './sanitize-ansi.js';",
    replace: memoizedImport('sanitizeAnsi', './sanitize-ansi.js'),
    count: 1,
  },
  {
    name: 'ink-wrap-break-spaces',
    // Not for speed: Ink wraps with wrap-ansi's trim: false, which puts the space a line was
    // broken at onto the next row when the row before is exactly full (" sends it", or a row
    // of one space). Ink word-wraps in two modules: wrap-text.js (every wrapping Text, for
    // layout and drawing alike) and ink.js (the whole frame in screen-reader mode); both now
    // leave those spaces out: src/ui/ink/wrap-break-spaces.ts.
    file: /[\\/]ink[\\/]build[\\/](?:wrap-text|ink)\.js$/,
    search: "import wrapAnsi from 'wrap-ansi';",
    replace: wrappedImport({ importOriginal: "import wrapAnsiPublished from 'wrap-ansi';", name: 'wrapAnsi', original: 'wrapAnsiPublished', wrapper: 'withoutBreakSpaces', module: WRAP_BREAK_SPACES_MODULE }),
    count: 1,
  },
  {
    name: 'ink-resize-in-sync',
    // Not for speed: on a narrower terminal Ink erased its frame at once, outside any
    // synchronized update (DEC mode 2026), and drew the next frame after that: the terminal
    // showed an empty or half-erased screen in between. The erase now waits for the frame
    // and goes with it, both inside one synchronized update (Ink's own clear-and-draw path,
    // which it takes for a frame that overflows the terminal). The terminal oracle of the
    // tests (test/helpers/terminal-oracle.ts) catches the screen in between.
    file: /[\\/]ink[\\/]build[\\/]ink\.js$/,
    search: [
      '            this.log.clear();',
      "            this.lastOutput = '';",
      "            this.lastOutputToRender = '';",
      '            this.lastOutputHeight = 0;',
      '        }',
      '        this.calculateLayout();',
      '        dom.emitLayoutListeners(this.rootNode);',
      '        this.onRender();',
      '        this.lastTerminalWidth = currentWidth;',
      '        this.lastTerminalHeight = currentHeight;',
    ].join('\n'),
    // The frame comes with the app's own render for the new size (a resize event re-renders
    // it), not at once: drawn at once it was the app's previous frame at the new size, taller
    // than a smaller terminal, which scrolled. A timer draws it anyway if the app does not
    // render again. (The frame sets the height it was drawn for itself.)
    replace: [
      '            this.isResizeClearPending = true;',
      '        }',
      // Any resize: what the terminal did with the old frame (cut it, moved it to keep the cursor
      // in view) is not what Ink's line-by-line update assumes, so the next frame is drawn whole.
      '        this.isResizeClearPending = true;',
      // A render or a write still waiting is of the app as it was before the resize (a frame for
      // the old size): dropped, and the next frame is written whatever it is.
      '        this.throttledOnRender?.cancel?.();',
      '        this.throttledLog.cancel?.();',
      "        this.lastOutputToRender = '';",
      '        this.calculateLayout();',
      '        dom.emitLayoutListeners(this.rootNode);',
      '        setTimeout(this.onRender, 200).unref();',
      '        this.lastTerminalWidth = currentWidth;',
    ].join('\n'),
    count: 1,
  },
  {
    name: 'ink-resize-in-sync',
    // A frame drawn whole (erase and draw) is the newest: a throttled write still waiting
    // holds an older frame, which would be written over it afterwards (after a resize, a
    // frame for the old size: the terminal wrapped its long lines).
    file: /[\\/]ink[\\/]build[\\/]ink\.js$/,
    search: '        if (shouldClearTerminal) {\n',
    replace: '        if (shouldClearTerminal) {\n            this.throttledLog.cancel?.();\n',
    count: 1,
  },
  {
    name: 'ink-resize-in-sync',
    file: /[\\/]ink[\\/]build[\\/]ink\.js$/,
    search: '        const shouldClearTerminal = shouldClearTerminalForFrame({',
    replace: [
      '        const isResizeClear = this.isResizeClearPending === true;',
      '        this.isResizeClearPending = false;',
      '        const shouldClearTerminal = isResizeClear || shouldClearTerminalForFrame({',
    ].join('\n'),
    count: 1,
  },
];

/**
 * `source` of the module at `path` with the patches for that file applied, or undefined
 * when none is for it. Throws when a patch for the file does not fit it exactly.
 */
export function applyPatches(path, source, patches = PATCHES) {
  const mine = patches.filter((patch) => patch.file.test(path) && !patch.skip?.test(path));
  if (mine.length === 0) return undefined;
  let patched = source;
  for (const patch of mine) {
    const found = patched.split(patch.search).length - 1;
    if (found !== patch.count) {
      throw new Error(`source-patch: expected ${patch.count} of ${JSON.stringify(patch.search)} in ${path}, found ${found}`);
    }
    // A function, so that `$` in the replacement is taken as it is written.
    patched = patched.replaceAll(patch.search, () => patch.replace);
  }
  return patched;
}

/** The esbuild plugin: applies `patches`, and fails the build when one does not fit. */
export function sourcePatchPlugin(patches = PATCHES) {
  return {
    name: 'source-patch',
    setup(build) {
      for (const patch of patches) {
        build.onLoad({ filter: patch.file, namespace: 'file' }, async (args) => {
          try {
            const contents = applyPatches(args.path, await readFile(args.path, 'utf8'), patches);
            return contents === undefined ? undefined : { contents, loader: 'js' };
          } catch (error) {
            return { errors: [{ text: error.message }] };
          }
        });
      }
    },
  };
}

/** The same patches as a vite plugin, for vitest (the patched packages must be inlined). */
export function viteSourcePatchPlugin(patches = PATCHES) {
  return {
    name: 'source-patch',
    enforce: 'pre',
    transform(code, id) {
      const patched = applyPatches(id.split('?')[0], code, patches);
      return patched === undefined ? undefined : { code: patched, map: null };
    },
  };
}
