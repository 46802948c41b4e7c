/**
 * Route matching for the interface under /public-api/v1 (D1, D2, D3). A path that has
 * the shape of an order route but an id that cannot exist (`abc`, `0`, huge numbers)
 * still matches: such an order is "not found", not an unknown route.
 */
import { API_BASE_PATH } from '../../api/schemas.js';

export type RouteName = 'list' | 'get' | 'review' | 'receive';

export interface RouteMatch {
  readonly name: RouteName;
  /** The order id, or null when the path segment is no valid id. */
  readonly orderId: number | null;
}

const ORDERS = `${API_BASE_PATH}/return_orders`;

/** Paths of the OpenAPI document (GET, no authentication). */
export const OPENAPI_PATHS: ReadonlySet<string> = new Set(['/openapi.json', `${API_BASE_PATH}/openapi.json`]);

function parseId(segment: string): number | null {
  if (!/^[1-9]\d{0,15}$/.test(segment)) return null;
  const n = Number(segment);
  return Number.isSafeInteger(n) ? n : null;
}

/** Matches method and path; null means route_not_found. */
export function matchRoute(method: string, path: string): RouteMatch | null {
  if (path === ORDERS) return method === 'GET' ? { name: 'list', orderId: null } : null;
  if (!path.startsWith(ORDERS + '/')) return null;
  const rest = path.slice(ORDERS.length + 1).split('/');
  const [segment, action, ...extra] = rest;
  if (!segment || extra.length > 0) return null;
  const orderId = parseId(segment);
  if (action === undefined) return method === 'GET' ? { name: 'get', orderId } : null;
  if ((action === 'review' || action === 'receive') && method === 'POST') return { name: action, orderId };
  return null;
}

/** Splits a request target into path and query, tolerating any malformed target. */
export function splitTarget(target: string | undefined): { path: string; search: URLSearchParams } {
  const raw = target ?? '/';
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
