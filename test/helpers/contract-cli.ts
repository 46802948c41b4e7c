/**
 * Runs the sandbox command line in-process (the `sandbox` command with a test factory) with
 * captured stdout/stderr, and spawns the real entry point for the few tests that need a
 * separate process.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { run as runSandboxCommand } from '../../src/cli/commands/sandbox/index.js';
import { makeTestFactory } from '../cli/helpers/test-factory.js';

export interface CliResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** `returns-console sandbox <argv>` in this process; resolves when the command returns. */
export async function runCli(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<CliResult> {
  const t = makeTestFactory({ env });
  const code = await runSandboxCommand([...argv], t.factory);
  return { code, stdout: t.stdout(), stderr: t.stderr() };
}

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface SpawnedSandbox {
  readonly child: ChildProcessWithoutNullStreams;
  /** The first stdout line. */
  readonly firstLine: string;
  /** Everything written to stderr so far. */
  stderr(): string;
  /** Resolves with the exit code and signal once the process ends. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Spawns `node --import tsx src/cli/main.ts sandbox <args>` and waits for its first stdout line. */
export async function spawnSandbox(args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<SpawnedSandbox> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'sandbox', ...args], { cwd: ROOT, env });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => resolve({ code, signal }));
  });
  const lines = createInterface({ input: child.stdout });
  const firstLine = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    void exited.then(({ code }) => reject(new Error(`sandbox exited (${code}) before printing: ${stderr}`)));
  });
  // Keep draining stdout so the child never blocks on a full pipe.
  lines.on('line', () => undefined);
  return { child, firstLine, stderr: () => stderr, exited };
}
