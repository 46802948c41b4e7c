/**
 * Every error code the project knows: the interface's codes table (section 7) plus the
 * extensions of decisions.md (D7 `invalid_limit`, D9). One source of truth for the
 * sandbox (type, status, param) and for the client and console (the short human hint).
 */
import type { ErrorType } from './schemas.js';

export interface ErrorCodeInfo {
  readonly type: ErrorType;
  readonly status: number;
  /** The param the interface names for this code, if any. */
  readonly param?: string;
  /** A short message for people, saying what to do. */
  readonly hint: string;
  /** True when the code is an extension of decisions.md, not of the interface. */
  readonly isExtension?: boolean;
}

export const ERROR_CODES = {
  missing_api_key: {
    type: 'authentication_error',
    status: 401,
    hint: 'No API key was sent. Configure one (see `returns-console config`).',
  },
  invalid_api_key: {
    type: 'authentication_error',
    status: 401,
    hint: 'The API key is wrong, malformed, unknown or revoked. Create a new one in the retailer dashboard: Account settings → API keys.',
  },
  invalid_date_format: {
    type: 'validation_error',
    status: 400,
    param: 'submitted_at_min',
    hint: 'Dates must be ISO 8601 date-times, e.g. 2026-11-02T09:15:00Z.',
  },
  invalid_date_range: {
    type: 'validation_error',
    status: 400,
    param: 'submitted_at_min',
    hint: 'The "from" date is after the "to" date.',
  },
  invalid_status_value: {
    type: 'validation_error',
    status: 400,
    param: 'statuses',
    hint: 'Unknown status. Use the statuses the service lists (pending, reviewed, received, …).',
  },
  invalid_statuses_format: {
    type: 'validation_error',
    status: 400,
    param: 'statuses',
    hint: 'The status list has an empty element (check for doubled or trailing commas).',
  },
  invalid_ids_format: {
    type: 'validation_error',
    status: 400,
    param: 'ids',
    hint: 'Ids must be positive whole numbers separated by commas, without spaces.',
  },
  invalid_order_names_format: {
    type: 'validation_error',
    status: 400,
    param: 'order_names',
    hint: 'The order name list has an empty element (check for doubled or trailing commas).',
  },
  invalid_cursor_format: {
    type: 'validation_error',
    status: 400,
    param: 'cursor',
    hint: 'The page cursor is invalid or has expired. Start again from the first page.',
  },
  invalid_limit: {
    type: 'validation_error',
    status: 400,
    param: 'limit',
    hint: 'Page size must be a whole number from 1 to 100.',
    isExtension: true,
  },
  missing_items_array: {
    type: 'validation_error',
    status: 400,
    param: 'items',
    hint: 'The review request has no items array.',
  },
  missing_items: {
    type: 'validation_error',
    status: 400,
    param: 'items',
    hint: 'Every pending item must be decided in one review.',
  },
  invalid_action: {
    type: 'validation_error',
    status: 400,
    param: 'items[].action',
    hint: 'Each item needs an action: approve, reject or keep_item.',
  },
  invalid_item_type: {
    type: 'validation_error',
    status: 400,
    param: 'items[].type',
    hint: 'Each item type must be refund or exchange.',
  },
  item_not_found: {
    type: 'validation_error',
    status: 400,
    param: 'items[].id',
    hint: 'This item is not a pending item of the order (it may have been decided meanwhile).',
  },
  keep_item_not_allowed: {
    type: 'validation_error',
    status: 400,
    param: 'items[].action',
    hint: 'This shop does not have the keep item feature. Approve or reject instead.',
  },
  missing_reject_reason: {
    type: 'validation_error',
    status: 400,
    param: 'items[].reject_reason',
    hint: 'A rejection needs a reason.',
  },
  return_order_not_found: {
    type: 'resource_error',
    status: 404,
    hint: 'The return order is no longer available.',
  },
  invalid_state_transition: {
    type: 'state_error',
    status: 422,
    hint: 'The order is not in the status this needs (pending to review, reviewed to receive): look at its status again; a pending order needs a review before it can be received, and one already received needs nothing.',
  },
  rate_limit_exceeded: {
    type: 'rate_limit_error',
    status: 429,
    hint: 'Too many requests; retrying after a pause.',
  },
  route_not_found: {
    type: 'resource_error',
    status: 404,
    hint: 'The service has no such route. Check the base URL and the review/receive route templates.',
    isExtension: true,
  },
  body_too_large: {
    type: 'validation_error',
    status: 413,
    hint: 'The request body is larger than 1 MiB.',
    isExtension: true,
  },
  malformed_request: {
    type: 'validation_error',
    status: 400,
    hint: 'The HTTP request could not be parsed, or was ambiguous (two Authorization headers); 431 when its headers are too large.',
    isExtension: true,
  },
  request_timeout: {
    type: 'validation_error',
    status: 408,
    hint: 'The request did not arrive in time (its headers, its whole body, or a pause in its body); nothing was changed. Send it again.',
    isExtension: true,
  },
  internal_error: {
    type: 'api_error',
    status: 500,
    hint: 'The service failed internally; try again shortly.',
    isExtension: true,
  },
} as const satisfies Record<string, ErrorCodeInfo>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** True when `code` is one the project knows. */
export function isKnownErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERROR_CODES, code);
}

/** The human hint for a code, or undefined for an unknown code. */
export function errorHint(code: string): string | undefined {
  return isKnownErrorCode(code) ? ERROR_CODES[code].hint : undefined;
}
