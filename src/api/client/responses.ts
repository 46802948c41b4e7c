/**
 * Turning raw HTTP answers into values or ApiErrors. Pure: no I/O. Every body is checked
 * against the shared zod schemas; a body that breaks them becomes a `schema` error naming
 * the field and the request id. Non-JSON bodies, empty bodies and HTML pages from proxies
 * get a message that says what arrived instead.
 */
import type * as z from '../zod.js';
import { errorBodySchema } from '../schemas.js';
import { ApiError, kindOf } from './errors.js';
import { boundServiceText } from './redact.js';

/** An HTTP answer with its body read as text. */
export interface RawResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly text: string;
  readonly requestId?: string;
}

/** The first value of a header. */
export function headerValue(raw: RawResponse, name: string): string | undefined {
  const value = raw.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

const withRequestId = (requestId: string | undefined) => (requestId ? ` [request id ${requestId}]` : '');

/** Says in words what a body that is not the expected JSON holds. */
export function describeBody(raw: RawResponse): string {
  const text = raw.text.trim();
  const contentType = headerValue(raw, 'content-type') ?? '';
  if (text === '') return 'an empty body';
  if (/html/i.test(contentType) || /^<(!doctype|html|head|body)/i.test(text)) {
    return 'an HTML page (often a proxy or gateway error page)';
  }
  return 'a body that is not JSON';
}

type JsonParse = { readonly ok: true; readonly value: unknown } | { readonly ok: false };

function parseJson(text: string): JsonParse {
  if (text.trim() === '') return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** A zod path as people write it: `data[3].refunds[0].status`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out === '' ? '(the whole body)' : out;
}

function schemaError(raw: RawResponse, message: string, field: string | undefined, secrets: readonly string[]): ApiError {
  return new ApiError({
    kind: 'schema',
    status: raw.status,
    code: 'invalid_response',
    message: `${message}${withRequestId(raw.requestId)}`,
    requestId: raw.requestId,
    field,
    secrets,
  });
}

/**
 * Parses a success body with `schema`; `what` names the expected thing in messages
 * ("a page of return orders"). Throws a `schema` ApiError when it does not fit.
 */
export function parseSuccessBody<S extends z.ZodMiniType>(
  raw: RawResponse,
  schema: S,
  what: string,
  secrets: readonly string[],
): z.infer<S> {
  const json = parseJson(raw.text);
  if (!json.ok) {
    throw schemaError(raw, `The service answered ${raw.status} with ${describeBody(raw)} where ${what} was expected.`, undefined, secrets);
  }
  const result = schema.safeParse(json.value);
  if (result.success) return result.data;
  const issues = result.error.issues;
  const first = issues[0]!;
  const field = formatPath(first.path);
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more problem${issues.length > 2 ? 's' : ''})` : '';
  throw schemaError(
    raw,
    `The service's answer is not ${what} as the interface defines it: ${field}: ${boundServiceText(first.message, 200)}${more}.`,
    field,
    secrets,
  );
}

/** Tries a success body against `schema` without failing (D2: a write's 200 may hold anything). */
export function tryParseBody<S extends z.ZodMiniType>(raw: RawResponse, schema: S): z.infer<S> | undefined {
  const json = parseJson(raw.text);
  if (!json.ok) return undefined;
  const result = schema.safeParse(json.value);
  return result.success ? result.data : undefined;
}

/**
 * The ApiError for a non-2xx answer: the interface's error object when the body holds one
 * (texts scrubbed of keys and capped; a terminal shows them through the one sanitizer), otherwise an `unexpected_response` error
 * whose kind follows the HTTP status and whose message says what arrived.
 */
export function errorFromResponse(raw: RawResponse, secrets: readonly string[]): ApiError {
  const json = parseJson(raw.text);
  const parsed = json.ok ? errorBodySchema.safeParse(json.value) : undefined;
  if (parsed?.success) {
    const { type, code, message, param } = parsed.data.error;
    return new ApiError({
      kind: kindOf(type, raw.status),
      status: raw.status,
      type: boundServiceText(type, 100),
      code: boundServiceText(code, 100),
      message: boundServiceText(message),
      param: param === undefined ? undefined : boundServiceText(param, 100),
      requestId: raw.requestId,
      secrets,
    });
  }
  const arrived = json.ok ? 'JSON without the interface\'s error object' : describeBody(raw);
  const redirect = raw.status >= 300 && raw.status < 400 ? ' (a redirect: check the base URL)' : '';
  return new ApiError({
    kind: kindOf(undefined, raw.status),
    status: raw.status,
    code: 'unexpected_response',
    message: `The service answered HTTP ${raw.status}${redirect} with ${arrived}.`,
    requestId: raw.requestId,
    secrets,
  });
}
