/**
 * No command ever prints or writes an API key: every command, successful and failing, with
 * the key from the environment, a key file and a key command, in text and JSON modes.
 * Only `sk_…` and the last 4 characters may appear.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFixture } from '../helpers/fixture.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { runInProcess, type CliResult, type CommandName } from './helpers/cli-run.js';
import { spawnCli } from './helpers/spawn-cli.js';
import { tempDir } from './helpers/test-factory.js';

const KEY = `sk_${randomBytes(32).toString('hex')}`;
const REVOKED = `sk_${randomBytes(32).toString('hex')}`;
const SECRETS = [KEY, REVOKED];

/** Any 12-character piece of a key's hex part: long enough never to appear by chance. */
function leaks(text: string): string[] {
  const found: string[] = [];
  for (const secret of SECRETS) {
    const hex = secret.slice(3);
    for (let i = 0; i + 12 <= hex.length; i++) if (text.includes(hex.slice(i, i + 12))) found.push(`${secret.slice(0, 6)}… at ${i}`);
  }
  return found;
}

let sandbox: TestSandbox;
let home: string;
let keyFile: string;

beforeAll(async () => {
  const fixture = makeFixture(42);
  fixture.api_keys.push(
    { shop_id: 'shop_north', name: 'sweep', key: KEY, revoked: false },
    { shop_id: 'shop_north', name: 'sweep revoked', key: REVOKED, revoked: true },
  );
  sandbox = await startTestSandbox({ fixture });
  home = tempDir('rc-sweep-');
  keyFile = join(home, 'north.key');
  writeFileSync(keyFile, `${KEY}\n`, { mode: 0o600 });
  mkdirSync(join(home, 'returns-console'));
  const profiles = {
    envkey: { base_url: sandbox.url, key_env: 'NORTH_KEY' },
    filekey: { base_url: sandbox.url, key_file: keyFile },
    cmdkey: { base_url: sandbox.url, key_command: `printf '%s\\n' ${KEY}` },
    badcmd: { base_url: sandbox.url, key_command: `echo ${KEY}; echo ${KEY} >&2; exit 7` },
    malformed: { base_url: sandbox.url, key_command: `printf '%s' ${KEY}0` },
    revoked: { base_url: sandbox.url, key_command: `printf '%s' ${REVOKED}` },
  };
  writeFileSync(join(home, 'returns-console', 'config.json'), JSON.stringify({ profiles }), { mode: 0o600 });
});
afterAll(() => sandbox.close());

const decisions = () => {
  const path = join(home, 'decisions.json');
  writeFileSync(path, JSON.stringify({ items: [{ id: 70000, type: 'refund', action: 'destroy' }] }));
  return path;
};

describe('key redaction', () => {
  it('no output of any command, successful or failing, contains a key', async () => {
    const env = { XDG_CONFIG_HOME: home, NORTH_KEY: KEY };
    const runs: [CommandName, string[], Record<string, string>?][] = [];
    for (const profile of ['envkey', 'filekey', 'cmdkey', 'badcmd', 'malformed', 'revoked']) {
      const p = ['--profile', profile];
      runs.push(
        ['config', p], ['config', [...p, '--json']],
        ['list', [...p, '--limit', '2']], ['list', [...p, '--limit', '2', '--json']], ['list', [...p, '--status', 'nope']],
        ['show', [...p, '1002']], ['show', [...p, '999999', '--json']],
        ['review', [...p, '1000', '--approve-all']], ['review', [...p, '1002', '--approve-all', '--json']],
        ['review', [...p, '1014', '--decisions', decisions()]],
        ['receive', [...p, '1001']], ['receive', [...p, '1001', '1003', '999999']], ['receive', [...p, '1015', '1016', '--json']],
      );
    }
    // The key typed where it does not belong.
    runs.push(
      ['list', ['--api-key', KEY]], ['list', [`--api-key=${KEY}`, '--json']], ['show', [KEY]], ['receive', [KEY]],
      ['list', [KEY]], ['list', ['--base-url', `http://user:${KEY}@127.0.0.1:1/v1`]],
      ['list', ['--limit', '1'], { RETURNS_BASE_URL: sandbox.url, RETURNS_API_KEY: KEY }],
      ['list', ['--limit', '1'], { RETURNS_BASE_URL: sandbox.url, RETURNS_API_KEY: ` ${KEY}x` }],
    );
    const results: CliResult[] = [];
    for (const [command, argv, extra] of runs) {
      results.push(await runInProcess(command, argv, { env: { ...env, ...extra }, isStdoutTTY: argv.length % 2 === 0, isStderrTTY: true }));
    }
    // The sweep covered successes and every kind of failure.
    expect(new Set(results.map((r) => r.code))).toEqual(new Set([0, 1, 2, 4]));
    for (const r of results) expect(leaks(r.stdout + r.stderr)).toEqual([]);
    // What is shown instead: sk_… and the last 4.
    expect(results.some((r) => r.stdout.includes(`sk_…${KEY.slice(-4)}`))).toBe(true);
  });

  it('a spawned process never prints a key, even one typed as a command or a flag', async () => {
    const env = { HOME: home, XDG_CONFIG_HOME: home, NORTH_KEY: KEY };
    const runs = await Promise.all([
      spawnCli([KEY], env),
      spawnCli(['list', `--api-key=${KEY}`], env),
      spawnCli(['list', '--profile', 'badcmd'], env),
      spawnCli(['config', '--profile', 'cmdkey'], env),
    ]);
    expect(runs.map((r) => r.code)).toEqual([2, 2, 4, 0]);
    // badcmd prints the key on its own stderr, which the user sees as the command's output.
    const ours = (r: { stdout: string; stderr: string }) => (r.stdout + r.stderr).split(KEY).join('');
    expect(runs[2]!.stderr).toContain('failed with exit status 7');
    for (const r of [runs[0]!, runs[1]!, runs[3]!]) expect(leaks(r.stdout + r.stderr)).toEqual([]);
    expect(leaks(ours(runs[2]!))).toEqual([]);
  });

  it('no file we wrote contains a key (only the key file the user made)', () => {
    const walk = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        return statSync(path).isDirectory() ? walk(path) : [path];
      });
    for (const path of walk(home)) {
      if (path === keyFile) continue;
      if (path.endsWith('config.json')) {
        // The config file is the user's: it holds key commands, which is why it must be private.
        expect(statSync(path).mode & 0o077).toBe(0);
        continue;
      }
      expect(leaks(readFileSync(path, 'utf8'))).toEqual([]);
    }
    chmodSync(keyFile, 0o600);
  });
});
