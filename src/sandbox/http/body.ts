/**
 * Reading a request body with the D9 size limit (1 MiB, otherwise 413 body_too_large) and a
 * bound on each pause in it (408 request_timeout): a body that stops arriving is given up,
 * not waited for until the whole request's timeout.
 */
import type { IncomingMessage } from 'node:http';
import { ApiError } from '../errors.js';

export const MAX_BODY_BYTES = 1024 * 1024;

function tooLarge(): ApiError {
  // Connection: close, so the rest of an oversized upload is not read on this connection.
  return new ApiError('body_too_large', 'The request body is larger than 1 MiB.', null, { Connection: 'close' });
}

/** The 408 of a request the sandbox gave up waiting for; `what` says which wait ran out. */
export function requestTimeout(what: string): ApiError {
  return new ApiError('request_timeout', `${what}; the request was given up and nothing was changed. Send it again.`, null, { Connection: 'close' });
}

export interface BodyLimits {
  /** Largest body, bytes. */
  readonly maxBytes?: number;
  /** Longest pause between two parts of the body, ms (0 = none). */
  readonly idleMs?: number;
}

/** The whole body, or an ApiError when it is over the limit or stalls. Rejects when the client aborts. */
export function readBody(req: IncomingMessage, limits: BodyLimits = {}): Promise<Buffer> {
  const limit = limits.maxBytes ?? MAX_BODY_BYTES;
  const idleMs = limits.idleMs ?? 0;
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let isDone = false;
    let idle: NodeJS.Timeout | undefined;
    const armIdle = () => {
      if (idleMs <= 0) return;
      clearTimeout(idle);
      idle = setTimeout(() => finish(requestTimeout(`No part of the request body arrived for ${idleMs / 1000} s`)), idleMs);
    };
    const finish = (error: unknown, value?: Buffer) => {
      if (isDone) return;
      isDone = true;
      clearTimeout(idle);
      req.off('data', onData);
      if (error) reject(error);
      else resolve(value!);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) finish(tooLarge());
      else {
        chunks.push(chunk);
        armIdle();
      }
    };
    req.on('data', onData);
    req.once('end', () => finish(null, Buffer.concat(chunks, size)));
    req.once('error', (error) => finish(error));
    req.once('close', () => finish(new Error('client closed the connection')));
    armIdle();
  });
}
