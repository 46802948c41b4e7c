import { describe, expect, it } from 'vitest';
import { checkApiKey } from '../../src/api/client/api-key.js';
import { ApiError, kindOf } from '../../src/api/client/errors.js';
import { describeBody, errorFromResponse, formatPath, parseSuccessBody } from '../../src/api/client/responses.js';
import { pageSchema } from '../../src/api/schemas.js';
import { KEYS } from '../helpers/fixture.js';

const raw = (status: number, text: string, headers: Record<string, string> = {}) => ({
  status, text, headers, requestId: 'req_123',
});

describe('ApiError', () => {
  it('carries every field, a hint and a JSON form', () => {
    const e = new ApiError({
      kind: 'validation', status: 400, type: 'validation_error', code: 'invalid_ids_format',
      message: 'ids bad', param: 'ids', requestId: 'req_1', retries: 2,
    });
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe('ApiError');
    expect(e.isRetried).toBe(true);
    expect(e.hint).toMatch(/positive whole numbers/);
    expect(JSON.parse(JSON.stringify(e))).toMatchObject({
      name: 'ApiError', kind: 'validation', status: 400, type: 'validation_error',
      code: 'invalid_ids_format', message: 'ids bad', param: 'ids', requestId: 'req_1', retries: 2,
    });
  });
  it('names client-side types after the kind', () => {
    const e = new ApiError({ kind: 'network', code: 'network_error', message: 'x' });
    expect(e.type).toBe('network_error');
    expect(e.isRetried).toBe(false);
    expect(e.hint).toMatch(/could not be reached/);
  });
  it('scrubs secrets from every field, the message and the stack', () => {
    const e = new ApiError({
      kind: 'authentication', code: `c ${KEYS.north}`, message: `key ${KEYS.north} refused`,
      param: KEYS.north, requestId: KEYS.north, secrets: [KEYS.north],
    });
    const dump = `${JSON.stringify(e)} ${e.stack} ${String(e)} ${e.param} ${e.requestId} ${e.code}`;
    expect(dump).not.toContain(KEYS.north);
    expect(dump).not.toContain(KEYS.north.slice(3, 40));
    expect(e.message).toContain(`sk_…${KEYS.north.slice(-4)}`);
  });
  it('keeps its fields when the retries are added', () => {
    const e = new ApiError({ kind: 'api', status: 500, type: 'api_error', code: 'internal_error', message: 'm', requestId: 'r' });
    const r = e.withRetries(3);
    expect(r).toMatchObject({ kind: 'api', status: 500, code: 'internal_error', message: 'm', requestId: 'r', retries: 3 });
  });
});

describe('kindOf', () => {
  it('maps the six interface types', () => {
    expect(kindOf('validation_error', 400)).toBe('validation');
    expect(kindOf('authentication_error', 401)).toBe('authentication');
    expect(kindOf('resource_error', 404)).toBe('resource');
    expect(kindOf('state_error', 422)).toBe('state');
    expect(kindOf('rate_limit_error', 429)).toBe('rate_limit');
    expect(kindOf('api_error', 500)).toBe('api');
  });
  it('falls back on the status for unknown types', () => {
    expect(kindOf('weird', 403)).toBe('authentication');
    // A type named like an Object member is unknown too (it once found Object's own).
    expect(kindOf('constructor', 422)).toBe('state');
    expect(kindOf('toString', 500)).toBe('api');
    expect(kindOf(undefined, 404)).toBe('resource');
    expect(kindOf(undefined, 429)).toBe('rate_limit');
    expect(kindOf(undefined, 418)).toBe('validation');
    expect(kindOf(undefined, 502)).toBe('api');
  });
});

describe('checkApiKey', () => {
  it('accepts a well-formed key', () => {
    expect(checkApiKey(KEYS.north)).toBeNull();
  });
  it.each([
    [undefined, 'api_key_missing', 'No API key'],
    ['', 'api_key_missing', 'No API key'],
    ['pk_' + 'a'.repeat(64), 'api_key_malformed', 'does not start with sk_'],
    ['sk_abc', 'api_key_malformed', '6 characters instead of 67'],
    ['sk_' + 'g'.repeat(64), 'api_key_malformed', 'other than hexadecimal'],
  ])('refuses %j with %s and never shows it', (key, code, why) => {
    const e = checkApiKey(key)!;
    expect(e.kind).toBe('config');
    expect(e.code).toBe(code);
    expect(e.message).toContain(why);
    if (key) expect(e.message).not.toContain(key);
    expect(e.message).not.toContain('sk_…');
  });
  it('names surrounding whitespace, showing only sk_… and the last 4', () => {
    const e = checkApiKey(`${KEYS.north}\n`)!;
    expect(e.code).toBe('api_key_whitespace');
    expect(e.message).toContain(`sk_…${KEYS.north.slice(-4)}`);
    expect(e.message).not.toContain(KEYS.north);
  });
});

describe('responses', () => {
  it('formats zod paths', () => {
    expect(formatPath(['data', 3, 'refunds', 0, 'status'])).toBe('data[3].refunds[0].status');
    expect(formatPath([])).toBe('(the whole body)');
  });
  it('describes bodies that are not JSON', () => {
    expect(describeBody(raw(502, ''))).toBe('an empty body');
    expect(describeBody(raw(502, '<html><body>Bad gateway</body></html>'))).toMatch(/HTML page/);
    expect(describeBody(raw(502, 'oops', { 'content-type': 'text/html' }))).toMatch(/HTML page/);
    expect(describeBody(raw(200, 'oops'))).toBe('a body that is not JSON');
  });
  it('reads the interface error object, its texts as sent (capped; shown through the terminal\'s sanitizer)', () => {
    const body = JSON.stringify({ error: { type: 'validation_error', code: 'invalid_ids_format', message: `bad \u001b[31mids${'x'.repeat(600)}`, param: 'ids' } });
    const e = errorFromResponse(raw(400, body), []);
    expect(e).toMatchObject({ kind: 'validation', status: 400, code: 'invalid_ids_format', message: `bad \u001b[31mids${'x'.repeat(488)}…`, param: 'ids', requestId: 'req_123' });
  });
  it('says what arrived when there is no error object', () => {
    const html = errorFromResponse(raw(502, '<!DOCTYPE html><html>gateway</html>'), []);
    expect(html).toMatchObject({ kind: 'api', status: 502, code: 'unexpected_response' });
    expect(html.message).toMatch(/HTTP 502 with an HTML page/);
    const json = errorFromResponse(raw(403, '{"message":"forbidden"}'), []);
    expect(json).toMatchObject({ kind: 'authentication', status: 403, code: 'unexpected_response' });
    expect(json.message).toMatch(/JSON without the interface's error object/);
    const redirect = errorFromResponse(raw(301, ''), []);
    expect(redirect.message).toMatch(/redirect: check the base URL/);
  });
  it('turns a body that breaks the schema into a schema error naming field and request id', () => {
    const body = JSON.stringify({ data: [{ id: 'x' }], has_more: false, next_cursor: null });
    let error: unknown;
    try {
      parseSuccessBody(raw(200, body), pageSchema, 'a page of return orders', []);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'schema', code: 'invalid_response', field: 'data[0].id', requestId: 'req_123' });
    expect((error as ApiError).message).toMatch(/data\[0\]\.id: .*\[request id req_123\]/);
    // zod's English messages (src/api/zod.ts registers them: zod's mini API has none of its own).
    expect((error as ApiError).message).toContain('data[0].id: Invalid input: expected number, received string');
  });
  it('keeps unknown fields', () => {
    const body = JSON.stringify({ data: [], has_more: false, next_cursor: null, extra: { a: 1 } });
    expect(parseSuccessBody(raw(200, body), pageSchema, 'a page', [])).toMatchObject({ extra: { a: 1 } });
  });
  it('refuses an empty or non-JSON success body clearly', () => {
    expect(() => parseSuccessBody(raw(200, ''), pageSchema, 'a page of return orders', [])).toThrow(/answered 200 with an empty body where a page of return orders was expected/);
    expect(() => parseSuccessBody(raw(200, '<html>'), pageSchema, 'a page', [])).toThrow(/HTML page/);
  });
});
