/**
 * Review validation (section 4, D6): each rule, and its precedence proven by requests
 * that break two rules at once. No request here succeeds, so nothing may change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';
import { KEYS, makeFixture } from '../../helpers/fixture.js';
import { expectError, expectPage, listOrders, normalizedError, reviewOrder, type SpecCode } from '../../helpers/contract-http.js';
import { extraOrder } from '../../helpers/contract-oracle.js';

const fixture = makeFixture(28);
const multi = extraOrder(3001, 'shop_north', 'pending', ['pending', 'pending'], ['pending']);
const partly = extraOrder(3002, 'shop_north', 'pending', ['approved', 'pending'], ['pending']);
const southOrder = extraOrder(6001, 'shop_south', 'pending', ['pending'], ['pending']);
const southReviewed = extraOrder(6002, 'shop_south', 'reviewed', ['approved'], ['approved']);
fixture.return_orders.push(multi, partly, southOrder, southReviewed);

const [R1, R2] = multi.refunds.map((i) => i.id) as [number, number];
const E1 = multi.exchanges[0]!.id;
const valid = () => [
  { id: R1, type: 'refund', action: 'approve' } as Record<string, unknown>,
  { id: R2, type: 'refund', action: 'approve' } as Record<string, unknown>,
  { id: E1, type: 'exchange', action: 'approve' } as Record<string, unknown>,
];
/** `valid()` with element `i` replaced by (or merged with) `patch`. */
const withElement = (i: number, patch: unknown, merge = true) =>
  valid().map((el, j) => (j === i ? (merge && typeof patch === 'object' && patch ? { ...el, ...patch } : patch) : el));

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox({ fixture });
});
afterAll(async () => {
  await sb?.close();
});

const review = (id: number, body: unknown, key: string = KEYS.north) => reviewOrder(sb.url, key, id, body);

async function expectReviewError(id: number, body: unknown, code: SpecCode, namedId?: number, key?: string) {
  const err = expectError(await review(id, body, key), code);
  if (namedId !== undefined) expect(err.error.message, `message of ${code} names item ${namedId}`).toContain(String(namedId));
}

describe('step 2: 404 return_order_not_found before any body rule', () => {
  it.each([
    ['a nonexistent order', 1999, KEYS.north],
    ['another shop\'s pending order', 5000, KEYS.north],
    ['a draft order', 1012, KEYS.north],
    ['a cancelled order', 1013, KEYS.north],
    ['the north order through the south key', 1000, KEYS.south],
  ])('%s with a malformed body → 404', async (_name, id, key) => {
    expectError(await review(id, '{not json', key), 'return_order_not_found');
  });

  it('missing, foreign, draft and cancelled give the same body apart from request id and the id asked for', async () => {
    const bodies = [];
    for (const id of [1999, 5000, 1012, 1013, 5012]) {
      bodies.push(normalizedError(await review(id, { items: valid() }), [id]));
    }
    expect(new Set(bodies).size).toBe(1);
  });
});

describe('step 3: missing_items_array (param items)', () => {
  it.each(['{not json', '', '[]', 'null', '"items"', '42', '{}', '{"items":{}}', '{"items":"x"}', '{"items":null}',
    '{"Items":[]}', '{"items":[}', '[{"items":[]}]'])('body %j → missing_items_array', async (body) => {
    await expectReviewError(3001, body, 'missing_items_array');
  });

  it('no body at all → missing_items_array', async () => {
    await expectReviewError(3001, undefined, 'missing_items_array');
  });

  it('precedes the state rule: a reviewed order with a malformed body → 400, not 422', async () => {
    await expectReviewError(1001, '{not json', 'missing_items_array');
  });
});

describe('step 4: element rules, element by element (type, action, reject_reason)', () => {
  it.each([
    ['type "credit"', { type: 'credit' }, 'invalid_item_type'],
    ['type "Refund"', { type: 'Refund' }, 'invalid_item_type'],
    ['type missing', { type: undefined }, 'invalid_item_type'],
    ['type a number', { type: 1 }, 'invalid_item_type'],
    ['action "refund"', { action: 'refund' }, 'invalid_action'],
    ['action "APPROVE"', { action: 'APPROVE' }, 'invalid_action'],
    ['action "keep"', { action: 'keep' }, 'invalid_action'],
    ['action missing', { action: undefined }, 'invalid_action'],
    ['action null', { action: null }, 'invalid_action'],
    ['reject without reason', { action: 'reject' }, 'missing_reject_reason'],
    ['reject with null reason', { action: 'reject', reject_reason: null }, 'missing_reject_reason'],
    ['reject with an empty reason', { action: 'reject', reject_reason: '' }, 'missing_reject_reason'],
    ['reject with a blank reason', { action: 'reject', reject_reason: '  \t ' }, 'missing_reject_reason'],
    ['reject with a numeric reason', { action: 'reject', reject_reason: 42 }, 'missing_reject_reason'],
  ] as const)('%s → %s, message names the item', async (_name, patch, code) => {
    await expectReviewError(3001, { items: withElement(1, patch) }, code, R2);
  });

  it('an element that is not an object → invalid_item_type', async () => {
    await expectReviewError(3001, { items: withElement(0, null, false) }, 'invalid_item_type');
    await expectReviewError(3001, { items: withElement(0, 'refund', false) }, 'invalid_item_type');
  });

  it('within one element, type is checked before action', async () => {
    await expectReviewError(3001, { items: withElement(0, { type: 'x', action: 'y' }) }, 'invalid_item_type', R1);
  });

  it('within one element, action is checked before reject_reason', async () => {
    await expectReviewError(3001, { items: withElement(0, { action: 'rejected' }) }, 'invalid_action', R1);
  });

  it('the first faulty element decides: a bad action before a bad type', async () => {
    const items = valid();
    items[0] = { ...items[0], action: 'nope' };
    items[2] = { ...items[2], type: 'nope' };
    await expectReviewError(3001, { items }, 'invalid_action', R1);
  });

  it('the first faulty element decides: a missing reason before a bad type', async () => {
    const items = valid();
    items[1] = { ...items[1], action: 'reject' };
    items[2] = { ...items[2], type: 'nope' };
    await expectReviewError(3001, { items }, 'missing_reject_reason', R2);
  });

  it('precede the state rule: on a reviewed order a bad element → 400, not 422', async () => {
    const items = [{ id: 70002, type: 'refund', action: 'approve' }, { id: 70003, type: 'voucher', action: 'approve' }];
    await expectReviewError(1001, { items }, 'invalid_item_type', 70003);
    await expectReviewError(1001, { items: [{ id: 70002, type: 'refund', action: 'reject' }] }, 'missing_reject_reason', 70002);
  });

  it('precede item matching: an unknown item with a bad action → invalid_action', async () => {
    await expectReviewError(3001, { items: [{ id: 424242, type: 'refund', action: 'destroy' }] }, 'invalid_action', 424242);
  });
});

describe('step 5: 422 invalid_state_transition for a non-pending order', () => {
  const nonPending = fixture.return_orders.filter((o) => o.shop_id === 'shop_north' && o.id < 1014 && !['pending', 'draft', 'cancelled'].includes(o.status));

  it.each(nonPending.map((o) => [o.status, o.id]))('a %s order (%i) → 422', async (_status, id) => {
    const order = fixture.return_orders.find((o) => o.id === id)!;
    const items = [{ id: order.refunds[0]!.id, type: 'refund', action: 'approve' }, { id: order.exchanges[0]!.id, type: 'exchange', action: 'approve' }];
    expectError(await review(id, { items }), 'invalid_state_transition');
  });

  it('precedes item matching, missing items and keep_item: unknown items or keep_item on a reviewed order → 422', async () => {
    expectError(await review(1001, { items: [{ id: 424242, type: 'refund', action: 'approve' }] }), 'invalid_state_transition');
    expectError(await review(1001, { items: [] }), 'invalid_state_transition');
    expectError(await review(6002, { items: [{ id: southReviewed.refunds[0]!.id, type: 'refund', action: 'keep_item' }] }, KEYS.south), 'invalid_state_transition');
  });
});

describe('step 6: item_not_found (param items[].id)', () => {
  it('an id of another order of the same shop', async () => {
    await expectReviewError(3001, { items: [...valid(), { id: 70000, type: 'refund', action: 'approve' }] }, 'item_not_found', 70000);
  });

  it('the right id with the wrong type', async () => {
    await expectReviewError(3001, { items: withElement(2, { type: 'refund' }) }, 'item_not_found', E1);
  });

  it('an item of the order that is no longer pending', async () => {
    const [decided, open] = partly.refunds.map((i) => i.id) as [number, number];
    const items = [{ id: decided, type: 'refund', action: 'approve' }, { id: open, type: 'refund', action: 'approve' },
      { id: partly.exchanges[0]!.id, type: 'exchange', action: 'approve' }];
    await expectReviewError(3002, { items }, 'item_not_found', decided);
  });

  it('a pending item repeated', async () => {
    await expectReviewError(3001, { items: [...valid(), { id: R2, type: 'refund', action: 'reject', reject_reason: 'x' }] }, 'item_not_found', R2);
  });

  it('an id given as a string', async () => {
    await expectReviewError(3001, { items: withElement(0, { id: String(R1) }) }, 'item_not_found');
  });

  it('precedes missing_items: one unknown item alone → item_not_found', async () => {
    await expectReviewError(3001, { items: [{ id: 424242, type: 'exchange', action: 'approve' }] }, 'item_not_found', 424242);
  });

  it('precedes keep_item_not_allowed (south)', async () => {
    const items = [{ id: southOrder.refunds[0]!.id, type: 'refund', action: 'keep_item' }, { id: 424242, type: 'exchange', action: 'approve' }];
    await expectReviewError(6001, { items }, 'item_not_found', 424242, KEYS.south);
  });

  it('another shop\'s item id is answered exactly like a nonexistent one', async () => {
    const foreign = await review(3001, { items: [...valid(), { id: 70056, type: 'refund', action: 'approve' }] });
    const missing = await review(3001, { items: [...valid(), { id: 99999, type: 'refund', action: 'approve' }] });
    expectError(foreign, 'item_not_found');
    expect(normalizedError(foreign, [70056])).toBe(normalizedError(missing, [99999]));
  });
});

describe('step 7: missing_items (param items)', () => {
  it('a pending item left out → missing_items naming it', async () => {
    await expectReviewError(3001, { items: valid().slice(0, 2) }, 'missing_items', E1);
    await expectReviewError(3001, { items: [] }, 'missing_items');
  });

  it('precedes keep_item_not_allowed (south)', async () => {
    await expectReviewError(6001, { items: [{ id: southOrder.refunds[0]!.id, type: 'refund', action: 'keep_item' }] },
      'missing_items', southOrder.exchanges[0]!.id, KEYS.south);
  });
});

describe('step 8: keep_item_not_allowed (param items[].action)', () => {
  it('keep_item on a complete request from a shop without the feature', async () => {
    const items = [{ id: southOrder.refunds[0]!.id, type: 'refund', action: 'approve' }, { id: southOrder.exchanges[0]!.id, type: 'exchange', action: 'keep_item' }];
    await expectReviewError(6001, { items }, 'keep_item_not_allowed', southOrder.exchanges[0]!.id, KEYS.south);
  });
});

describe('a failed review writes nothing', () => {
  it('every order and item is as in the fixture after all the failures above', async () => {
    for (const [id, key] of [[3001, KEYS.north], [3002, KEYS.north], [1001, KEYS.north], [6001, KEYS.south], [6002, KEYS.south], [5000, KEYS.south]] as const) {
      const stored = fixture.return_orders.find((o) => o.id === id)!;
      const got = expectPage(await listOrders(sb.url, key, { ids: String(id) })).data[0]!;
      expect(got.status).toBe(stored.status);
      expect(got.refunds?.map((i) => [i.id, i.status])).toEqual(stored.refunds.map((i) => [i.id, i.status]));
      expect(got.exchanges?.map((i) => [i.id, i.status])).toEqual(stored.exchanges.map((i) => [i.id, i.status]));
    }
  });
});
