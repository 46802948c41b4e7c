// Writes the reference part of docs/commands.md from the commands' flag tables (src/cli).
// Usage: npx tsx scripts/gen-commands-doc.ts          (write)
//        npx tsx scripts/gen-commands-doc.ts --check  (exit 1 when the file is stale)
import { readFileSync, writeFileSync } from 'node:fs';
import { renderCommandsReference, withReference, type CommandSpecs } from '../src/cli/command-docs.js';
import { COMMAND_NAMES, COMMANDS } from '../src/cli/command-table.js';

const path = 'docs/commands.md';
const specs = Object.fromEntries(await Promise.all(COMMAND_NAMES.map(async (name) => [name, await COMMANDS[name].spec()]))) as CommandSpecs;
const current = readFileSync(path, 'utf8');
const expected = withReference(current, renderCommandsReference(specs));
if (process.argv.includes('--check')) {
  if (current !== expected) {
    process.stderr.write(`${path} is stale: run "npx tsx scripts/gen-commands-doc.ts".\n`);
    process.exitCode = 1;
  }
} else {
  writeFileSync(path, expected);
  process.stdout.write(`wrote ${path}\n`);
}
