/** The process exit codes of every command (documented in `--help` and docs/commands.md). */
export const EXIT = {
  /** Everything asked for was done. */
  ok: 0,
  /** An operation or the service failed (incl. some orders of a bulk run). */
  failure: 1,
  /** Bad flags, arguments, input files or configuration: nothing was sent. */
  usage: 2,
  /** No usable API key, or the service refused the key (401). */
  auth: 4,
  /** Stopped with Ctrl+C (128 + SIGINT), after in-flight requests finished or were read back. */
  interrupted: 130,
  /** Stopped by SIGHUP (128 + 1): the terminal was closed; the same wind-down as Ctrl+C. */
  hangup: 129,
  /** Stopped by SIGTERM (128 + 15); the same wind-down as Ctrl+C. */
  terminated: 143,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];
