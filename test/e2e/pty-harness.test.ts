/**
 * The pseudo-terminal harness the end-to-end tests read the screen through: a frame that
 * reaches the terminal in parts (a large frame, split by the pty) is seen whole once a wait
 * for its first part has returned.
 */
import { describe, expect, it } from 'vitest';
import { spawnPty } from '../helpers/pty.js';

describe('spawnPty', () => {
  it('returns from a wait with the rest of a frame written right after the part it matched', async () => {
    // One write of a frame of 40 full rows, 8 KB in all: the pty hands it over in parts.
    const script = `const row = (t) => t.padEnd(199, '.') + '\\r\\n';
      process.stdout.write(row('top of the frame') + Array.from({ length: 38 }, (_, i) => row('row ' + i)).join('') + 'bottom of the frame');
      setTimeout(() => {}, 2000);`;
    const session = spawnPty({ args: ['-e', script], cols: 200, rows: 42 });
    try {
      await session.waitForText('top of the frame');
      expect(session.screen()).toContain('bottom of the frame');
    } finally {
      session.kill();
    }
  });
});
