/** Writing JSON responses and error envelopes. */
import type { ServerResponse } from 'node:http';
import { ApiError } from '../errors.js';
import type { BodyBuffers } from './body-buffers.js';
import type { RawJson } from './context.js';

/** Sends a JSON body unless a response was already started. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string>> = {},
): void {
  sendRawJson(res, status, JSON.stringify(body), headers);
}

/** Sends an already-serialized JSON text or UTF-8 buffer. */
export function sendRawJson(
  res: ServerResponse,
  status: number,
  text: string | Buffer,
  headers: Readonly<Record<string, string>> = {},
): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(text)),
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(text);
}

/**
 * Sends a handler's JSON as one body. A body of several parts is copied into a buffer from
 * `buffers`, which gets it back once the response has been handed to the OS ('finish')
 * or given up ('close'), so large bodies reuse memory instead of faulting in fresh pages.
 */
export function sendJsonParts(res: ServerResponse, json: RawJson, buffers: BodyBuffers): void {
  if (res.headersSent || res.destroyed) return;
  if (json.isSingle) {
    sendRawJson(res, 200, json.head);
    return;
  }
  const block = buffers.take(json.byteLength);
  const at = json.writeInto(block);
  let isReturned = false;
  const giveBack = () => {
    if (isReturned) return;
    isReturned = true;
    buffers.give(block);
  };
  res.once('finish', giveBack);
  res.once('close', giveBack);
  sendRawJson(res, 200, block.length === at ? block : block.subarray(0, at));
}

/** Sends an ApiError as the interface's error envelope. */
export function sendError(res: ServerResponse, error: ApiError): void {
  sendJson(res, error.status, error.toBody(), error.headers);
}

/** The 500 for anything unexpected: no stack trace, no internals. */
export function internalError(): ApiError {
  return new ApiError('internal_error', 'The sandbox failed to handle this request. Try again; the request id identifies it in the sandbox log.');
}
