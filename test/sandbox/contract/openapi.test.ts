/**
 * GET /openapi.json: an OpenAPI 3.1 document of the interface as the sandbox
 * implements it — the three routes, the list parameters and the ReturnOrder fields.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';
import { KEYS } from '../../helpers/fixture.js';
import { send } from '../../helpers/contract-http.js';
import { RETURN_ORDER_STATUSES } from '../../../src/api/schemas.js';

type Json = Record<string, unknown>;
let sb: TestSandbox;
let doc: Json;

beforeAll(async () => {
  sb = await startTestSandbox();
  const res = await send(sb.url, '/openapi.json', { auth: KEYS.north });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type') ?? '').toMatch(/json/);
  doc = res.json as Json;
});
afterAll(async () => {
  await sb?.close();
});

/** Follows local `$ref`s (`#/components/schemas/X`). */
function resolve(node: unknown): Json {
  let n = node as Json;
  for (let i = 0; i < 10 && typeof n?.$ref === 'string'; i++) {
    n = (n.$ref as string).replace(/^#\//, '').split('/').reduce<unknown>((acc, part) => (acc as Json)?.[part], doc) as Json;
  }
  return n;
}

/** The path item for a route, whether keys include the /public-api/v1 base or not. */
function pathItem(route: string): Json {
  const paths = doc.paths as Json;
  const key = Object.keys(paths).find((k) => k === route || k === `/public-api/v1${route}` || k.replace(/\{[^}]+\}/g, '{id}') === route
    || k.replace(/\{[^}]+\}/g, '{id}') === `/public-api/v1${route}`);
  expect(key, `path ${route} in ${Object.keys(paths).join(', ')}`).toBeDefined();
  return paths[key!] as Json;
}

describe('openapi.json', () => {
  it('is an OpenAPI 3.1 document with info', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
  });

  it('has the list, review and receive operations', () => {
    expect(pathItem('/return_orders')).toHaveProperty('get');
    expect(pathItem('/return_orders/{id}/review')).toHaveProperty('post');
    expect(pathItem('/return_orders/{id}/receive')).toHaveProperty('post');
  });

  it('documents every list parameter', () => {
    const op = pathItem('/return_orders').get as Json;
    const names = (op.parameters as unknown[]).map((p) => resolve(p).name);
    expect(names).toEqual(expect.arrayContaining(['limit', 'cursor', 'submitted_at_min', 'submitted_at_max', 'statuses', 'ids', 'order_names']));
  });

  it('describes the ReturnOrder with all its interface fields and the 12 statuses', () => {
    const schemas = ((doc.components as Json)?.schemas ?? {}) as Record<string, Json>;
    const fields = ['id', 'cust_email', 'cust_first_name', 'cust_last_name', 'status', 'currency', 'order_id', 'order_name', 'submitted_at'];
    const order = Object.values(schemas).map(resolve).find((s) => {
      const props = (s.properties ?? {}) as Json;
      return fields.every((f) => f in props);
    });
    expect(order, `a component schema with ${fields.join(', ')}`).toBeDefined();
    const props = order!.properties as Json;
    expect(resolve(props.id).type).toBe('integer');
    const status = resolve(props.status);
    expect([...(status.enum as string[])].sort()).toEqual([...RETURN_ORDER_STATUSES].sort());
    expect(props).toHaveProperty('refunds');
    expect(props).toHaveProperty('exchanges');
  });

  it('describes the error envelope', () => {
    const text = JSON.stringify(doc);
    for (const word of ['"error"', '"type"', '"code"', '"message"', '"param"', '"has_more"', '"next_cursor"']) expect(text).toContain(word);
  });
});
