/**
 * docs/commands.md's reference is generated from the flag tables (scripts/gen-commands-doc.ts)
 * and must be current: a flag, note or command changed without regenerating fails here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REFERENCE_END, REFERENCE_START, renderCommandsReference, withReference, type CommandSpecs } from '../../src/cli/command-docs.js';
import { COMMAND_NAMES, COMMANDS } from '../../src/cli/command-table.js';
import type { CommandSpec } from '../../src/cli/flags.js';

async function loadSpecs(): Promise<CommandSpecs> {
  return Object.fromEntries(await Promise.all(COMMAND_NAMES.map(async (name) => [name, await COMMANDS[name].spec()]))) as CommandSpecs;
}

const tree = (spec: CommandSpec): CommandSpec[] => [spec, ...(spec.subcommands ?? []).flatMap(tree)];

describe('docs/commands.md', () => {
  it('holds the reference generated from the flag tables, up to date', async () => {
    const doc = readFileSync('docs/commands.md', 'utf8');
    expect(doc, 'docs/commands.md is stale: run "npx tsx scripts/gen-commands-doc.ts"').toBe(withReference(doc, renderCommandsReference(await loadSpecs())));
  });

  it('names every command, subcommand and flag, each flag in its command\'s section', async () => {
    const specs = await loadSpecs();
    const reference = renderCommandsReference(specs);
    for (const spec of COMMAND_NAMES.flatMap((name) => tree(specs[name]))) {
      const start = reference.indexOf(` returns-console ${spec.name}\n`);
      expect(start, spec.name).toBeGreaterThan(0);
      const next = reference.indexOf('\n#', start + 1);
      const section = reference.slice(start, next < 0 ? undefined : next);
      for (const flag of spec.flags) expect(section, `${spec.name} --${flag.name}`).toContain(`\`--${flag.name}`);
    }
  });

  it('keeps the hand-written text around the markers, and refuses a document without them', () => {
    const doc = `# Title\n\nbefore\n\n${REFERENCE_START}\nold\n${REFERENCE_END}\nafter\n`;
    expect(withReference(doc, `${REFERENCE_START}\nnew\n${REFERENCE_END}\n`)).toBe(`# Title\n\nbefore\n\n${REFERENCE_START}\nnew\n${REFERENCE_END}\nafter\n`);
    expect(() => withReference('# Title\n', 'x')).toThrow(/markers/);
  });
});
