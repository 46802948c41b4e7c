/** Runs the real CLI as a process (`node --import tsx src/cli/main.ts …`), with an explicit environment. */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

export interface SpawnResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

const ROOT = resolve(import.meta.dirname, '../../..');

/** Only what node needs from the test process; RETURNS_* and XDG_* come from `env`. */
function baseEnv(): Record<string, string> {
  const keep = ['PATH', 'SYSTEMROOT', 'TMPDIR'];
  return Object.fromEntries(keep.flatMap((k) => (process.env[k] ? [[k, process.env[k]!]] : [])));
}

/**
 * Runs the CLI; with `isClosingStdoutEarly` the reading end of stdout is closed after the
 * first chunk, like `| head -1`.
 */
export function spawnCli(args: readonly string[], env: Record<string, string>, stdin?: string, isClosingStdoutEarly = false): Promise<SpawnResult> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], {
      cwd: ROOT,
      env: { ...baseEnv(), ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => {
      stdout += c;
      if (isClosingStdoutEarly) child.stdout.destroy();
    });
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
    child.stdin.end(stdin ?? '');
  });
}
