import { describe, expect, it } from 'vitest';
import { DEFAULT_ROUTES } from '../../src/api/client-types.js';
import { parseBaseUrl, parseRoute, parseRoutes, routePath } from '../../src/api/client/routes.js';

describe('route templates', () => {
  it('parses the defaults', () => {
    const routes = parseRoutes(DEFAULT_ROUTES);
    expect(routes).toEqual({
      ok: true,
      review: { method: 'POST', path: '/return_orders/{id}/review' },
      receive: { method: 'POST', path: '/return_orders/{id}/receive' },
    });
  });
  it('accepts other methods and paths, case-insensitive method', () => {
    const r = parseRoute('receive', 'put /orders/{id}/state/received');
    expect(r).toEqual({ ok: true, route: { method: 'PUT', path: '/orders/{id}/state/received' } });
    if (r.ok) expect(routePath(r.route, 42)).toBe('/orders/42/state/received');
  });
  it.each([
    ['/return_orders/{id}/review', 'needs a method'],
    ['FETCH /return_orders/{id}/review', 'FETCH is not one of'],
    ['POST /return_orders/review', 'no {id} placeholder'],
    ['POST return_orders/{id}', 'needs a method'],
  ])('refuses %s with a message saying how to write it', (template, why) => {
    const r = parseRoute('review', template);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.message).toContain(why);
      expect(r.message).toContain('"METHOD /path/{id}"');
    }
  });
});

describe('parseBaseUrl', () => {
  it('splits origin and path prefix, dropping trailing slashes', () => {
    expect(parseBaseUrl('http://127.0.0.1:4010/public-api/v1/')).toEqual({
      ok: true,
      origin: 'http://127.0.0.1:4010',
      basePath: '/public-api/v1',
      host: '127.0.0.1:4010',
    });
  });
  it.each([
    ['not a url', 'is not a URL'],
    ['ftp://x/v1', 'http:// or https://'],
    ['https://user:pw@x.example/v1', 'user name or password'],
    ['https://x.example/v1?a=1', 'query'],
  ])('refuses %s', (url, why) => {
    const r = parseBaseUrl(url);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toContain(why);
  });
});
