/** Server lifecycle: listening with clear errors, malformed HTTP, timeouts, clean shutdown. */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { ERROR_CODES, type ErrorCode } from '../../api/error-codes.js';
import type { Db } from '../db/open.js';
import { HEADERS_TOO_LARGE_STATUS } from '../errors.js';
import { newRequestId } from './request-id.js';

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

/**
 * Answers on the raw socket, for requests that never reach the pipeline: the envelope,
 * a request id, and the connection closed.
 */
function answerOnSocket(socket: Duplex, status: number, reason: string, code: ErrorCode, message: string): void {
  // An answer already begun on this connection cannot be followed by another.
  if ((socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage?.headersSent) {
    socket.destroy();
    return;
  }
  if (!socket.writable) return;
  const body = JSON.stringify({ error: { type: ERROR_CODES[code].type, code, message } });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${newRequestId()}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * Malformed HTTP never reaches the pipeline; answer it with the envelope and a request id. So
 * does a request whose headers or whole body did not arrive in time (Node's headersTimeout and
 * requestTimeout): 408 request_timeout, and the connection is closed.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    answerOnSocket(socket, ERROR_CODES.request_timeout.status, 'Request Timeout', 'request_timeout', 'The request did not arrive in time; it was given up and nothing was changed. Send it again.');
  } else if (error.code === 'HPE_HEADER_OVERFLOW') {
    answerOnSocket(socket, HEADERS_TOO_LARGE_STATUS, 'Request Header Fields Too Large', 'malformed_request', 'The request headers are too large.');
  } else {
    answerOnSocket(socket, ERROR_CODES.malformed_request.status, 'Bad Request', 'malformed_request', 'The HTTP request could not be parsed.');
  }
}

/**
 * CONNECT (a proxy tunnel) is no route of the sandbox. Node hands it to this event and,
 * without a listener, closes the connection without an answer.
 */
export function answerConnect(_req: IncomingMessage, socket: Duplex): void {
  answerOnSocket(socket, ERROR_CODES.route_not_found.status, 'Not Found', 'route_not_found', 'CONNECT is not served: the sandbox is no proxy. The routes are listed in /openapi.json.');
}

/** The close() of a running sandbox: idempotent, finishes in-flight requests, then closes the db (and `after`). */
export function closer(server: Server, db: Db, state: { isClosing: boolean }, after: () => void = () => {}): () => Promise<void> {
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
        after();
        resolve();
      });
      server.closeIdleConnections();
    });
    return closing;
  };
}
