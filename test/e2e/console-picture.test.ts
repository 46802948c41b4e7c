/**
 * The README's picture (docs/images/console.svg) is the real console's screen as it is now:
 * made again from the built console with everything pinned, it must be the file byte for byte.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { captureConsolePicture, PICTURE_PATH } from '../helpers/console-picture.js';
import { assertBuilt } from '../helpers/pty.js';

describe('the README picture', () => {
  it('is the built console as it draws now', { timeout: 120_000 }, async () => {
    assertBuilt();
    const picture = await captureConsolePicture();
    expect(picture, `${PICTURE_PATH} is stale: run "node scripts/build.mjs && npx tsx scripts/gen-console-picture.ts"`).toBe(readFileSync(PICTURE_PATH, 'utf8'));
    expect(readFileSync('README.md', 'utf8')).toContain(`](${PICTURE_PATH})`);
  });
});
