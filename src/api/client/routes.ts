/**
 * Route templates for review and receive ("METHOD /path/{id}", D2) and URL building
 * relative to the base URL (D1: paths are appended to it). Pure.
 */
import type { RouteTemplates } from '../client-types.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Route {
  readonly method: HttpMethod;
  /** Path relative to the base URL, containing `{id}`. */
  readonly path: string;
}

export type RouteParse = { readonly ok: true; readonly route: Route } | { readonly ok: false; readonly message: string };

const METHODS: ReadonlySet<string> = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/** Parses "POST /return_orders/{id}/review"; the path must start with / and hold {id}. */
export function parseRoute(name: string, template: string): RouteParse {
  const m = /^\s*([A-Za-z]+)\s+(\/\S*)\s*$/.exec(template);
  const fail = (why: string): RouteParse => ({
    ok: false,
    message: `The ${name} route ${JSON.stringify(template)} is not valid: ${why}. Write it as "METHOD /path/{id}", e.g. "POST /return_orders/{id}/${name}".`,
  });
  if (!m) return fail('it needs a method, a space and a path starting with /');
  const method = m[1]!.toUpperCase();
  const path = m[2]!;
  if (!METHODS.has(method)) return fail(`${method} is not one of GET, POST, PUT, PATCH, DELETE`);
  if (!path.includes('{id}')) return fail('the path has no {id} placeholder');
  return { ok: true, route: { method: method as HttpMethod, path } };
}

/** Parses both templates; the first bad one is reported. */
export function parseRoutes(templates: RouteTemplates): { ok: true; review: Route; receive: Route } | { ok: false; message: string } {
  const review = parseRoute('review', templates.review);
  if (!review.ok) return review;
  const receive = parseRoute('receive', templates.receive);
  if (!receive.ok) return receive;
  return { ok: true, review: review.route, receive: receive.route };
}

/** The path of a route for one order id (the id is URL-encoded). */
export function routePath(route: Route, id: number): string {
  return route.path.split('{id}').join(encodeURIComponent(String(id)));
}

export type BaseUrlParse =
  | { readonly ok: true; readonly origin: string; readonly basePath: string; readonly host: string }
  | { readonly ok: false; readonly message: string };

/**
 * Splits a base URL into the origin (one connection pool per origin) and the path prefix
 * that every request path is appended to. Credentials in the URL are refused: they would
 * end up in logs.
 */
export function parseBaseUrl(baseUrl: string): BaseUrlParse {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return { ok: false, message: `The base URL ${JSON.stringify(baseUrl.slice(0, 200))} is not a URL.` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, message: `The base URL must start with http:// or https:// (got ${url.protocol}).` };
  }
  if (url.username || url.password) {
    return { ok: false, message: 'The base URL must not contain a user name or password; the API key is configured separately.' };
  }
  if (url.search || url.hash) {
    return { ok: false, message: 'The base URL must not contain a query (?…) or fragment (#…).' };
  }
  return { ok: true, origin: url.origin, basePath: url.pathname.replace(/\/+$/, ''), host: url.host };
}
