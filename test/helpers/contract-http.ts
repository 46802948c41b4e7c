/**
 * Plain-HTTP helpers for the sandbox contract tests: Node's global fetch against the real
 * server, plus the expected status/type/param of every code written down from the spec
 * (return-orders-api.md section 7, decisions D7 and D9) — deliberately NOT taken from
 * src/api/error-codes.ts, so the tests stay an independent oracle.
 */
import { expect } from 'vitest';
import { errorBodySchema, pageSchema, returnOrderSchema, type ErrorBody, type Page, type ReturnOrder } from '../../src/api/schemas.js';
import { KEYS } from './fixture.js';

/** Expected [HTTP status, type, param] per code, copied from the spec by hand. */
export const SPEC_CODES = {
  missing_api_key: [401, 'authentication_error', undefined],
  invalid_api_key: [401, 'authentication_error', undefined],
  invalid_date_format: [400, 'validation_error', 'submitted_at_min|submitted_at_max'],
  invalid_date_range: [400, 'validation_error', 'submitted_at_min'],
  invalid_status_value: [400, 'validation_error', 'statuses'],
  invalid_statuses_format: [400, 'validation_error', 'statuses'],
  invalid_ids_format: [400, 'validation_error', 'ids'],
  invalid_order_names_format: [400, 'validation_error', 'order_names'],
  invalid_cursor_format: [400, 'validation_error', 'cursor'],
  missing_items_array: [400, 'validation_error', 'items'],
  missing_items: [400, 'validation_error', 'items'],
  invalid_action: [400, 'validation_error', 'items[].action'],
  invalid_item_type: [400, 'validation_error', 'items[].type'],
  item_not_found: [400, 'validation_error', 'items[].id'],
  keep_item_not_allowed: [400, 'validation_error', 'items[].action'],
  missing_reject_reason: [400, 'validation_error', 'items[].reject_reason'],
  return_order_not_found: [404, 'resource_error', undefined],
  invalid_state_transition: [422, 'state_error', undefined],
  rate_limit_exceeded: [429, 'rate_limit_error', undefined],
  // D7 and D9 extensions.
  invalid_limit: [400, 'validation_error', 'limit'],
  route_not_found: [404, 'resource_error', undefined],
  body_too_large: [413, 'validation_error', undefined],
  internal_error: [500, 'api_error', undefined],
} as const satisfies Record<string, readonly [number, string, string | undefined]>;

export type SpecCode = keyof typeof SPEC_CODES;

/** A key string (sent as `Bearer <key>`), a raw header value, or no header at all. */
export type Auth = string | { readonly header: string } | null;

export type Query = Record<string, string> | URLSearchParams | string;

export interface ApiResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  /** Parsed JSON body, or undefined when the body is not JSON. */
  readonly json: unknown;
  readonly requestId: string;
}

export interface SendInit {
  readonly method?: string;
  readonly auth: Auth;
  readonly query?: Query;
  /** A string is sent verbatim; anything else is JSON-encoded; undefined sends no body. */
  readonly body?: unknown;
  readonly contentType?: string | null;
}

const SECRETS = Object.values(KEYS);

function queryString(query: Query | undefined): string {
  if (query === undefined) return '';
  if (typeof query === 'string') return query === '' ? '' : `?${query}`;
  const q = query instanceof URLSearchParams ? query : new URLSearchParams(query);
  const s = q.toString();
  return s === '' ? '' : `?${s}`;
}

/**
 * Sends one request and checks what holds for EVERY response of the sandbox: an
 * X-Request-Id header (D9) and no API key anywhere in the body.
 */
export async function send(base: string, path: string, init: SendInit, extraSecrets: readonly string[] = []): Promise<ApiResponse> {
  const headers: Record<string, string> = {};
  if (typeof init.auth === 'string') headers.authorization = `Bearer ${init.auth}`;
  else if (init.auth !== null) headers.authorization = init.auth.header;
  let body: string | undefined;
  if (init.body !== undefined) {
    body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
    if (init.contentType !== null) headers['content-type'] = init.contentType ?? 'application/json';
  }
  const res = await fetch(`${base}${path}${queryString(init.query)}`, { method: init.method ?? 'GET', headers, body });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const requestId = res.headers.get('x-request-id');
  expect(requestId, `X-Request-Id on ${init.method ?? 'GET'} ${path} (${res.status})`).toBeTruthy();
  for (const secret of [...SECRETS, ...extraSecrets]) {
    expect(text.includes(secret.slice(3)), 'response body echoes an API key').toBe(false);
  }
  return { status: res.status, headers: res.headers, text, json, requestId: requestId ?? '' };
}

/** GET {base}/return_orders. */
export function listOrders(base: string, auth: Auth, query?: Query): Promise<ApiResponse> {
  return send(base, '/return_orders', { auth, query });
}

/** POST {base}/return_orders/{id}/review (D2). */
export function reviewOrder(base: string, auth: Auth, id: number | string, body: unknown, contentType?: string | null): Promise<ApiResponse> {
  return send(base, `/return_orders/${id}/review`, { method: 'POST', auth, body, contentType });
}

/** POST {base}/return_orders/{id}/receive (D2); body none unless given. */
export function receiveOrder(base: string, auth: Auth, id: number | string, body?: unknown): Promise<ApiResponse> {
  return send(base, `/return_orders/${id}/receive`, { method: 'POST', auth, body });
}

/** Asserts the error envelope with the spec's status, type and param for `code`. */
export function expectError(res: ApiResponse, code: SpecCode, param?: string): ErrorBody {
  const [status, type, specParam] = SPEC_CODES[code];
  const parsed = errorBodySchema.safeParse(res.json);
  expect(parsed.success, `error envelope expected, got ${res.status} ${res.text.slice(0, 300)}`).toBe(true);
  const body = parsed.data!;
  expect({ status: res.status, type: body.error.type, code: body.error.code }).toEqual({ status, type, code });
  expect(body.error.message.length).toBeGreaterThan(0);
  if (param !== undefined) expect(body.error.param, `param of ${code}`).toBe(param);
  else if (specParam?.includes('|')) expect(specParam.split('|')).toContain(body.error.param);
  else expect(body.error.param, `param of ${code}`).toBe(specParam);
  expect(res.headers.get('content-type') ?? '').toMatch(/application\/json/);
  return body;
}

/** Asserts a 200 page envelope and returns it. */
export function expectPage(res: ApiResponse): Page {
  expect(res.status, res.text.slice(0, 300)).toBe(200);
  const parsed = pageSchema.safeParse(res.json);
  expect(parsed.success, parsed.error?.message).toBe(true);
  const page = parsed.data!;
  expect(page.next_cursor === null).toBe(!page.has_more);
  return page;
}

/** Asserts a 200 with a return order body (review/receive success, D2). */
export function expectOrder(res: ApiResponse): ReturnOrder {
  expect(res.status, res.text.slice(0, 300)).toBe(200);
  const parsed = returnOrderSchema.safeParse(res.json);
  expect(parsed.success, parsed.error?.message).toBe(true);
  return parsed.data!;
}

/** The ids of a page, in order. */
export const idsOf = (page: Page): number[] => page.data.map((o) => o.id);

/** Fetches one order through the list endpoint (D3), or undefined when not visible. */
export async function getOrder(base: string, key: string, id: number): Promise<ReturnOrder | undefined> {
  const page = expectPage(await listOrders(base, key, { ids: String(id) }));
  return page.data[0];
}

/** Walks all pages of a list query; `limits` cycles through page sizes. */
export async function walk(base: string, key: string, query: Record<string, string> = {}, limits: readonly number[] = [25],
  onPage?: (page: Page, index: number) => Promise<void> | void): Promise<number[]> {
  const ids: number[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 10_000; i++) {
    const q: Record<string, string> = { ...query, limit: String(limits[i % limits.length]) };
    if (cursor !== null) q.cursor = cursor;
    const page = expectPage(await listOrders(base, key, q));
    expect(page.data.length).toBeLessThanOrEqual(limits[i % limits.length]!);
    ids.push(...idsOf(page));
    await onPage?.(page, i);
    if (!page.has_more) return ids;
    cursor = page.next_cursor;
  }
  throw new Error('walk did not end');
}

/**
 * The body of an error with the parts that may legitimately differ between two requests
 * removed: the request id (wherever it is echoed) and the requested id in the message.
 */
export function normalizedError(res: ApiResponse, requestedIds: readonly (number | string)[] = []): string {
  let text = res.text.split(res.requestId).join('{request_id}');
  for (const id of requestedIds) text = text.split(String(id)).join('{id}');
  return `${res.status} ${text}`;
}
