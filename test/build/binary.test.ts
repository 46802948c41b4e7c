/**
 * The standalone binary of this machine's platform (scripts/build-binaries.mjs), run with no
 * Node on PATH and a fresh home: --version, its own sandbox (node:sqlite inside the binary),
 * a command against that sandbox, --sandbox, the console in a pseudo-terminal, a second
 * launch from the files the first one wrote, and the SHA256SUMS file. The binary is built
 * here (this platform only), or taken from RETURNS_BINARIES_DIR (CI builds every platform
 * there first; their files are checked too, though only this platform's can run here).
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the scripts, without types
import { binaryName, hostTarget, TARGETS } from '../../scripts/build-binaries.mjs';
import { tempDir } from '../cli/helpers/test-factory.js';
import { spawnPty } from '../helpers/pty.js';
import { startSandboxCommand, type SandboxCommand } from '../helpers/sandbox-command.js';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
const host = hostTarget() as string;

let dir: string;
let binary: string;
let home: string;
let sandbox: SandboxCommand | undefined;

/** A user's environment without Node: PATH is an empty directory, everything else fresh. */
function noNodeEnv(extra: Record<string, string> = {}): Record<string, string> {
  const bin = join(home, 'bin');
  mkdirSync(bin, { recursive: true });
  return {
    PATH: bin,
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_STATE_HOME: join(home, '.state'),
    XDG_DATA_HOME: join(home, '.data'),
    XDG_CACHE_HOME: join(home, '.cache'),
    NO_COLOR: '1',
    ...extra,
  };
}

beforeAll(async () => {
  dir = process.env.RETURNS_BINARIES_DIR ? resolve(process.env.RETURNS_BINARIES_DIR) : join(tempDir('rc-binary-'), 'binaries');
  if (!process.env.RETURNS_BINARIES_DIR) {
    await run(process.execPath, ['scripts/build-binaries.mjs', '--target', host, '--outdir', dir], { cwd: ROOT, maxBuffer: 16 << 20 });
  }
  binary = join(dir, binaryName(host));
  home = tempDir('rc-binary-home-');
}, 300_000);

afterAll(async () => {
  await sandbox?.stop();
});

describe(`the ${host} binary, with no Node on PATH`, () => {
  it('answers --version and --help', async () => {
    const env = noNodeEnv();
    await expect(run('sh', ['-c', 'command -v node'], { env })).rejects.toThrow();
    const [version, help] = await Promise.all([run(binary, ['--version'], { env }), run(binary, ['--help'], { env })]);
    expect(version.stdout).toBe(`returns-console ${pkg.version}\n`);
    expect(help.stdout).toMatch(/^Usage: returns-console \[command\] \[flags\]\n/);
  });

  it('runs its own sandbox, a command against it, --sandbox, and the console in a terminal', async () => {
    const env = noNodeEnv();
    const served = await startSandboxCommand(binary, { ...env, RETURNS_SANDBOX_DATA_DIR: join(home, 'served') });
    sandbox = served;
    expect(served.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/public-api\/v1$/);
    const withKey = { ...env, RETURNS_BASE_URL: served.url, RETURNS_API_KEY: served.key };

    const listed = await run(binary, ['list', '--limit', '3', '--json'], { env: withKey });
    const orders = JSON.parse(listed.stdout) as { order_name: string }[];
    expect(orders).toHaveLength(3);

    // The built-in sandbox of --sandbox: the demo data in this home's data directory.
    const demo = await run(binary, ['list', '--sandbox', '--limit', '2', '--json'], { env });
    expect((JSON.parse(demo.stdout) as { order_name: string }[]).map((o) => o.order_name)).toEqual([expect.stringMatching(/^#AO\d+$/), expect.stringMatching(/^#AO\d+$/)]);

    // Twice: the first launch writes the console's files to the cache, the second runs them from there.
    for (let launch = 0; launch < 2; launch++) {
      const session = spawnPty({ file: binary, args: [], env: { ...withKey, RETURNS_CONFIG: undefined, RETURNS_PROFILE: undefined }, cwd: home, cols: 120, rows: 30 });
      try {
        await session.waitForText(orders[0]!.order_name, 30_000);
        session.write('q');
        expect((await session.exited).exitCode).toBe(0);
      } finally {
        session.kill();
      }
    }
    expect(readdirSync(join(home, '.cache', 'returns-console', 'binary'))).toHaveLength(1);

    expect(await served.stop()).toBe(0);
    sandbox = undefined;
  }, 120_000);

  it('runs from a private temporary directory when its cache directory is open to others, writing nothing there', async () => {
    const shared = join(home, 'shared-cache');
    const open = join(shared, 'returns-console', 'binary');
    mkdirSync(open, { recursive: true });
    chmodSync(open, 0o777);
    const tmp = tempDir('rc-binary-tmp-');
    const r = await run(binary, ['--version'], { env: noNodeEnv({ XDG_CACHE_HOME: shared, TMPDIR: tmp }) });
    expect(r.stdout).toBe(`returns-console ${pkg.version}\n`);
    expect(readdirSync(open)).toEqual([]);
    // The temporary directory goes when the binary exits.
    expect(readdirSync(tmp)).toEqual([]);
  });
});

describe('SHA256SUMS', () => {
  it('holds the hash of every binary in the directory', () => {
    const sums = readFileSync(join(dir, 'SHA256SUMS'), 'utf8');
    const present = (TARGETS as string[]).map((target) => binaryName(target) as string).filter((name) => existsSync(join(dir, name)));
    expect(present).toContain(binaryName(host));
    expect(sums).toBe(present.map((name) => `${createHash('sha256').update(readFileSync(join(dir, name))).digest('hex')}  ${name}\n`).join(''));
  });

  it.runIf(process.env.RETURNS_BINARIES_DIR !== undefined)('lists all five platforms, each an executable of its own format', () => {
    const magic = (name: string) => readFileSync(join(dir, name)).subarray(0, 4).toString('hex');
    expect(readFileSync(join(dir, 'SHA256SUMS'), 'utf8').trim().split('\n')).toHaveLength(5);
    expect(magic('returns-console-linux-x64')).toBe('7f454c46');
    expect(magic('returns-console-linux-arm64')).toBe('7f454c46');
    expect(magic('returns-console-darwin-arm64')).toBe('cffaedfe');
    expect(magic('returns-console-darwin-x64')).toBe('cffaedfe');
    expect(magic('returns-console-win-x64.exe').slice(0, 4)).toBe('4d5a');
  });
});
