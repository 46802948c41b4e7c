/**
 * The sandbox's error value and envelope. Type, status and default param come from the
 * shared code table (src/api/error-codes.ts), so the sandbox cannot drift from it.
 */
import { ERROR_CODES, type ErrorCode } from '../api/error-codes.js';
import { defaultParamOf } from '../api/list-params.js';
import type { ErrorBody } from '../api/schemas.js';

/**
 * Removes anything that could be an API key (or its 64 hex digits) from a message, since
 * some messages quote what the client sent (e.g. an unknown status value).
 */
export function redactSecrets(message: string): string {
  return message.replace(/sk_[0-9A-Za-z]*/g, 'sk_…').replace(/[0-9a-fA-F]{24,}/g, '…');
}

/** The status of malformed_request when the request's headers are too large (D9 extension). */
export const HEADERS_TOO_LARGE_STATUS = 431;

/** A failure answered with the interface's error envelope. */
export class ApiError extends Error {
  readonly status: number;
  readonly param: string | undefined;

  constructor(
    readonly code: ErrorCode,
    message: string,
    param?: string | null,
    /** Extra response headers, e.g. Retry-After. */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(redactSecrets(message));
    this.status = ERROR_CODES[code].status;
    // `null` means "no param even though the table names one"; undefined means the default.
    this.param = param === null ? undefined : (param ?? defaultParamOf(code));
  }

  /** The JSON body `{ error: { type, code, message, param? } }`. */
  toBody(): ErrorBody {
    const error: ErrorBody['error'] = { type: ERROR_CODES[this.code].type, code: this.code, message: this.message };
    if (this.param !== undefined) error.param = this.param;
    return { error };
  }
}
