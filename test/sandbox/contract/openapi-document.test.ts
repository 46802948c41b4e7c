/**
 * The served OpenAPI document is valid OpenAPI 3.1 by an independent
 * validator (@seriousme/openapi-schema-validator, the specification's own JSON Schemas),
 * every schema in it compiles under Ajv's strict mode (no unknown keyword or format), and
 * it states the interface's rules in machine-checkable form.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsImport from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../../src/api/error-codes.js';
import { ERROR_TYPE_STATUS } from '../../../src/api/schemas.js';
import { EVERY_ROUTE_CODES, ROUTES } from '../../../src/sandbox/routes.js';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';

const addFormats = addFormatsImport as unknown as (ajv: Ajv2020) => Ajv2020;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the OpenAPI document, walked by path in the assertions
type Json = Record<string, any>;
let sb: TestSandbox;
let doc: Json;
let resolved: Json;

beforeAll(async () => {
  sb = await startTestSandbox();
  doc = (await (await fetch(`${sb.url}/openapi.json`)).json()) as Json;
});
afterAll(() => sb?.close());

/** Every operation of the document with its path and method. */
function operations(d: Json): { path: string; method: string; op: Json }[] {
  return Object.entries(d.paths as Json).flatMap(([path, item]) =>
    Object.entries(item as Json).map(([method, op]) => ({ path, method, op: op as Json })));
}

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1 by @seriousme/openapi-schema-validator', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    resolved = validator.resolveRefs() as Json;
  });

  it('has schemas that compile under Ajv strict mode (JSON Schema 2020-12 with formats)', () => {
    const ajv = addFormats(new Ajv2020({ strict: true, allErrors: true }));
    const schemas: unknown[] = [];
    for (const { op } of operations(resolved)) {
      for (const p of op.parameters ?? []) schemas.push(p.schema);
      for (const media of Object.values(op.requestBody?.content ?? {})) schemas.push((media as Json).schema);
      for (const res of Object.values(op.responses as Json)) {
        for (const media of Object.values((res as Json).content ?? {})) schemas.push((media as Json).schema);
        for (const header of Object.values((res as Json).headers ?? {})) schemas.push((header as Json).schema);
      }
    }
    expect(schemas.length).toBeGreaterThan(50);
    for (const schema of schemas) expect(() => ajv.compile(schema as object)).not.toThrow();
  });

  it('declares X-Request-Id on every response, Retry-After on every 429, and the error envelope on every error', () => {
    for (const { path, method, op } of operations(doc)) {
      for (const [status, res] of Object.entries(op.responses as Json)) {
        const label = `${method} ${path} ${status}`;
        expect(res.headers?.['X-Request-Id']?.required, label).toBe(true);
        expect(res.headers?.['Retry-After']?.required ?? false, label).toBe(status === '429');
        if (status !== '200') expect(res.content['application/json'].schema.properties.error, label).toBeDefined();
      }
    }
  });

  it('names every error type and code of the one code table, each code with its own type', () => {
    const variants = doc.components.schemas.Error.properties.error.anyOf as Json[];
    const pairs = variants.map((v) => [v.properties.code.const, v.properties.type.const]);
    expect(Object.fromEntries(pairs)).toEqual(Object.fromEntries(Object.entries(ERROR_CODES).map(([code, info]) => [code, info.type])));
    expect(new Set(pairs.map(([, type]) => type))).toEqual(new Set(Object.keys(ERROR_TYPE_STATUS)));
  });

  it('names every code of the one code table on every operation that can answer it: the pipeline\'s codes on all, each route\'s own on it', () => {
    const named = new Map<string, Set<string>>();
    for (const { op } of operations(doc)) {
      const codes = new Set<string>();
      for (const res of Object.values(op.responses as Json)) {
        const error = (res as Json).content?.['application/json']?.schema?.properties?.error;
        for (const v of (error?.anyOf ?? (error ? [error] : [])) as Json[]) codes.add(v.properties.code.const);
      }
      named.set(op.operationId, codes);
    }
    for (const route of ROUTES) expect([...named.get(route.operationId)!].sort(), route.name).toEqual([...new Set([...EVERY_ROUTE_CODES, ...route.codes])].sort());
    expect(new Set([...named.values()].flatMap((c) => [...c]))).toEqual(new Set(Object.keys(ERROR_CODES)));
  });

  it('states the ids pattern the parser uses (1 to 2^53-1, at most 16 digits)', () => {
    const pattern = new RegExp(doc.paths['/return_orders'].get.parameters.find((p: Json) => p.name === 'ids').schema.pattern, 'u');
    for (const ids of ['1', '0001', '9007199254740991', '1,9007199254740991', '0000000000000001']) expect(pattern.test(ids), ids).toBe(true);
    for (const ids of ['0', '9007199254740992', '9999999999999999', '00000000000000001', '1,,2', '1,0']) expect(pattern.test(ids), ids).toBe(false);
  });

  it('states the list rules: date-time formats, list patterns, limit bounds; order names may hold spaces', () => {
    const list = doc.paths['/return_orders'].get;
    const param = (name: string) => list.parameters.find((p: Json) => p.name === name);
    for (const name of ['submitted_at_min', 'submitted_at_max']) expect(param(name).schema).toMatchObject({ type: 'string', format: 'date-time' });
    for (const name of ['statuses', 'ids', 'order_names', 'cursor']) expect(typeof param(name).schema.pattern, name).toBe('string');
    expect(param('limit').schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 50 });
    expect(new RegExp(param('order_names').schema.pattern, 'u').test('Order 7,#N 1000')).toBe(true);
    expect(param('order_names').description).not.toMatch(/no spaces/i);
    expect(doc.components.schemas.ReturnOrder.properties.submitted_at).toMatchObject({ format: 'date-time' });
  });

  it('has a bearer security scheme required by every operation', () => {
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
    for (const { op } of operations(doc)) expect(op.security).toBeUndefined();
  });
});
