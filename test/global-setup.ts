/**
 * Vitest's global setup: every temporary directory the tests make (mkdtemp under
 * os.tmpdir(), also in the processes they start) lands in one directory of this run,
 * removed when the run ends, whether its tests passed or not.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const before = process.env.TMPDIR;
  const runDir = mkdtempSync(join(tmpdir(), 'returns-console-test-run-'));
  // Read by os.tmpdir() in the test workers, which start after this.
  process.env.TMPDIR = runDir;
  return () => {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    rmSync(runDir, { recursive: true, force: true, maxRetries: 3 });
  };
}
