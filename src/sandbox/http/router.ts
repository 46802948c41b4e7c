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

/** Each route's path split into segments once, at load. */
const COMPILED = ROUTES.map((route) => ({ route, segments: route.path.slice(1).split('/') }));

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

/** Matches method and path; null means route_not_found. */
export function matchRoute(method: string, path: string): MatchedRoute | null {
  if (!path.startsWith(API_BASE_PATH + '/')) return null;
  const segments = path.slice(API_BASE_PATH.length + 1).split('/');
  for (const { route, segments: template } of COMPILED) {
    if (route.method !== method || template.length !== segments.length) continue;
    let idSegment: string | undefined;
    const isMatch = template.every((part, i) => {
      const segment = segments[i]!;
      if (part !== ID_SEGMENT) return part === segment;
      idSegment = segment;
      return segment !== '';
    });
    if (isMatch) return { name: route.name, route, orderId: idSegment === undefined ? null : parseId(idSegment) };
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
