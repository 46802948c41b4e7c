/**
 * Codes the client itself gives (failures the service never reports: configuration,
 * network, timeouts, broken responses, cancellation), with their human hints. The
 * service's codes and hints stay in src/api/error-codes.ts; `hintFor` reads both.
 */
import { errorHint } from '../error-codes.js';

/** What went wrong, as a discriminant that UI and CLI can switch on. */
export type ApiErrorKind =
  | 'authentication'
  | 'validation'
  | 'resource'
  | 'state'
  | 'rate_limit'
  | 'api'
  | 'network'
  | 'timeout'
  | 'schema'
  | 'aborted'
  | 'config';

export const CLIENT_ERROR_CODES = {
  api_key_missing: {
    kind: 'config',
    hint: 'Set an API key: RETURNS_API_KEY, or a profile in the config file (see `returns-console config`).',
  },
  api_key_malformed: {
    kind: 'config',
    hint: 'An API key is sk_ followed by 64 hexadecimal characters (67 in total). Copy it again from the retailer dashboard.',
  },
  api_key_whitespace: {
    kind: 'config',
    hint: 'Remove the spaces or line break around the API key (a key file should hold only the key).',
  },
  invalid_base_url: {
    kind: 'config',
    hint: 'The base URL must be an http(s) URL ending in the API version, e.g. http://127.0.0.1:4010/public-api/v1.',
  },
  invalid_route: {
    kind: 'config',
    hint: 'A route template is "METHOD /path/{id}", e.g. "POST /return_orders/{id}/receive".',
  },
  client_closed: {
    kind: 'config',
    hint: 'The client was closed; start the command or console again.',
  },
  invalid_argument: {
    kind: 'validation',
    hint: 'Check the value given to the command.',
  },
  network_error: {
    kind: 'network',
    hint: 'The service could not be reached. Check the base URL and your network, then try again.',
  },
  connect_timeout: {
    kind: 'timeout',
    hint: 'The service did not accept a connection in time. Check the base URL and your network.',
  },
  response_timeout: {
    kind: 'timeout',
    hint: 'The service did not answer in time. Try again; raise the timeouts in the profile if it is slow.',
  },
  body_timeout: {
    kind: 'timeout',
    hint: 'The service stopped sending its answer. Try again.',
  },
  deadline_exceeded: {
    kind: 'timeout',
    hint: 'The service took longer than the deadline for one answer (timeouts.total_seconds of the profile). Try again later; raise the deadline if the service is slow.',
  },
  too_many_pages: {
    kind: 'schema',
    hint: 'Narrow the filters (--status, --from, --to), or raise the page cap with --max-pages if that many orders really match.',
  },
  invalid_response: {
    kind: 'schema',
    hint: 'The service answered with data that does not match the interface. Report it with the request id.',
  },
  unexpected_response: {
    kind: 'api',
    hint: 'The service (or a proxy in front of it) answered with something other than the interface\'s error object. Check the base URL.',
  },
  unexpected_error: {
    kind: 'api',
    hint: 'Something unexpected went wrong in this operation. Try again; report it if it persists.',
  },
  aborted: {
    kind: 'aborted',
    hint: 'The request was cancelled.',
  },
  activity_log_unwritable: {
    kind: 'api',
    hint: 'Free some space on the disk of the state directory (or make it writable), then send it again; nothing was sent.',
  },
} as const satisfies Record<string, { kind: ApiErrorKind; hint: string }>;

export type ClientErrorCode = keyof typeof CLIENT_ERROR_CODES;

/** The human hint for any code, the service's or the client's; undefined when unknown. */
export function hintFor(code: string): string | undefined {
  if (Object.hasOwn(CLIENT_ERROR_CODES, code)) return CLIENT_ERROR_CODES[code as ClientErrorCode].hint;
  return errorHint(code);
}
