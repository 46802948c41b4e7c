/**
 * List request checks: the shared D7 parsers (src/api/list-params.ts) plus the D8
 * cursor check at its place in D7's order. Produces the engine's ListPlan.
 */
import { parseListQuery, type ListFilters, type ParamError, type RawListQuery } from '../../api/list-params.js';
import { filterHash, signCursor, verifyCursor } from '../cursor.js';
import type { ListPlan } from '../db/list-orders.js';
import { ApiError } from '../errors.js';
import { LIST_QUERY } from '../openapi-params.js';

/** The parameters the route table documents for the list (D7's order). */
const PARAMS = LIST_QUERY.map((p) => p.name) as readonly (keyof RawListQuery)[];

/** The known parameters of a query string (first occurrence wins; others are ignored). */
export function readListQuery(search: URLSearchParams): RawListQuery {
  const raw: Record<string, string> = {};
  for (const name of PARAMS) {
    const value = search.get(name);
    if (value !== null) raw[name] = value;
  }
  return raw;
}

export interface CursorContext {
  readonly shopId: string;
  readonly secret: Buffer;
  readonly now: number;
}

export interface CheckedList {
  readonly plan: ListPlan;
  readonly filterHash: string;
}

const CURSOR_ERROR: ParamError = {
  code: 'invalid_cursor_format',
  param: 'cursor',
  message:
    'cursor is invalid, altered, expired, or was issued for other filters; use the exact next_cursor of a previous response or start again from the first page.',
};

const floorDiv = (a: bigint, b: bigint) => (a >= 0n ? a / b : -((-a + b - 1n) / b));
const ceilDiv = (a: bigint, b: bigint) => -floorDiv(-a, b);
const NS = 1_000_000_000n;

/** Checks a list query for a shop; throws ApiError with the first failure in D7 order. */
export function checkListQuery(raw: RawListQuery, shopPk: number, ctx: CursorContext): CheckedList {
  let beforeId: number | null = null;
  // The cursor check and the next cursor bind the same filters: hashed once.
  let hashed: { readonly filters: ListFilters; readonly hash: string } | undefined;
  const hashOf = (filters: ListFilters) =>
    (hashed?.filters === filters ? hashed : (hashed = { filters, hash: filterHash(filters) })).hash;
  const parsed = parseListQuery(raw, (cursor, filters) => {
    const check = verifyCursor(cursor, ctx.secret, {
      shop: ctx.shopId,
      filterHash: filters ? hashOf(filters) : null,
      now: ctx.now,
    });
    if (!check.ok) return CURSOR_ERROR;
    beforeId = check.payload.lastId;
    return null;
  });
  if (!parsed.ok) throw new ApiError(parsed.error.code, parsed.error.message, parsed.error.param);
  const q = parsed.value;
  const clamp = (n: bigint) => Number(n < -(10n ** 15n) ? -(10n ** 15n) : n > 10n ** 15n ? 10n ** 15n : n);
  return {
    filterHash: hashOf(q.filters),
    plan: {
      shopPk,
      limit: q.limit,
      beforeId,
      statuses: q.filters.statuses,
      ids: q.filters.ids,
      orderNames: q.filters.orderNames,
      // Stored times are whole seconds; inclusive bounds on instants become these.
      minS: q.minNanos === undefined ? null : clamp(ceilDiv(q.minNanos, NS)),
      maxS: q.maxNanos === undefined ? null : clamp(floorDiv(q.maxNanos, NS)),
    },
  };
}

/** The next_cursor after a page whose last id is `lastId`. */
export function nextCursor(
  lastId: number,
  hash: string,
  ctx: CursorContext & { readonly ttlSeconds: number },
): string {
  return signCursor({ shop: ctx.shopId, lastId, filterHash: hash, expiresAt: ctx.now + ctx.ttlSeconds * 1000 }, ctx.secret);
}
