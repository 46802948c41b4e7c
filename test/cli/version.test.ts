/**
 * `returns-console --version` (also `-V` and `version`) prints the version of package.json,
 * and the top-level help names every command of the command table.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMAND_NAMES, COMMANDS } from '../../src/cli/command-table.js';
import { spawnCli } from './helpers/spawn-cli.js';

const pkg = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../package.json'), 'utf8')) as { version: string };

describe('returns-console --version and --help', () => {
  it('prints the package version for --version, -V and version', async () => {
    const runs = await Promise.all([spawnCli(['--version'], {}), spawnCli(['-V'], {}), spawnCli(['version'], {})]);
    for (const r of runs) expect(r).toEqual({ code: 0, stdout: `returns-console ${pkg.version}\n`, stderr: '' });
  });

  it('lists every command with its summary, and --version', async () => {
    const r = await spawnCli(['--help'], {});
    expect(r.code).toBe(0);
    for (const name of COMMAND_NAMES) expect(r.stdout).toMatch(new RegExp(`^  ${name} +${COMMANDS[name].summary.replace(/[()/]/g, '\\$&')}$`, 'm'));
    expect(r.stdout).toContain('-V, --version');
  });
});
