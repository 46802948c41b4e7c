/**
 * scripts/chunk-groups.mjs on small metafiles of esbuild's shape: which chunks are merged
 * into which group, and that no group imports from a group after it.
 */
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the build, without types
import { chunkGroups, GROUP_ORDER, staticClosure } from '../../scripts/chunk-groups.mjs';

type Kind = 'import-statement' | 'dynamic-import';
interface Output {
  entryPoint?: string;
  imports: { path: string; kind: Kind; external?: boolean }[];
}

/** A metafile from `chunk: [entry point or '', static imports, dynamic imports]`. */
function metafile(chunks: Record<string, [string, string[], string[]?]>): { outputs: Record<string, Output> } {
  const outputs: Record<string, Output> = {};
  for (const [chunk, [entryPoint, statics, dynamics = []]] of Object.entries(chunks)) {
    outputs[chunk] = {
      ...(entryPoint ? { entryPoint } : {}),
      imports: [
        ...statics.map((path) => ({ path, kind: 'import-statement' as const })),
        ...dynamics.map((path) => ({ path, kind: 'dynamic-import' as const })),
        { path: 'node:fs', kind: 'import-statement' as const, external: true },
      ],
    };
  }
  return { outputs };
}

const SOURCES = {
  entry: 'src/cli/main.ts',
  factory: 'src/cli/factory.ts',
  client: 'src/api/client/index.ts',
  consoleCommand: 'src/cli/commands/console/index.ts',
  ui: 'src/ui/start-console.tsx',
  isCommand: (source: string) => source.startsWith('src/cli/') || source.startsWith('src/sandbox/'),
};

/** The console's start and two commands, sharing code in the ways the real build does. */
const BUILD = metafile({
  'bin.js': ['src/cli/main.ts', ['chunks/usage.js'], ['chunks/factory.js', 'chunks/console.js', 'chunks/list.js', 'chunks/config.js']],
  'chunks/usage.js': ['', ['chunks/scrub.js']],
  'chunks/scrub.js': ['', []],
  'chunks/factory.js': ['src/cli/factory.ts', ['chunks/scrub.js', 'chunks/config-file.js'], ['chunks/client.js']],
  'chunks/config-file.js': ['', ['chunks/zod.js']],
  'chunks/zod.js': ['', []],
  'chunks/client.js': ['src/api/client/index.ts', ['chunks/undici.js', 'chunks/schemas.js']],
  'chunks/undici.js': ['', []],
  'chunks/schemas.js': ['', ['chunks/zod.js']],
  'chunks/console.js': ['src/cli/commands/console/index.ts', ['chunks/console-target.js', 'chunks/format.js'], ['chunks/start-console.js']],
  'chunks/console-target.js': ['', ['chunks/config-file.js']],
  'chunks/format.js': ['', []],
  'chunks/start-console.js': ['src/ui/start-console.tsx', ['chunks/ink.js', 'chunks/format.js', 'chunks/schemas.js'], ['chunks/order-screen.js']],
  'chunks/ink.js': ['', []],
  'chunks/order-screen.js': ['src/ui/screens/order/order-screen.tsx', ['chunks/ink.js', 'chunks/review.js']],
  'chunks/review.js': ['', []],
  'chunks/list.js': ['src/cli/commands/list/index.ts', ['chunks/format.js', 'chunks/schemas.js']],
  'chunks/config.js': ['src/cli/commands/config/index.ts', ['chunks/config-file.js', 'chunks/review.js']],
});

describe('chunkGroups', () => {
  const groups = chunkGroups(BUILD, SOURCES) as Map<string, string>;
  const of = (group: string) => [...groups].filter(([, g]) => g === group).map(([chunk]) => chunk).sort();

  it('merges what the bin imports statically, less the bin itself', () => {
    expect(of('entry')).toEqual(['chunks/scrub.js', 'chunks/usage.js']);
    expect(groups.has('bin.js')).toBe(false);
  });

  it('puts what the console start shares with a command into commands, apart from the UI', () => {
    // format: console and list; schemas: client, UI and list; config-file: factory, console, config.
    expect(of('commands')).toEqual(['chunks/config-file.js', 'chunks/factory.js', 'chunks/format.js', 'chunks/schemas.js', 'chunks/zod.js']);
  });

  it("keeps the client's own code, the console command and the UI each in a group of its own", () => {
    expect(of('client')).toEqual(['chunks/client.js', 'chunks/undici.js']);
    expect(of('console')).toEqual(['chunks/console-target.js', 'chunks/console.js']);
    expect(of('ui')).toEqual(['chunks/ink.js', 'chunks/start-console.js']);
  });

  it('leaves what the start does not load (screens opened later, other commands) ungrouped', () => {
    for (const chunk of ['chunks/order-screen.js', 'chunks/review.js', 'chunks/list.js', 'chunks/config.js']) {
      expect(groups.has(chunk)).toBe(false);
    }
  });

  it('never lets a command import the UI: no group imports from a group after it', () => {
    for (const [chunk, group] of groups) {
      for (const imported of staticClosure(BUILD.outputs, chunk) as Set<string>) {
        const importedGroup = groups.get(imported);
        if (importedGroup !== undefined) expect(GROUP_ORDER.indexOf(importedGroup)).toBeLessThanOrEqual(GROUP_ORDER.indexOf(group));
      }
    }
    for (const command of ['chunks/list.js', 'chunks/config.js']) {
      const loads = [...(staticClosure(BUILD.outputs, command) as Set<string>)].map((chunk) => groups.get(chunk));
      expect(loads).not.toContain('ui');
      expect(loads).not.toContain('console');
    }
  });

  it('fails the build when a named source is no longer an entry point of its own', () => {
    expect(() => chunkGroups(BUILD, { ...SOURCES, ui: 'src/ui/renamed.tsx' })).toThrow(/src\/ui\/renamed.tsx is not an entry point/);
  });
});
