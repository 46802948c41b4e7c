/**
 * Output that cannot be written: `returns-console list --all | head -1` (the reader went
 * away: EPIPE) or `list > /dev/full` (ENOSPC). The command stops with a clear `error:` line
 * on stderr and exit 1, so a script knows its output is incomplete, never with a stack
 * trace. When stderr itself is what failed, the exit code is all that can be said.
 */

/** Why output failed, in words, for the error line. */
export function outputErrorMessage(error: NodeJS.ErrnoException, streamName: string): string {
  const code = error.code ?? 'unknown';
  switch (code) {
    case 'EPIPE':
      return `error: The ${streamName} was closed before everything was written (the reader of the pipe went away); the output is incomplete. [output_closed]\n`;
    case 'ENOSPC':
      return `error: The ${streamName} could not be written: no space left on the device; the output is incomplete. [output_failed]\nhint: Free some space, or write the output elsewhere.\n`;
    default:
      return `error: The ${streamName} could not be written (${code}); the output is incomplete. [output_failed]\n`;
  }
}

/**
 * Makes a failing write on `stream` end the process with exit code 1 and, unless the
 * failing stream is `report` itself, a message on `report`. Idempotent per stream.
 */
export function exitOnOutputError(stream: NodeJS.WriteStream, streamName: string, report: NodeJS.WriteStream): void {
  if (handled.has(stream)) return;
  handled.add(stream);
  stream.on('error', (error: NodeJS.ErrnoException) => {
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
