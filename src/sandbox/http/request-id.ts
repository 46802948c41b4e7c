/** Request ids: on every response of the sandbox (D9), also to malformed HTTP. */
import { randomBytes } from 'node:crypto';

/** Random per process, so ids from different runs never collide. */
const REQUEST_ID_PREFIX = randomBytes(5).toString('hex');
let requestCounter = 0;

/** The shape of every request id: `req_` and 24 hex characters. */
export const REQUEST_ID_PATTERN = /^req_[0-9a-f]{24}$/;

/** A fresh request id: per-process prefix and counter (cheap per request). */
export function newRequestId(): string {
  requestCounter = (requestCounter + 1) % 2 ** 53;
  return `req_${REQUEST_ID_PREFIX}${requestCounter.toString(16).padStart(14, '0')}`;
}
