/**
 * The package installs like a real command: `npm pack` in a clean copy of the project (its
 * prepack and prepare scripts build dist/) holds what runs and its docs, nothing else, and
 * `npm install -g` of that tarball into an empty prefix gives a `returns-console` that runs
 * with no build step: --version, --help, completion, a sandbox started from it, a command
 * against that sandbox, and the console in a pseudo-terminal.
 */
import { execFile } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, realpathSync, symlinkSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../cli/helpers/test-factory.js';
import { spawnPty } from '../helpers/pty.js';
import { startSandboxCommand, type SandboxCommand } from '../helpers/sandbox-command.js';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string; bin: Record<string, string> };
/** What was left out of the copy: installed, built or local, never part of a checkout. */
const NOT_IN_A_CHECKOUT = new Set(['node_modules', 'dist', '.tmp', '.git', 'bench/results']);

let dir: string;
let files: string[];
let bin: string;
let env: Record<string, string>;
let sandbox: SandboxCommand | undefined;

/** The environment of a user's shell: our node first on PATH (the bin runs `env node`), a fresh home. */
function userEnv(home: string): Record<string, string> {
  return {
    PATH: `${dirname(process.execPath)}:${process.env.PATH ?? '/usr/bin:/bin'}`,
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_STATE_HOME: join(home, '.state'),
    XDG_DATA_HOME: join(home, '.data'),
    NO_COLOR: '1',
  };
}

beforeAll(async () => {
  dir = tempDir('rc-install-');
  const checkout = join(dir, 'checkout');
  cpSync(ROOT, checkout, { recursive: true, filter: (src) => !NOT_IN_A_CHECKOUT.has(relative(ROOT, src)) });
  // The build needs the dev dependencies; the copy borrows the project's.
  symlinkSync(join(ROOT, 'node_modules'), join(checkout, 'node_modules'));
  const npmEnv = { ...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH}` };
  const packed = await run('npm', ['pack', '--json', '--pack-destination', dir], { cwd: checkout, env: npmEnv, maxBuffer: 16 << 20 });
  const [info] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) as { filename: string; files: { path: string }[] }[];
  files = info!.files.map((f) => f.path).sort();
  const prefix = join(dir, 'prefix');
  // better-sqlite3 (until the sandbox moves to node:sqlite) builds from source here: minutes on a busy machine.
  await run('npm', ['install', '-g', '--prefix', prefix, '--prefer-offline', '--no-audit', '--no-fund', join(dir, info!.filename)], { env: npmEnv, maxBuffer: 16 << 20 });
  bin = join(prefix, 'bin', 'returns-console');
  env = userEnv(join(dir, 'home'));
}, 900_000);

afterAll(async () => {
  await sandbox?.stop();
});

describe('npm pack', () => {
  it('holds the bin, its chunks, the docs, README and package.json, nothing else', () => {
    expect(files.filter((f) => !/^(dist\/|docs\/|README\.md$|LICENSE$|package\.json$)/.test(f))).toEqual([]);
    expect(files.filter((f) => /^(src|test|bench|scripts)\//.test(f))).toEqual([]);
    expect(files).toEqual(expect.arrayContaining([pkg.bin['returns-console']!, 'README.md', 'docs/keybindings.md', 'package.json']));
  });

  it('ships only chunks of this build: each one is imported by the bin or another chunk', () => {
    const installed = join(dirname(realpathSync(bin)), 'chunks');
    const chunks = readdirSync(installed);
    const texts = [readFileSync(realpathSync(bin), 'utf8'), ...chunks.map((c) => readFileSync(join(installed, c), 'utf8'))];
    expect(chunks.filter((c) => !texts.some((t) => t.includes(`./${c}`) || t.includes(`./chunks/${c}`)))).toEqual([]);
    expect(files.filter((f) => f.startsWith('dist/chunks/')).map((f) => f.slice('dist/chunks/'.length)).sort()).toEqual([...chunks].sort());
  });
});

describe('npm install -g of the tarball into an empty prefix', () => {
  it('gives a returns-console with a plain node shebang that answers --version, --help and completion', async () => {
    expect(readFileSync(realpathSync(bin), 'utf8').split('\n', 1)[0]).toBe('#!/usr/bin/env node');
    const [version, help, completion] = await Promise.all([run(bin, ['--version'], { env }), run(bin, ['--help'], { env }), run(bin, ['completion', 'bash'], { env })]);
    expect(version.stdout).toBe(`returns-console ${pkg.version}\n`);
    expect(help.stdout).toMatch(/^Usage: returns-console \[command\] \[flags\]\n/);
    expect(completion.stdout).toContain('complete -F _returns_console returns-console\n');
  });

  it('runs its own sandbox, a command against it, and the console in a terminal', async () => {
    const served = await startSandboxCommand(bin, { ...env, RETURNS_SANDBOX_DATA_DIR: join(dir, 'data') });
    sandbox = served;
    expect(served.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/public-api\/v1$/);
    const userEnvWithKey = { ...env, RETURNS_BASE_URL: served.url, RETURNS_API_KEY: served.key };

    const listed = await run(bin, ['list', '--limit', '3', '--json'], { env: userEnvWithKey });
    const orders = JSON.parse(listed.stdout) as { order_name: string }[];
    expect(orders).toHaveLength(3);

    const session = spawnPty({ file: bin, args: [], env: userEnvWithKey, cwd: dir, cols: 120, rows: 30 });
    try {
      await session.waitForText(orders[0]!.order_name, 30_000);
      session.write('q');
      expect((await session.exited).exitCode).toBe(0);
    } finally {
      session.kill();
    }

    expect(await served.stop()).toBe(0);
    sandbox = undefined;
  }, 60_000);
});
