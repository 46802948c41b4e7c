/**
 * `--without NAME,…`: the console built from these sources without one speed measure each,
 * measured in the same run as this build (bench/console/run.ts). A measure is left out either
 * by scripts/build.mjs itself (a source patch's name, `--no-merge`) or by an exact text edit
 * of a copy of the sources; an edit that no longer fits fails loudly, as a source patch does.
 * `same` is the control: these sources built again as they are, so that the run shows its
 * own spread between two identical builds.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** One text edit of a copy of the sources: `search` must occur exactly once in `file`. */
export interface SourceEdit {
  readonly file: string;
  readonly search: string;
  readonly replace: string;
}

export interface Variant {
  /** What is left out, in a few words (the report's row). */
  readonly label: string;
  /** Arguments for scripts/build.mjs. */
  readonly buildArgs?: readonly string[];
  readonly edits?: readonly SourceEdit[];
}

const CONSOLE_COMMAND = 'src/cli/commands/console/index.ts';

/** Every measure that can be left out, by name. */
export const VARIANTS: Readonly<Record<string, Variant>> = {
  same: { label: 'nothing (the same sources built again: the control)' },
  'yoga-without-fetch': { label: 'source patch yoga-without-fetch', buildArgs: ['--without', 'yoga-without-fetch'] },
  'ink-row-cache': { label: 'source patch ink-row-cache', buildArgs: ['--without', 'ink-row-cache'] },
  'ink-text-memo': { label: 'source patch ink-text-memo', buildArgs: ['--without', 'ink-text-memo'] },
  'chunk-merge': { label: 'the chunks merged by rolldown (esbuild\'s chunks as they are)', buildArgs: ['--no-merge'] },
  splitting: { label: 'the split into chunks loaded on use (one file)', buildArgs: ['--no-splitting'] },
  'compile-cache': {
    label: "Node's compile cache",
    edits: [{ file: 'src/cli/main.ts', search: '\n  enableCompileCache();\n', replace: '\n' }],
  },
  'heap-flags': {
    label: "the V8 heap settings (V8's defaults)",
    edits: [{ file: CONSOLE_COMMAND, search: '\n    applyConsoleV8Flags();\n', replace: '\n' }],
  },
  'semi-space-cap': {
    label: "the young generation's cap (the heap growth step kept)",
    edits: [{ file: 'src/cli/commands/console/v8-flags.ts', search: '  if (stopGrowthAtCap()) return;\n', replace: '  return;\n' }],
  },
  'incremental-rendering': {
    label: "Ink's incrementalRendering",
    edits: [{ file: 'src/ui/start-console.tsx', search: 'incrementalRendering: true,', replace: 'incrementalRendering: false,' }],
  },
};

/** `source` with `edits` applied; throws when an edit does not occur exactly once. */
export function applyEdits(file: string, source: string, edits: readonly SourceEdit[]): string {
  let out = source;
  for (const edit of edits.filter((e) => e.file === file)) {
    const found = out.split(edit.search).length - 1;
    if (found !== 1) throw new Error(`variant edit: expected one ${JSON.stringify(edit.search)} in ${file}, found ${found}`);
    out = out.replace(edit.search, () => edit.replace);
  }
  return out;
}

/** The names given to `--without`, checked against VARIANTS. */
export function parseVariantNames(list: string): string[] {
  const names = list.split(',').map((n) => n.trim()).filter((n) => n !== '');
  for (const name of names) {
    if (!Object.hasOwn(VARIANTS, name)) throw new Error(`--without: no measure is named ${name} (${Object.keys(VARIANTS).join(', ')})`);
  }
  return names;
}

/**
 * Builds the variant `name` of the sources under `root` into `root/.tmp/variants/NAME/`
 * (a copy of src/ and scripts/ with its edits, this checkout's node_modules) with `node`,
 * and returns the bundle's path. Built afresh at every run: the sources may have changed.
 */
export function buildVariant(root: string, name: string, node: string): string {
  const variant = VARIANTS[name]!;
  const tree = join(root, '.tmp', 'variants', name);
  rmSync(tree, { recursive: true, force: true });
  mkdirSync(tree, { recursive: true });
  for (const entry of ['src', 'scripts', 'package.json', 'tsconfig.json']) {
    if (existsSync(join(root, entry))) cpSync(join(root, entry), join(tree, entry), { recursive: true });
  }
  symlinkSync(join(root, 'node_modules'), join(tree, 'node_modules'), 'dir');
  const edits = variant.edits ?? [];
  for (const file of new Set(edits.map((e) => e.file))) {
    const path = join(tree, file);
    writeFileSync(path, applyEdits(file, readFileSync(path, 'utf8'), edits));
  }
  execFileSync(node, ['scripts/build.mjs', '--clean', ...(variant.buildArgs ?? [])], { cwd: tree, stdio: ['ignore', 'inherit', 'inherit'] });
  return join(tree, 'dist', 'returns-console.js');
}
