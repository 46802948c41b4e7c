/**
 * Route matching against the one route table (`../routes.ts`) under /public-api/v1 (D1).
 * A path that has the shape of an order route but an id that cannot exist (`abc`, `0`,
 * huge numbers) still matches: such an order is "not found", not an unknown route.
 */
import { API_BASE_PATH } from '../../api/schemas.js';
import { OPENAPI_DOCUMENT_PATH, ROUTES, type Route, type RouteName } from '../routes.js';

export type { RouteName };

/** What a handler learns of the matched route. */
export interface RouteMatch {
  readonly name: RouteName;
  /** The order id, or null when the path segment is no valid id (or the route has none). */
  readonly orderId: number | null;
}

/** A match with its entry of the route table. */
export interface MatchedRoute extends RouteMatch {
  readonly route: Route;
}

const ID_SEGMENT = '{id}';

interface CompiledRoute {
  readonly route: Route;
  readonly segments: readonly string[];
}

/** Routes without an `{id}`, by their full path: the list, the hot path, is one lookup. */
const STATIC = new Map<string, Route[]>();
for (const route of ROUTES) {
  if (route.path.includes(ID_SEGMENT)) continue;
  const full = `${API_BASE_PATH}${route.path}`;
  STATIC.set(full, [...(STATIC.get(full) ?? []), route]);
}

/** The routes by method, then by segment count; each path split once, at load. */
const BY_SHAPE = new Map<string, CompiledRoute[][]>();
for (const route of ROUTES) {
  const segments = route.path.slice(1).split('/');
  const byLength = BY_SHAPE.get(route.method) ?? [];
  (byLength[segments.length] ??= []).push({ route, segments });
  BY_SHAPE.set(route.method, byLength);
}

const OPENAPI_PATHS: ReadonlySet<string> = new Set([OPENAPI_DOCUMENT_PATH, `${API_BASE_PATH}${OPENAPI_DOCUMENT_PATH}`]);

/** True for the paths the OpenAPI document is served at (GET, no key). */
export function isOpenApiPath(path: string): boolean {
  return OPENAPI_PATHS.has(path);
}

function parseId(segment: string): number | null {
  if (!/^[1-9]\d{0,15}$/.test(segment)) return null;
  const n = Number(segment);
  return Number.isSafeInteger(n) ? n : null;
}

/** Matches method and path; null means route_not_found. Plain loops: it runs on every request. */
export function matchRoute(method: string, path: string): MatchedRoute | null {
  const exact = STATIC.get(path)?.find((r) => r.method === method);
  if (exact) return { name: exact.name, route: exact, orderId: null };
  if (!path.startsWith(API_BASE_PATH + '/')) return null;
  const segments = path.slice(API_BASE_PATH.length + 1).split('/');
  const candidates = BY_SHAPE.get(method)?.[segments.length];
  if (candidates === undefined) return null;
  for (const { route, segments: template } of candidates) {
    let idSegment: string | null = null;
    let i = 0;
    for (; i < template.length; i++) {
      const segment = segments[i]!;
      if (template[i] === ID_SEGMENT) {
        if (segment === '') break;
        idSegment = segment;
      } else if (template[i] !== segment) break;
    }
    if (i === template.length) return { name: route.name, route, orderId: idSegment === null ? null : parseId(idSegment) };
  }
  return null;
}

/**
 * Splits a request target into path and query, tolerating any malformed target. An
 * absolute-form target (`http://host/path`, RFC 9112 3.2.2) is reduced to its path.
 */
export function splitTarget(target: string | undefined): { path: string; search: URLSearchParams } {
  let raw = target ?? '/';
  const scheme = /^https?:\/\/[^/?#]*/i.exec(raw);
  if (scheme) raw = raw.slice(scheme[0].length) || '/';
  const q = raw.indexOf('?');
  const path = q === -1 ? raw : raw.slice(0, q);
  let search: URLSearchParams;
  try {
    search = new URLSearchParams(q === -1 ? '' : raw.slice(q + 1));
  } catch {
    search = new URLSearchParams();
  }
  return { path, search };
}
