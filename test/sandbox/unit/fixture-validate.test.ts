import { describe, expect, it } from 'vitest';
import { FixtureError, validateFixture } from '../../../src/sandbox/fixture/validate.js';
import { KEYS, makeFixture } from '../../helpers/fixture.js';

function refusal(mutate: (f: ReturnType<typeof makeFixture>) => unknown): string {
  const f = makeFixture(4);
  const result = mutate(f);
  try {
    validateFixture(result ?? f);
  } catch (error) {
    expect(error).toBeInstanceOf(FixtureError);
    return (error as Error).message;
  }
  throw new Error('fixture was accepted');
}

describe('fixture validation (D12)', () => {
  it('accepts the test fixture, draft and cancelled included', () => {
    const f = makeFixture();
    expect(f.return_orders.some((o) => o.status === 'draft')).toBe(true);
    expect(validateFixture(f).return_orders).toHaveLength(f.return_orders.length);
  });

  it('names a duplicate item id and where it was seen first', () => {
    const message = refusal((f) => {
      f.return_orders[3]!.refunds[0]!.id = f.return_orders[0]!.refunds[0]!.id;
    });
    expect(message).toBe('return_orders[3].refunds[0].id: duplicate item id 70000 (also return_orders[0].refunds[0])');
  });

  it('item ids are unique across refunds and exchanges too', () => {
    expect(refusal((f) => { f.return_orders[1]!.exchanges[0]!.id = f.return_orders[1]!.refunds[0]!.id; }))
      .toMatch(/^return_orders\[1\]\.exchanges\[0\]\.id: duplicate item id/);
  });

  it('names duplicate order ids, unknown shops and duplicate shops', () => {
    expect(refusal((f) => { f.return_orders[2]!.id = f.return_orders[0]!.id; })).toBe(
      'return_orders[2].id: duplicate return order id 1000 (also return_orders[0])',
    );
    expect(refusal((f) => { f.return_orders[1]!.shop_id = 'shop_nowhere'; })).toBe('return_orders[1].shop_id: unknown shop "shop_nowhere"');
    expect(refusal((f) => { f.api_keys[1]!.shop_id = 'shop_x'; })).toBe('api_keys[1].shop_id: unknown shop "shop_x"');
    expect(refusal((f) => { f.shops[1]!.id = 'shop_north'; })).toMatch(/^shops\[1\]\.id: duplicate shop id/);
  });

  it('refuses malformed keys and duplicate keys without echoing them', () => {
    const bad = refusal((f) => { f.api_keys[0]!.key = KEYS.north.slice(0, -1) + 'z'; });
    expect(bad).toMatch(/^api_keys\[0\]\.key: must be sk_ followed by 64 hexadecimal characters/);
    expect(bad).not.toContain(KEYS.north.slice(3, -1));
    const dup = refusal((f) => { f.api_keys[1]!.key = KEYS.north; });
    expect(dup).toBe('api_keys[1].key: duplicate key (same as api_keys[0])');
  });

  it('refuses wrong shapes with the path of the field', () => {
    expect(refusal((f) => { (f.return_orders[2] as unknown as Record<string, unknown>).status = 'lost'; })).toMatch(/^return_orders\[2\]\.status: /);
    expect(refusal((f) => { f.return_orders[0]!.submitted_at = '2026-02-30T00:00:00Z'; })).toBe(
      'return_orders[0].submitted_at: must be a real calendar date and time',
    );
    expect(refusal((f) => { f.return_orders[0]!.refunds[0]!.price = '12,50'; })).toMatch(/^return_orders\[0\]\.refunds\[0\]\.price: /);
    expect(refusal((f) => { (f.return_orders[0] as unknown as Record<string, unknown>).refund = []; })).toMatch(/^return_orders\[0\]: /);
    expect(refusal(() => [])).toMatch(/^\(document\): /);
  });

  it('only exchanges have exchange_for', () => {
    expect(refusal((f) => { f.return_orders[0]!.refunds[0]!.exchange_for = { title: 'x', sku: null }; })).toBe(
      'return_orders[0].refunds[0].exchange_for: only exchanges have exchange_for',
    );
  });
});
