import { execSync } from 'node:child_process';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CliError } from '../../src/cli/cli-error.js';
import { readApiKey } from '../../src/cli/config/key-source.js';
import type { KeySource } from '../../src/cli/config/resolve.js';
import { KEYS } from '../helpers/fixture.js';
import { until } from '../helpers/until.js';
import { makeTestFactory, tempDir } from './helpers/test-factory.js';

const KEY = KEYS.north;

async function failure(source: KeySource, env: Record<string, string> = {}): Promise<CliError> {
  const { factory } = makeTestFactory({ env });
  const error = await readApiKey(factory, source).then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CliError);
  const cli = error as CliError;
  // No message about a key ever contains the key.
  expect(`${cli.message} ${cli.hint ?? ''}`).not.toContain(KEY.slice(3));
  return cli;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function keyFile(content: string, mode: number): string {
  const path = join(tempDir(), 'north.key');
  writeFileSync(path, content, { mode });
  chmodSync(path, mode);
  return path;
}

describe('readApiKey', () => {
  it('reads an environment variable, trimming surrounding space', async () => {
    const { factory } = makeTestFactory({ env: { NORTH_KEY: ` ${KEY}\n` } });
    await expect(readApiKey(factory, { kind: 'env', variable: 'NORTH_KEY', source: 'config profiles.north.key_env' })).resolves.toBe(KEY);
  });

  it('says which variable is not set (exit 4)', async () => {
    const e = await failure({ kind: 'env', variable: 'NORTH_KEY', source: 'config profiles.north.key_env' });
    expect(e.message).toBe('config profiles.north.key_env names the environment variable NORTH_KEY, which is not set');
    expect(e.exitCode).toBe(4);
  });

  it('says where to put a key when none is configured', async () => {
    const e = await failure({ kind: 'none', source: 'none' });
    expect(e.code).toBe('api_key_missing');
    expect(e.hint).toMatch(/RETURNS_API_KEY.*key_env, key_file or key_command/);
  });

  it('reads a private key file (0600) with its trailing newline', async () => {
    const path = keyFile(`${KEY}\n`, 0o600);
    const { factory } = makeTestFactory();
    await expect(readApiKey(factory, { kind: 'file', path, source: 'config profiles.north.key_file' })).resolves.toBe(KEY);
  });

  it('refuses a key file readable by others (chmod 644) with the fix spelled out', async () => {
    const path = keyFile(`${KEY}\n`, 0o644);
    const e = await failure({ kind: 'file', path, source: 'config profiles.north.key_file' });
    expect(e.code).toBe('api_key_file_insecure');
    expect(e.message).toContain(`key file ${path} has permissions 0644`);
    expect(e.message).toContain(`Fix: chmod 600 ${path}`);
    expect(e.exitCode).toBe(4);
  });

  it('says when a key file does not exist', async () => {
    const e = await failure({ kind: 'file', path: '/nonexistent/key', source: 'config profiles.north.key_file' });
    expect(e.message).toBe('key file /nonexistent/key (config profiles.north.key_file) does not exist');
  });

  it('takes the output of a key command, run through /bin/sh', async () => {
    const { factory } = makeTestFactory({ env: {} });
    const source: KeySource = { kind: 'command', command: `printf '%s\\n' ${KEY} | head -n 1`, timeoutMs: 10_000, source: 'config profiles.north.key_command' };
    await expect(readApiKey(factory, source)).resolves.toBe(KEY);
  });

  it('reports a failing key command with its exit status, never its output', async () => {
    const e = await failure({ kind: 'command', command: `echo ${KEY}; exit 3`, timeoutMs: 10_000, source: 'config profiles.north.key_command' });
    expect(e.code).toBe('api_key_command_failed');
    expect(e.message).toContain('failed with exit status 3');
  });

  it('stops a key command that does not finish in time', async () => {
    // `exec`: the shell itself is what gets stopped; a plain `sleep` would outlive it holding the test's stderr.
    const e = await failure({ kind: 'command', command: 'exec sleep 30', timeoutMs: 200, source: 'config profiles.north.key_command' });
    expect(e.message).toContain('did not finish within 0.2 s and was stopped, with everything it started');
  });

  it('stops the whole process group with SIGKILL when the command and its children ignore SIGTERM', async () => {
    const pidFile = join(tempDir(), 'child.pid');
    // The shell ignores TERM, and so does the child it starts (ignored signals are inherited).
    const command = `trap '' TERM; sleep 30 & echo $! > ${pidFile}; wait`;
    const e = await failure({ kind: 'command', command, timeoutMs: 300, source: 'config profiles.north.key_command' });
    expect(e.message).toBe('the key command (config profiles.north.key_command) did not finish within 0.3 s and was stopped, with everything it started');
    expect(e.exitCode).toBe(4);
    const childPid = Number(readFileSync(pidFile, 'utf8'));
    await until(() => !isAlive(childPid));
  });

  it('stops a command that floods its output, with a clear message and no stack trace', async () => {
    const e = await failure({ kind: 'command', command: 'yes sk_0123', timeoutMs: 10_000, source: 'config profiles.north.key_command' });
    expect(e.message).toBe('the key command (config profiles.north.key_command) printed more than 64 KiB and was stopped; it should print only the key (one line of 67 characters)');
    expect(e.exitCode).toBe(4);
  });

  it('names the signal that ended a command', async () => {
    const e = await failure({ kind: 'command', command: 'kill -KILL $$', timeoutMs: 10_000, source: 'config profiles.north.key_command' });
    expect(e.message).toBe('the key command (config profiles.north.key_command) was ended by signal SIGKILL; its own messages, if any, are above');
  });

  it('runs the command in a process group of its own', async () => {
    const { factory } = makeTestFactory();
    const result = await factory.runCommand('ps -o pgid= -p $$', { timeoutMs: 10_000 });
    const groupOfShell = Number(result.stdout.trim());
    expect(groupOfShell).not.toBe(Number(execSync(`ps -o pgid= -p ${process.pid}`).toString().trim()));
  });

  it('reports a command that prints nothing', async () => {
    const e = await failure({ kind: 'command', command: 'true', timeoutMs: 10_000, source: 'config profiles.north.key_command' });
    expect(e.message).toContain('printed nothing');
  });

  it('checks the shape locally, naming the source but not the key', async () => {
    const short = await failure({ kind: 'env', variable: 'RETURNS_API_KEY', source: 'env RETURNS_API_KEY' }, { RETURNS_API_KEY: KEY.slice(0, -1) });
    expect(short.code).toBe('api_key_malformed');
    expect(short.message).toMatch(/66 characters instead of 67.*\(the key came from RETURNS_API_KEY\)/);
    const prefix = await failure({ kind: 'env', variable: 'RETURNS_API_KEY', source: 'env RETURNS_API_KEY' }, { RETURNS_API_KEY: `pk_${KEY.slice(3)}` });
    expect(prefix.message).toContain('does not start with sk_');
    const nonHex = await failure({ kind: 'env', variable: 'RETURNS_API_KEY', source: 'env RETURNS_API_KEY' }, { RETURNS_API_KEY: `${KEY.slice(0, -1)}z` });
    expect(nonHex.message).toContain('hexadecimal');
    expect(nonHex.exitCode).toBe(4);
  });
});
