/**
 * Authentication (section 5, D6 step 1): the header forms that give missing_api_key and
 * the key forms that give invalid_api_key, on every route, before any other rule.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';
import { KEYS } from '../../helpers/fixture.js';
import { expectError, expectPage, listOrders, receiveOrder, reviewOrder, type Auth } from '../../helpers/contract-http.js';

let sb: TestSandbox;

beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(async () => {
  await sb?.close();
});

const hex64 = KEYS.north.slice(3);

const missing: [string, Auth][] = [
  ['no Authorization header', null],
  ['an empty header', { header: '' }],
  ['a Basic scheme', { header: 'Basic dXNlcjpwYXNz' }],
  ['the key alone, no scheme', { header: KEYS.north }],
  ['"Bearer" with no space and no token', { header: 'Bearer' }],
  ['"Bearer" glued to the key', { header: `Bearer${KEYS.north}` }],
  ['lowercase "bearer"', { header: `bearer ${KEYS.north}` }],
  ['uppercase "BEARER"', { header: `BEARER ${KEYS.north}` }],
  ['a Token scheme', { header: `Token ${KEYS.north}` }],
];

const invalid: [string, Auth][] = [
  ['a wrong short key', 'nope'],
  ['a malformed key (63 hex)', `sk_${hex64.slice(1)}`],
  ['a malformed key (65 hex)', `${KEYS.north}0`],
  ['a key with non-hex characters', `sk_${'g'.repeat(64)}`],
  ['a key without the sk_ prefix', hex64],
  ['a 67-character key without the sk_ prefix', `pk_${hex64}`],
  ['an upper-case SK_ prefix', `SK_${hex64}`],
  ['the right key in upper-case hex', `sk_${hex64.toUpperCase()}`],
  ['an unknown well-formed key', KEYS.unknown],
  ['a revoked key', KEYS.northRevoked],
  ['two spaces after Bearer', { header: `Bearer  ${KEYS.north}` }],
  ['the key followed by more text', { header: `Bearer ${KEYS.north} ${KEYS.south}` }],
  ['two keys joined by a comma', { header: `Bearer ${KEYS.north},${KEYS.south}` }],
];

describe('missing_api_key (section 5 rule 6)', () => {
  it.each(missing)('%s → 401 missing_api_key', async (_name, auth) => {
    expectError(await listOrders(sb.url, auth), 'missing_api_key');
  });
});

describe('invalid_api_key (section 5 rules 5 and 7)', () => {
  it.each(invalid)('%s → 401 invalid_api_key', async (_name, auth) => {
    expectError(await listOrders(sb.url, auth), 'invalid_api_key');
  });
});

describe('valid keys', () => {
  it('each shop key lists its own orders', async () => {
    const north = expectPage(await listOrders(sb.url, KEYS.north));
    const south = expectPage(await listOrders(sb.url, KEYS.south));
    expect(north.data.length).toBeGreaterThan(0);
    expect(north.data.every((o) => o.id >= 1000 && o.id < 2000)).toBe(true);
    expect(south.data.every((o) => o.id >= 5000 && o.id < 6000)).toBe(true);
  });
});

describe('authentication comes first on every route (D6 step 1)', () => {
  it('list: a bad parameter without a key → 401, not 400', async () => {
    expectError(await listOrders(sb.url, null, { limit: '0', statuses: 'bogus' }), 'missing_api_key');
    expectError(await listOrders(sb.url, KEYS.unknown, { cursor: 'garbage' }), 'invalid_api_key');
  });

  it('review: a missing order and a bad body without a key → 401, not 404 or 400', async () => {
    expectError(await reviewOrder(sb.url, null, 999_999, '{not json'), 'missing_api_key');
    expectError(await reviewOrder(sb.url, KEYS.northRevoked, 1000, '{not json'), 'invalid_api_key');
    expectError(await reviewOrder(sb.url, { header: 'Bearer' }, 1000, {}), 'missing_api_key');
  });

  it('receive: a non-reviewed order with a revoked key → 401, not 422', async () => {
    expectError(await receiveOrder(sb.url, KEYS.northRevoked, 1000), 'invalid_api_key');
    expectError(await receiveOrder(sb.url, null, 1001), 'missing_api_key');
  });

  it('a revoked key changes nothing: the reviewed order can still be received by a valid key', async () => {
    expectError(await receiveOrder(sb.url, KEYS.northRevoked, 1001), 'invalid_api_key');
    const page = expectPage(await listOrders(sb.url, KEYS.north, { ids: '1001' }));
    expect(page.data[0]?.status).toBe('reviewed');
  });
});
