/**
 * Output that cannot be written. A reader that went away (`returns-console list --all |
 * head -1`: EPIPE) has what it wanted: the command ends quietly with exit 0, as git and gh
 * do. Any other failure (`list > /dev/full`: ENOSPC) stops the command with a clear
 * `error:` line on stderr and exit 1, so a script knows its output is incomplete, never
 * with a stack trace. When stderr itself is what failed, the exit code is all that can be said.
 */

/** Why output failed, in words, for the error line (not for EPIPE, which ends quietly). */
export function outputErrorMessage(error: NodeJS.ErrnoException, streamName: string): string {
  const code = error.code ?? 'unknown';
  switch (code) {
    case 'ENOSPC':
      return `error: The ${streamName} could not be written: no space left on the device; the output is incomplete. [output_failed]\nhint: Free some space, or write the output elsewhere.\n`;
    default:
      return `error: The ${streamName} could not be written (${code}); the output is incomplete. [output_failed]\n`;
  }
}

/**
 * Makes a failing write on `stream` end the process: quietly with exit code 0 when the
 * reader went away, else with exit code 1 and, unless the failing stream is `report`
 * itself, a message on `report`. Idempotent per stream.
 */
export function exitOnOutputError(stream: NodeJS.WriteStream, streamName: string, report: NodeJS.WriteStream): void {
  if (handled.has(stream)) return;
  handled.add(stream);
  stream.on('error', (error: NodeJS.ErrnoException) => {
    // EPIPE: the reading end of the pipe was closed.
    if (error.code === 'EPIPE') process.exit(0);
    if (stream !== report) {
      try {
        report.write(outputErrorMessage(error, streamName));
      } catch {
        // stderr is gone too: the exit code says it.
      }
    }
    process.exit(1);
  });
}

/** The process's own streams: stdout's failures reported on stderr, stderr's by the exit code. */
export function exitOnProcessOutputErrors(): void {
  exitOnOutputError(process.stdout, 'standard output', process.stderr);
  exitOnOutputError(process.stderr, 'standard error', process.stderr);
}

const handled = new WeakSet<NodeJS.WriteStream>();
