/** Server lifecycle: listening with clear errors, malformed HTTP, clean shutdown. */
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { ERROR_CODES } from '../../api/error-codes.js';
import type { Db } from '../db/open.js';
import { newRequestId } from './server.js';

/** Listens; rejects with a message that says what to do (port in use, no permission). */
export function listenOn(server: Server, host: string, port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      const why =
        error.code === 'EADDRINUSE'
          ? `port ${port} on ${host} is already in use; choose another with --port (0 = any free port)`
          : error.code === 'EACCES'
            ? `no permission to listen on ${host}:${port}; choose a port above 1023`
            : `cannot listen on ${host}:${port}: ${error.code ?? error.message}`;
      reject(new Error(why));
    });
    server.listen(port, host, () => resolve(server));
  });
}

/** Malformed HTTP never reaches the pipeline; answer it with the envelope and a request id. */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable) return;
  const isTooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const status = isTooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request';
  const body = JSON.stringify({
    error: {
      type: ERROR_CODES.malformed_request.type,
      code: 'malformed_request' satisfies keyof typeof ERROR_CODES,
      message: isTooLarge ? 'The request headers are too large.' : 'The HTTP request could not be parsed.',
    },
  });
  const id = newRequestId();
  socket.end(
    `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${id}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** The close() of a running sandbox: idempotent, finishes in-flight requests, then closes the db. */
export function closer(server: Server, db: Db, state: { isClosing: boolean }): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= new Promise<void>((resolve) => {
      state.isClosing = true;
      // In-flight requests finish (their responses carry Connection: close); idle
      // keep-alive connections are closed now and as they become idle; anything still
      // open after 10 s is cut so shutdown cannot hang.
      const sweep = setInterval(() => server.closeIdleConnections(), 25);
      const force = setTimeout(() => server.closeAllConnections(), 10_000);
      server.close(() => {
        clearInterval(sweep);
        clearTimeout(force);
        if (db.isOpen) db.close();
        resolve();
      });
      server.closeIdleConnections();
    });
    return closing;
  };
}
