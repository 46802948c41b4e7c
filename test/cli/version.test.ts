/**
 * `returns-console --version` (also `-V` and `version`) prints the version of package.json,
 * and the top-level help names every command of the command table. Run as users run it: the
 * built bin (`npm test` builds it first), which is also quicker to start than the sources.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_NAMES, COMMANDS } from '../../src/cli/command-table.js';
import { assertBuilt, BUILT_CONSOLE } from '../helpers/pty.js';

/** Runs the bin; rejects unless it exits 0. */
const spawnCli = async (args: string[]) => {
  const { stdout, stderr } = await promisify(execFile)(process.execPath, [BUILT_CONSOLE, ...args]);
  return { stdout, stderr };
};
beforeAll(assertBuilt);

const pkg = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../package.json'), 'utf8')) as { version: string };

describe('returns-console --version and --help', () => {
  it('prints the package version for --version, -V and version', async () => {
    const runs = await Promise.all([spawnCli(['--version']), spawnCli(['-V']), spawnCli(['version'])]);
    for (const r of runs) expect(r).toEqual({ stdout: `returns-console ${pkg.version}\n`, stderr: '' });
  });

  it('lists every command with its summary, and --version', async () => {
    const r = await spawnCli(['--help']);
    for (const name of COMMAND_NAMES) expect(r.stdout).toMatch(new RegExp(`^  ${name} +${COMMANDS[name].summary.replace(/[()/]/g, '\\$&')}$`, 'm'));
    expect(r.stdout).toContain('-V, --version');
  });
});
