/**
 * node:sqlite prints "ExperimentalWarning: SQLite is an experimental feature" when it loads
 * (Node 22). The sandbox command, the keys command and a plain load through the sandbox's
 * loader print nothing of it; any other warning still reaches stderr. Real processes under
 * the Node that runs the tests (process.execPath).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isSqliteExperimentalWarning } from '../../../src/sandbox/db/sqlite.js';
import { spawnSandbox } from '../../helpers/contract-cli.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SQLITE_WARNING = /ExperimentalWarning|SQLite is an experimental feature/;
const isNode22 = process.versions.node.startsWith('22.');

/** `node --import tsx <args>` in the repository, to its end. */
function runNode(args: readonly string[], env: NodeJS.ProcessEnv = process.env) {
  return spawnSync(process.execPath, ['--import', 'tsx', ...args], { cwd: ROOT, env, encoding: 'utf8', timeout: 60_000 });
}

describe('the ExperimentalWarning of node:sqlite', () => {
  it('is what this Node prints when node:sqlite is loaded plainly (the control: on Node 22 it is there)', () => {
    const plain = spawnSync(process.execPath, ['-e', "require('node:sqlite')"], { encoding: 'utf8' });
    if (isNode22) expect(plain.stderr).toMatch(/ExperimentalWarning: SQLite is an experimental feature/);
    expect(plain.status).toBe(0);
  });

  it('is not printed by the sandbox command, nor by the keys command run while it serves', async () => {
    const dbPath = join(mkdtempSync(join(tmpdir(), 'rc-warning-')), 'sandbox.db');
    const proc = await spawnSandbox(['--port', '0', '--db', dbPath, '--demo-orders', '50']);
    try {
      expect(proc.firstLine).toMatch(/^Sandbox listening on http:\/\/127\.0\.0\.1:\d+\/public-api\/v1$/);
      const keys = runNode(['src/cli/main.ts', 'sandbox', 'keys', 'list', '--db', dbPath]);
      expect(keys.status).toBe(0);
      expect(keys.stdout).toContain('NAME');
      expect(keys.stderr).not.toMatch(SQLITE_WARNING);
    } finally {
      proc.child.kill('SIGINT');
    }
    const { code } = await proc.exited;
    expect(code).toBe(0);
    expect(proc.stderr()).toContain('Sandbox stopped.');
    expect(proc.stderr()).not.toMatch(SQLITE_WARNING);
  }, 60_000); // two Node processes with tsx: slow on a busy machine

  it('is held back alone: other warnings, experimental ones included, are still printed', () => {
    const script = [
      "import { sqlite } from './src/sandbox/db/sqlite.ts';",
      'const before = process.emitWarning;',
      "new (sqlite().DatabaseSync)(':memory:').close();",
      "process.emitWarning('Another feature is experimental', 'ExperimentalWarning');",
      "process.emitWarning('a plain warning');",
      "if (process.emitWarning !== before) throw new Error('emitWarning was not restored');",
    ].join('\n');
    const run = runNode(['--input-type=module', '-e', script]);
    expect(run.status).toBe(0);
    expect(run.stderr).not.toMatch(/SQLite is an experimental feature/);
    expect(run.stderr).toContain('ExperimentalWarning: Another feature is experimental');
    expect(run.stderr).toContain('Warning: a plain warning');
  });

  it('is recognised by type and message only', () => {
    expect(isSqliteExperimentalWarning('SQLite is an experimental feature and might change at any time', 'ExperimentalWarning')).toBe(true);
    expect(isSqliteExperimentalWarning('SQLite is an experimental feature', { type: 'ExperimentalWarning' })).toBe(true);
    expect(isSqliteExperimentalWarning('SQLite is an experimental feature', 'DeprecationWarning')).toBe(false);
    expect(isSqliteExperimentalWarning('Fetch is an experimental feature', 'ExperimentalWarning')).toBe(false);
    expect(isSqliteExperimentalWarning('SQLite is an experimental feature')).toBe(false);
  });
});
