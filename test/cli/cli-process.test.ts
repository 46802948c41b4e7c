/**
 * The real CLI as a process: output formats and exit codes as a script sees them. Kept to
 * a few runs (each costs a node start-up); the in-process tests cover the details.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS } from '../helpers/fixture.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { fetchRaw } from './helpers/cli-run.js';
import { spawnCli } from './helpers/spawn-cli.js';
import { tempDir } from './helpers/test-factory.js';

const ROOT = resolve(import.meta.dirname, '../..');
let sandbox: TestSandbox;
let env: Record<string, string>;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  const home = tempDir('rc-home-');
  env = { HOME: home, XDG_CONFIG_HOME: join(home, '.config'), RETURNS_BASE_URL: sandbox.url, RETURNS_API_KEY: KEYS.north };
});
afterAll(() => sandbox.close());

describe('returns-console as a process', () => {
  it('lists as TSV when piped and as the raw JSON with --json (exit 0)', async () => {
    const [tsv, json] = await Promise.all([
      spawnCli(['list', '--status', 'pending,reviewed'], env),
      spawnCli(['list', '--limit', '3', '--json'], env),
    ]);
    expect(tsv.code).toBe(0);
    expect(tsv.stdout.trimEnd().split('\n').map((l) => l.split('\t').slice(0, 3).join(' '))).toEqual([
      '1015 #N1015 reviewed',
      '1014 #N1014 pending',
      '1001 #N1001 reviewed',
      '1000 #N1000 pending',
    ]);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual((await fetchRaw(sandbox.url, KEYS.north, 'limit=3')).data);
  });

  it('ends quietly with exit 0 when the reader of its output goes away (| head -1), as git and gh do', async () => {
    const r = await spawnCli(['list', '--all', '--limit', '1'], env, undefined, true);
    expect(r.stdout.split('\n')[0]).toMatch(/^1025\t/);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });

  it('ends quietly with exit 0 in a shell pipeline into head -1 (pipefail: its own status counts)', async () => {
    const script = `set -o pipefail; "$NODE" --import tsx src/cli/main.ts list --all --limit 1 2>"$ERR" | head -1`;
    const err = join(tempDir('rc-pipe-'), 'stderr');
    const r = await new Promise<{ code: number | null; stdout: string }>((done) => {
      const child = spawn('bash', ['-c', script], { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env, NODE: process.execPath, ERR: err }, stdio: ['ignore', 'pipe', 'inherit'] });
      let stdout = '';
      child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
      child.on('close', (code) => done({ code, stdout }));
    });
    expect(r.stdout).toMatch(/^1025\t[^\n]*\n$/);
    expect(readFileSync(err, 'utf8')).toBe('');
    expect(r.code).toBe(0);
  });

  it('says so and exits 1 when the disk is full (> /dev/full), no stack trace', async () => {
    const r = await new Promise<{ code: number | null; stderr: string }>((done) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'list', '--all', '--limit', '3'], {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', ...env },
        stdio: ['ignore', openSync('/dev/full', 'w'), 'pipe'],
      });
      let stderr = '';
      child.stderr!.setEncoding('utf8').on('data', (c: string) => (stderr += c));
      child.on('close', (code) => done({ code, stderr }));
    });
    expect(r.stderr).toBe('error: The standard output could not be written: no space left on the device; the output is incomplete. [output_failed]\nhint: Free some space, or write the output elsewhere.\n');
    expect(r.code).toBe(1);
  });

  it('answers --help to a reader that is already gone (| true) quietly with exit 0', async () => {
    const r = await new Promise<{ code: number | null; stderr: string }>((done) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', '--help'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.destroy();
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
      child.on('close', (code) => done({ code, stderr }));
    });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });

  it('exits 2 on usage errors, 4 on a refused key, 1 on an API failure', async () => {
    const [usage, auth, failure, keyFlag] = await Promise.all([
      spawnCli(['list', '--from', 'last week'], env),
      spawnCli(['show', '1000'], { ...env, RETURNS_API_KEY: KEYS.unknown }),
      spawnCli(['receive', '1000'], env),
      spawnCli(['list', '--api-key', KEYS.north], { ...env, RETURNS_API_KEY: '' }),
    ]);
    expect([usage.code, auth.code, failure.code, keyFlag.code]).toEqual([2, 4, 1, 2]);
    expect(usage.stderr).toBe(
      'error: --from: "last week" is not a date. Use a date-time (2026-11-02T09:15:00Z), a date (2026-11-02), today, yesterday, or a time ago (12h, 7d, 2w). [invalid_date_format]\n' +
        'hint: A date alone is local time: from its midnight for --from, to the end of that day for --to. 7d means 7 × 24 hours before now.\n',
    );
    expect(auth.stderr).toMatch(/^error: [A-Z][^[]+ \[invalid_api_key\] \(request id \S+\)\nhint: /);
    expect(failure.stderr).toMatch(/^error: [A-Z][^[]+ \[invalid_state_transition\] \(request id \S+\)\nhint: /);
    expect(keyFlag.stderr).toMatch(/^error: The API key is never accepted on the command line: .* \[usage_error\]\n/);
    for (const r of [usage, auth, failure, keyFlag]) expect(r.stdout).toBe('');
  });

  it('refuses a key file readable by others (chmod 644) with exit 4 and the fix', async () => {
    const home = tempDir('rc-home-');
    const keyPath = join(home, 'north.key');
    writeFileSync(keyPath, `${KEYS.north}\n`);
    chmodSync(keyPath, 0o644);
    mkdirSync(join(home, 'returns-console'));
    writeFileSync(join(home, 'returns-console', 'config.json'), JSON.stringify({ profiles: { north: { base_url: sandbox.url, key_file: keyPath } } }), { mode: 0o600 });
    const r = await spawnCli(['list', '--profile', 'north'], { HOME: home, XDG_CONFIG_HOME: home });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain(`error: Key file ${keyPath} has permissions 0644`);
    expect(r.stderr).toContain('[api_key_file_insecure]');
    expect(r.stderr).toContain(`Fix: chmod 600 ${keyPath}`);
    chmodSync(keyPath, 0o600);
    const ok = await spawnCli(['list', '--profile', 'north', '--limit', '1'], { HOME: home, XDG_CONFIG_HOME: home });
    expect(ok.code).toBe(0);
    expect(ok.stdout.split('\t')[0]).toBe('1025');
  });

  it('prints help for the program and every command (exit 0), and exits 2 for an unknown command', async () => {
    const [top, list, unknown] = await Promise.all([spawnCli(['--help'], env), spawnCli(['list', '--help'], env), spawnCli(['lsit'], env)]);
    expect(top.code).toBe(0);
    expect(top.stdout).toMatch(/^Usage: returns-console \[command\] \[flags\]/);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain('--order-names LIST');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^error: Unknown command "lsit"\. Did you mean list\? Commands: console, list, search, show, review, receive, overview, config, sandbox, completion, version\. \[usage_error\]\nhint: /);
  });
});
