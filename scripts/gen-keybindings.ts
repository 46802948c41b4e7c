// Writes docs/keybindings.md from the binding table (src/ui/keys/bindings.ts).
// Usage: npx tsx scripts/gen-keybindings.ts          (write)
//        npx tsx scripts/gen-keybindings.ts --check  (exit 1 when the file is stale)
import { readFileSync, writeFileSync } from 'node:fs';
import { renderKeybindingsMarkdown } from '../src/ui/keys/binding-docs.js';

const path = 'docs/keybindings.md';
const expected = renderKeybindingsMarkdown();
if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(path, 'utf8');
  } catch {
    // A missing file is stale too.
  }
  if (current !== expected) {
    process.stderr.write(`${path} is stale: run "npx tsx scripts/gen-keybindings.ts".\n`);
    process.exitCode = 1;
  }
} else {
  writeFileSync(path, expected);
  process.stdout.write(`wrote ${path}\n`);
}
