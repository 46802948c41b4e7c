/**
 * The sandbox's error value and envelope. Type, status and default param come from the
 * shared code table (src/api/error-codes.ts), so the sandbox cannot drift from it.
 */
import { ERROR_CODES, type ErrorCode } from '../api/error-codes.js';
import { defaultParamOf } from '../api/list-params.js';
import { scrubSecrets } from '../api/key-scrub.js';
import type { ErrorBody } from '../api/schemas.js';

/**
 * Hides anything that could be an API key or a part of one (any run of 24 or more hex
 * characters) in a message or log line, since some quote what the client sent (e.g. an
 * unknown status value, a path). The one scrubber of src/api, at the sandbox's strictness.
 */
export function redactSecrets(message: string): string {
  return scrubSecrets(message, [], { minHexRun: 24 });
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
