/**
 * Runs a profile's `key_command` through `/bin/sh -c` (like ssh's ProxyCommand) in a
 * process group of its own (`detached`), so that when it overruns its time or floods its
 * output the whole group (the shell and everything it started) is stopped: SIGTERM first,
 * SIGKILL after a short grace period for whatever ignores TERM. Nothing is left running,
 * nothing throws: every outcome is a result the caller words.
 */
import type { ChildProcess } from 'node:child_process';

export interface CommandResult {
  readonly exitCode: number | null;
  /** The signal that ended the shell, when one did. */
  readonly signal?: NodeJS.Signals | null;
  readonly stdout: string;
  readonly isTimedOut: boolean;
  /** True when the command printed more than MAX_COMMAND_OUTPUT and was stopped. */
  readonly isOutputTooLarge?: boolean;
  /** Set when the command could not be started at all. */
  readonly spawnError?: string;
}

/** Runs a command line, capturing its stdout. */
export type CommandRunner = (command: string, options: { readonly timeoutMs: number }) => Promise<CommandResult>;

/** Most output a key command may print (a key is 67 characters). */
export const MAX_COMMAND_OUTPUT = 64 * 1024;

/** How long a stopped command's group gets between SIGTERM and SIGKILL. */
export const KILL_GRACE_MS = 1_000;

/** Signals the child's whole process group; it may be gone already. */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // ESRCH: the group has ended.
  }
}

/** The real runner: stdin closed (the command must not eat ours), stderr shown to the user. */
export const runShellCommand: CommandRunner = (command, { timeoutMs }) =>
  new Promise((resolve) => {
    let child: ChildProcess;
    try {
      // Fetched here, not imported: only a key_command runs a process, and every command
      // would pay for loading node:child_process at start.
      const { spawn } = process.getBuiltinModule('node:child_process');
      child = spawn('/bin/sh', ['-c', command], { stdio: ['ignore', 'pipe', 'inherit'], detached: true });
    } catch (error) {
      resolve({ exitCode: null, stdout: '', isTimedOut: false, spawnError: (error as Error).message });
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let isTimedOut = false;
    let isOutputTooLarge = false;
    let isDone = false;
    let killTimer: NodeJS.Timeout | undefined;
    // Our own exit must not leave the group behind (a stopped group is killed at once).
    const killOnExit = () => signalGroup(child, 'SIGKILL');
    process.once('exit', killOnExit);

    // Stopping: TERM now, KILL after the grace period even if the shell has ended (what it
    // started may ignore TERM). The timer does not keep the process alive; its exit does it.
    const stop = () => {
      if (killTimer) return;
      signalGroup(child, 'SIGTERM');
      killTimer = setTimeout(() => {
        signalGroup(child, 'SIGKILL');
        process.off('exit', killOnExit);
      }, KILL_GRACE_MS).unref();
    };
    const finish = (result: CommandResult) => {
      if (isDone) return;
      isDone = true;
      clearTimeout(timer);
      // A command that ended by itself keeps what it started (e.g. an agent it launched).
      if (!killTimer) process.off('exit', killOnExit);
      resolve(result);
    };
    const timer = setTimeout(() => {
      isTimedOut = true;
      stop();
    }, timeoutMs);
    child.stdout!.on('data', (chunk: Buffer) => {
      if (isOutputTooLarge) return;
      size += chunk.length;
      if (size > MAX_COMMAND_OUTPUT) {
        isOutputTooLarge = true;
        child.stdout!.destroy();
        stop();
        return;
      }
      chunks.push(chunk);
    });
    child.stdout!.on('error', () => undefined);
    child.on('error', (error) => finish({ exitCode: null, stdout: '', isTimedOut: false, spawnError: error.message }));
    // 'exit', not 'close': a grandchild left running by the shell may hold stdout open.
    child.on('exit', (code, signal) => {
      child.stdout!.destroy();
      const stdout = isOutputTooLarge ? '' : Buffer.concat(chunks).toString('utf8');
      finish({ exitCode: code, signal, stdout, isTimedOut, isOutputTooLarge });
    });
  });
