/** Reading a request body with the D9 size limit (1 MiB, otherwise 413 body_too_large). */
import type { IncomingMessage } from 'node:http';
import { ApiError } from '../errors.js';

export const MAX_BODY_BYTES = 1024 * 1024;

function tooLarge(): ApiError {
  // Connection: close, so the rest of an oversized upload is not read on this connection.
  return new ApiError('body_too_large', 'The request body is larger than 1 MiB.', null, { Connection: 'close' });
}

/** The whole body, or an ApiError when it is over the limit. Rejects when the client aborts. */
export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let isDone = false;
    const finish = (error: unknown, value?: Buffer) => {
      if (isDone) return;
      isDone = true;
      req.off('data', onData);
      if (error) reject(error);
      else resolve(value!);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) finish(tooLarge());
      else chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => finish(null, Buffer.concat(chunks, size)));
    req.once('error', (error) => finish(error));
    req.once('close', () => finish(new Error('client closed the connection')));
  });
}
