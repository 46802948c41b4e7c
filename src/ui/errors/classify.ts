/**
 * How the console treats a failure: a full authentication screen, a cursor restart, an
 * error beside a filter field, a banner that retries by itself, or an inline message.
 * Pure; every text that came from the service is sanitized here.
 */
import { isApiError } from '../../api/client/errors.js';
import type { ParamError } from '../../api/list-params.js';
import type { ErrorCode } from '../../api/error-codes.js';
import { display, sanitizeForTerminal, type DisplayText } from '../../format/sanitize.js';

/** What is wrong with the key. */
export type AuthProblem = 'missing' | 'malformed' | 'rejected';

export type ErrorView =
  | { readonly kind: 'auth'; readonly problem: AuthProblem; readonly code: DisplayText; readonly message: DisplayText }
  /** 400 invalid_cursor_format: restart the walk from the first page. */
  | { readonly kind: 'cursor' }
  /** A validation error naming a list parameter. */
  | { readonly kind: 'param'; readonly error: ParamError }
  /** Network, timeout, rate limit, 5xx: worth trying again by itself. */
  | { readonly kind: 'transient'; readonly message: DisplayText; readonly requestId?: DisplayText }
  | { readonly kind: 'other'; readonly message: DisplayText; readonly requestId?: DisplayText };

const LIST_PARAMS = new Set(['limit', 'submitted_at_min', 'submitted_at_max', 'statuses', 'ids', 'order_names']);

/** Sorts an error of the client (or anything thrown) into how the console shows it. */
export function classifyError(error: unknown): ErrorView {
  if (!isApiError(error)) {
    return { kind: 'other', message: sanitizeForTerminal(error instanceof Error ? error.message : String(error)) };
  }
  const message = sanitizeForTerminal(error.message);
  const requestId = error.requestId === undefined ? undefined : sanitizeForTerminal(error.requestId);
  const withId = requestId === undefined ? {} : { requestId };
  if (error.kind === 'authentication' || error.code === 'api_key_missing' || error.code === 'api_key_malformed' || error.code === 'api_key_whitespace') {
    const problem: AuthProblem =
      error.code === 'missing_api_key' || error.code === 'api_key_missing'
        ? 'missing'
        : error.code === 'api_key_malformed' || error.code === 'api_key_whitespace'
          ? 'malformed'
          : 'rejected';
    return { kind: 'auth', problem, code: sanitizeForTerminal(error.code), message };
  }
  if (error.code === 'invalid_cursor_format') return { kind: 'cursor' };
  if (error.kind === 'validation' && error.param !== undefined && LIST_PARAMS.has(error.param)) {
    return {
      kind: 'param',
      error: { code: sanitizeForTerminal(error.code) as ErrorCode, param: error.param, message },
    };
  }
  // Plain words first, the code in brackets after them (as on the command line), then the hint.
  const worded = display`${message} [${sanitizeForTerminal(error.code)}]`;
  if (error.kind === 'network' || error.kind === 'timeout' || error.kind === 'rate_limit' || error.kind === 'api') {
    return { kind: 'transient', message: worded, ...withId };
  }
  return { kind: 'other', message: error.hint ? display`${worded} ${sanitizeForTerminal(error.hint)}` : worded, ...withId };
}

/** Whether a failed request is worth trying again later by itself. */
export function isTransient(error: unknown): boolean {
  return classifyError(error).kind === 'transient';
}
