/**
 * Everything a command needs from the outside world, made in one place (gh's factory):
 * streams and whether they are terminals, the environment, the clock, file access, the
 * runner for `key_command`, client creation and the stop signals. Commands receive a Factory; tests
 * build one with captured streams and temporary files, and a real client on the sandbox.
 */
import { unwatchFile, watchFile, type Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import type { ClientOptions, ReturnsClient } from '../api/client-types.js';
import { readFileBounded } from '../local/bounded-read.js';
import { processStopSignals, type SubscribeStop } from '../ops/stop-signals.js';
import { exitOnProcessOutputErrors } from './closed-pipe.js';
import { runShellCommand, type CommandRunner } from './config/key-command-runner.js';

export type { CommandResult, CommandRunner } from './config/key-command-runner.js';
export { runShellCommand } from './config/key-command-runner.js';

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
  /** The file as UTF-8; one over MAX_LOCAL_FILE_BYTES is refused (code EFBIG), never read whole. */
  readFile(path: string): Promise<string>;
  /** null when the path does not exist. */
  stat(path: string): Promise<FileInfo | null>;
  /**
   * Calls `onChange` when the file at `path` changes (written, replaced, made, removed,
   * chmod), checking every `intervalMs`; never keeps the process alive. Returns the stop function.
   */
  watch(path: string, intervalMs: number, onChange: () => void): () => void;
}

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
  /** Subscribes to the stop signals (SIGINT, SIGTERM, SIGHUP); returns the unsubscribe function. */
  readonly onStopSignal: SubscribeStop;
}

/** File access on the real disk. */
export const diskFileAccess: FileAccess = {
  readFile: (path) => readFileBounded(path),
  stat: async (path) => {
    try {
      const s = await stat(path);
      return { mode: s.mode, isFile: s.isFile() };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  },
  watch: (path, intervalMs, onChange) => {
    // Polled, not fs.watch: an editor that writes a new file and renames it over the old one,
    // or a file made after the start, would be lost to a watch of the file itself.
    const listener = (now: Stats, before: Stats) => {
      if (now.mtimeMs !== before.mtimeMs || now.ino !== before.ino || now.size !== before.size || now.mode !== before.mode) onChange();
    };
    watchFile(path, { persistent: false, interval: intervalMs }, listener);
    return () => unwatchFile(path, listener);
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
    onStopSignal: processStopSignals,
  };
}
