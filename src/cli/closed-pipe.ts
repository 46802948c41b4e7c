/**
 * `returns-console list --all | head -1`: the reader went away. Stop quietly, as Unix tools
 * do, instead of crashing with a stack trace.
 */

/** Makes a closed pipe on `stream` end the process with code 0. Idempotent. */
export function exitQuietlyOnClosedPipe(stream: NodeJS.WriteStream): void {
  if (handled.has(stream)) return;
  handled.add(stream);
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
}

const handled = new WeakSet<NodeJS.WriteStream>();
