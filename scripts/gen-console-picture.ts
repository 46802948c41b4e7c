// Writes docs/images/console.svg, the README's picture, from the built console (build first:
// `node scripts/build.mjs`). See test/helpers/console-picture.ts for what it pins.
// Usage: npx tsx scripts/gen-console-picture.ts          (write)
//        npx tsx scripts/gen-console-picture.ts --check  (exit 1 when the file is stale)
import { readFileSync, writeFileSync } from 'node:fs';
import { captureConsolePicture, PICTURE_PATH } from '../test/helpers/console-picture.js';
import { assertBuilt } from '../test/helpers/pty.js';

assertBuilt();
const expected = await captureConsolePicture();
if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(PICTURE_PATH, 'utf8');
  } catch {
    // A missing file is stale too.
  }
  if (current !== expected) {
    process.stderr.write(`${PICTURE_PATH} is stale: run "node scripts/build.mjs && npx tsx scripts/gen-console-picture.ts".\n`);
    process.exitCode = 1;
  }
} else {
  writeFileSync(PICTURE_PATH, expected);
  process.stdout.write(`wrote ${PICTURE_PATH}\n`);
}
