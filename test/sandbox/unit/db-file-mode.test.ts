/**
 * The sandbox database holds the cursor secret: its file (and SQLite's -wal and -shm
 * files next to it) are readable by their owner only, whoever creates it.
 */
import { chmodSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/sandbox/db/open.js';
import { startSandbox } from '../../../src/sandbox/index.js';

const modeOf = (path: string) => statSync(path).mode & 0o777;
const freshDir = () => mkdtempSync(join(tmpdir(), 'rc-db-mode-'));

describe('the sandbox database file', () => {
  it('is created with mode 0600, and so are its WAL files', () => {
    const path = join(freshDir(), 'nested', 'sandbox.db');
    const db = openDatabase(path);
    try {
      db.exec(`INSERT INTO meta (key, value) VALUES ('x', 'y')`);
      expect(modeOf(path)).toBe(0o600);
      expect(modeOf(`${path}-wal`)).toBe(0o600);
      expect(modeOf(`${path}-shm`)).toBe(0o600);
    } finally {
      db.close();
    }
  });

  it('is created with mode 0600 at its default place when the sandbox starts', async () => {
    const dataDir = freshDir();
    const sandbox = await startSandbox({ port: 0, quiet: true, demoOrders: 20, env: { RETURNS_SANDBOX_DATA_DIR: dataDir } });
    try {
      expect(sandbox.dbPath).toBe(join(dataDir, 'sandbox.db'));
      expect(modeOf(sandbox.dbPath)).toBe(0o600);
    } finally {
      await sandbox.close();
    }
  });

  it('keeps the mode of a file that already exists (a choice of its owner)', () => {
    const path = join(freshDir(), 'shared.db');
    writeFileSync(path, '');
    chmodSync(path, 0o640);
    openDatabase(path).close();
    expect(modeOf(path)).toBe(0o640);
  });
});
