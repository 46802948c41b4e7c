/**
 * The sandbox behaves as it says: for generated list parameters and
 * review bodies, what the served OpenAPI document accepts (checked by openapi-backend with
 * Ajv and ajv-formats) is what the real sandbox accepts, and what it refuses the sandbox
 * answers with a 400 of the codes the document names for it.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETURN_ORDER_STATUSES } from '../../../src/api/schemas.js';
import { KEYS } from '../../helpers/fixture.js';
import { loadContract, type Contract } from '../../helpers/openapi-contract.js';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';

let sb: TestSandbox;
let contract: Contract;
beforeAll(async () => {
  sb = await startTestSandbox();
  contract = await loadContract(sb.url);
});
afterAll(() => sb?.close());

const RUNS = { numRuns: 150 };
const auth = { authorization: `Bearer ${KEYS.north}` };

async function listStatus(param: string, value: string): Promise<{ status: number; code?: string }> {
  const res = await fetch(`${sb.url}/return_orders?${new URLSearchParams({ [param]: value })}`, { headers: auth });
  const body = (await res.json()) as { error?: { code: string } };
  return { status: res.status, code: body.error?.code };
}

const pick = <T>(...xs: T[]) => fc.constantFrom(...xs);
const listOf = (element: fc.Arbitrary<string>) => fc.array(element, { minLength: 1, maxLength: 4 }).map((xs) => xs.join(','));

const digits = (n: number) => fc.stringMatching(new RegExp(`^[0-9]{${n}}$`));
const dateLike = fc
  .tuple(
    fc.oneof(pick('2026', '2024', '0000', '9999', '1900'), digits(4), digits(3)),
    fc.oneof(pick('01', '02', '12', '00', '13'), digits(2)),
    fc.oneof(pick('01', '28', '29', '30', '31', '00', '32'), digits(2)),
    pick('T', 't', ' ', ''),
    fc.oneof(pick('00', '23', '24'), digits(2)),
    fc.oneof(pick('00', '59', '60'), digits(2)),
    fc.oneof(pick('00', '59', '60'), digits(2)),
    pick('', '.5', '.123456789', '.1234567890', '.'),
    pick('Z', 'z', '', '+01:00', '-23:59', '+24:00', '+0100', '+01:60', '-00:00'),
  )
  .map(([y, mo, d, t, h, mi, s, frac, zone]) => `${y}-${mo}-${d}${t}${h}:${mi}:${s}${frac}${zone}`);

/**
 * The values per parameter. `limit` keeps to digit strings and words: a validator that
 * coerces query values as JavaScript numbers reads ' 5', '+5', '1e1' or '0100' as
 * integers, which D7 refuses ("plain digits", stated in the parameter's description).
 * `ids` reaches past 2^53-1 and 16 digits: the document's pattern is the parser's own.
 */
const PARAMS: Record<string, { readonly values: fc.Arbitrary<string>; readonly codes: readonly string[] }> = {
  limit: {
    values: fc.oneof(fc.integer({ min: -3, max: 103 }).map(String), pick('', 'abc', '1.5', '05', '007', '٥')),
    codes: ['invalid_limit'],
  },
  submitted_at_min: { values: fc.oneof({ weight: 5, arbitrary: dateLike }, fc.string({ maxLength: 30 })), codes: ['invalid_date_format'] },
  submitted_at_max: { values: dateLike, codes: ['invalid_date_format'] },
  statuses: {
    values: listOf(fc.oneof({ weight: 4, arbitrary: pick(...RETURN_ORDER_STATUSES) }, pick('', 'draft', 'cancelled', 'Pending', ' pending', 'x'))),
    codes: ['invalid_statuses_format', 'invalid_status_value'],
  },
  ids: {
    values: listOf(
      fc.oneof(
        fc.nat().map(String),
        pick('0', '00', '0001', '1.5', '-1', 'a', '', ' 1', '1 ', '123456789012345', '0000000000000000', '0000000000000001', '00000000000000001'),
        // Around the largest id, 2^53-1 = 9007199254740991: the document's pattern and the parser's bound.
        fc.bigInt({ min: 2n ** 53n - 3000n, max: 2n ** 53n + 3000n }).map(String),
        fc.bigInt({ min: 10n ** 15n, max: 10n ** 17n }).map(String),
      ),
    ),
    codes: ['invalid_ids_format'],
  },
  order_names: {
    values: listOf(fc.oneof(pick('', ' ', '#N1000', 'Order 7', ' #N1001 ', 'ü'), fc.string({ maxLength: 6 }))),
    codes: ['invalid_order_names_format'],
  },
};

describe('list parameters: the document and the sandbox agree', () => {
  it.each(Object.keys(PARAMS))('%s: valid by the document ⇔ 200; otherwise 400 with its codes', async (param) => {
    const { values, codes } = PARAMS[param]!;
    await fc.assert(fc.asyncProperty(values, async (value) => {
      const problems = contract.requestProblems({ method: 'GET', path: '/return_orders', query: { [param]: value }, headers: auth });
      const res = await listStatus(param, value);
      const label = `${param}=${JSON.stringify(value)}: ${problems.join('; ')}`;
      if (problems.length === 0) {
        expect(res.status, label).toBe(200);
      } else {
        expect(res.status, label).toBe(400);
        expect(codes, label).toContain(res.code);
      }
    }), RUNS);
  });
});

/** Order 1014 is pending with refund 70028 and exchange 70029; no generated body matches both. */
const element = fc.record(
  {
    id: fc.oneof(pick<unknown>(70028, 70029, 1.5, -1, '70028', null), fc.integer()),
    type: fc.oneof(pick<unknown>('refund', 'exchange'), pick<unknown>('gift', '', 'Refund', 7)),
    action: fc.oneof(pick('approve', 'reject', 'keep_item'), pick('maybe', '', 'APPROVE', null)),
    reject_reason: fc.oneof(pick('worn', '', '   ', '\u00a0', 'x y'), fc.anything()),
    note: fc.anything(),
  },
  { requiredKeys: [] },
);
const reviewBody = fc.oneof(
  { weight: 6, arbitrary: fc.record({ items: fc.array(element, { maxLength: 1 }), extra: fc.anything() }, { requiredKeys: ['items'] }) },
  fc.anything(),
);
const SHAPE_CODES = ['missing_items_array', 'invalid_item_type', 'invalid_action', 'missing_reject_reason'];

describe('review bodies: the document and the sandbox agree', () => {
  it('valid by the document ⇔ no shape error (only item_not_found or missing_items remain); otherwise a 400 shape error', async () => {
    await fc.assert(fc.asyncProperty(reviewBody, async (value) => {
      const wire = JSON.stringify(value);
      const body: unknown = wire === undefined ? undefined : JSON.parse(wire); // what the sandbox reads
      const problems = contract.requestProblems({
        method: 'POST', path: '/return_orders/1014/review', body, headers: { ...auth, 'content-type': 'application/json' },
      });
      const res = await fetch(`${sb.url}/return_orders/1014/review`, {
        method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: wire,
      });
      const { error } = (await res.json()) as { error: { code: string } };
      const label = `${JSON.stringify(body)} → ${error.code}: ${problems.join('; ')}`;
      expect(res.status, label).toBe(400);
      if (problems.length === 0) expect(['item_not_found', 'missing_items'], label).toContain(error.code);
      else expect([...SHAPE_CODES, 'item_not_found'], label).toContain(error.code);
    }), RUNS);
  });
});
