/**
 * Everything a command needs from the outside world, made in one place (gh's factory):
 * streams and whether they are terminals, the environment, the clock, file access, the
 * runner for `key_command`, client creation and Ctrl+C. Commands receive a Factory; tests
 * build one with captured streams and temporary files, and a real client on the sandbox.
 */
import { spawn } from 'node:child_process';
import { readFile, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import type { ClientOptions, ReturnsClient } from '../api/client-types.js';
import { exitOnProcessOutputErrors } from './closed-pipe.js';

/** The part of a writable stream the commands use. */
export interface Writer {
  write(chunk: string): unknown;
}

export interface IOStreams {
  readonly stdout: Writer;
  readonly stderr: Writer;
  readonly stdin: NodeJS.ReadableStream;
  readonly isStdoutTTY: boolean;
  readonly isStderrTTY: boolean;
  /** Current width of the terminal on stdout (80 when unknown); read when rendering. */
  readonly columns: () => number;
}

export interface FileInfo {
  readonly mode: number;
  readonly isFile: boolean;
}

export interface FileAccess {
  readFile(path: string): Promise<string>;
  /** null when the path does not exist. */
  stat(path: string): Promise<FileInfo | null>;
}

export interface CommandResult {
  readonly exitCode: number | null;
  readonly stdout: string;
  readonly isTimedOut: boolean;
  /** Set when the command could not be started at all. */
  readonly spawnError?: string;
}

/** Runs a command line through `/bin/sh -c` (like ssh's ProxyCommand), capturing stdout. */
export type CommandRunner = (command: string, options: { readonly timeoutMs: number }) => Promise<CommandResult>;

export interface Factory {
  readonly io: IOStreams;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly now: () => number;
  readonly platform: NodeJS.Platform;
  readonly homeDir: string;
  readonly cwd: string;
  readonly fs: FileAccess;
  readonly runCommand: CommandRunner;
  /** Creates the Return Orders client (loaded lazily: `config` and `--help` never load it). */
  readonly createClient: (options: ClientOptions) => Promise<ReturnsClient>;
  /** Subscribes to Ctrl+C (SIGINT); returns the unsubscribe function. */
  readonly onInterrupt: (handler: () => void) => () => void;
}

/** Most output a key command may print (a key is 67 characters). */
const MAX_COMMAND_OUTPUT = 64 * 1024;

/** The real runner: stdin closed (the command must not eat ours), stderr shown to the user. */
export const runShellCommand: CommandRunner = (command, { timeoutMs }) =>
  new Promise((resolve) => {
    const child = spawn('/bin/sh', ['-c', command], { stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    let isTimedOut = false;
    let isDone = false;
    const finish = (result: CommandResult) => {
      if (isDone) return;
      isDone = true;
      clearTimeout(timer);
      resolve(result);
    };
    const timer = setTimeout(() => {
      isTimedOut = true;
      child.kill('SIGTERM');
    }, timeoutMs);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      stdout += chunk;
      if (stdout.length > MAX_COMMAND_OUTPUT) child.kill('SIGTERM');
    });
    child.on('error', (error) => finish({ exitCode: null, stdout: '', isTimedOut: false, spawnError: error.message }));
    // 'exit', not 'close': a grandchild left running by the shell may hold stdout open.
    child.on('exit', (code) => {
      child.stdout.destroy();
      finish({ exitCode: code, stdout, isTimedOut });
    });
  });

/** File access on the real disk. */
export const diskFileAccess: FileAccess = {
  readFile: (path) => readFile(path, 'utf8'),
  stat: async (path) => {
    try {
      const s = await stat(path);
      return { mode: s.mode, isFile: s.isFile() };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  },
};

/** The factory of the real process. */
export function createProcessFactory(): Factory {
  exitOnProcessOutputErrors();
  return {
    io: {
      stdout: process.stdout,
      stderr: process.stderr,
      stdin: process.stdin,
      isStdoutTTY: process.stdout.isTTY === true,
      isStderrTTY: process.stderr.isTTY === true,
      columns: () => (process.stdout.isTTY ? process.stdout.columns : 0) || 80,
    },
    env: process.env,
    now: () => Date.now(),
    platform: process.platform,
    homeDir: homedir(),
    cwd: process.cwd(),
    fs: diskFileAccess,
    runCommand: runShellCommand,
    createClient: async (options) => {
      const { createClient } = await import('../api/client/index.js');
      return createClient(options);
    },
    onInterrupt: (handler) => {
      process.on('SIGINT', handler);
      return () => process.off('SIGINT', handler);
    },
  };
}
