/**
 * "Approve all" has one meaning (src/ops/review-plan.ts): every undecided pending item is
 * approved, decisions already made (a draft) are kept; the same for the order screen, the
 * list's bulk run and the CLI.
 */
import { describe, expect, it } from 'vitest';
import type { ReturnOrder } from '../../src/api/schemas.js';
import { planApproveAll } from '../../src/ops/review-plan.js';
import { initialOrderState, orderReducer, type OrderContext } from '../../src/ui/screens/order/order-state.js';
import { itemRefs, orderItems } from '../../src/ops/review-model.js';

const order = (status: string, items?: boolean): ReturnOrder =>
  ({
    id: 7, status, order_name: '#N7', cust_email: '', cust_first_name: '', cust_last_name: '', currency: 'EUR', order_id: '1', submitted_at: '2026-01-01T00:00:00Z',
    ...(items !== false && {
      refunds: [{ id: 1, status: 'pending', title: 'a', sku: null, quantity: 1, price: '1.00', reason: null }],
      exchanges: [
        { id: 2, status: 'pending', title: 'b', sku: null, quantity: 1, price: '1.00', reason: null },
        { id: 3, status: 'approved', title: 'c', sku: null, quantity: 1, price: '1.00', reason: null },
      ],
    }),
  }) as unknown as ReturnOrder;

describe('planApproveAll', () => {
  it('approves every pending item, in one review, when there is no draft', () => {
    expect(planApproveAll(7, order('pending'))).toEqual({
      isReady: true,
      items: [
        { id: 1, type: 'refund', action: 'approve' },
        { id: 2, type: 'exchange', action: 'approve' },
      ],
      fromDraft: 0,
    });
  });

  it("sends a draft's decisions as drafted and approves only the undecided items", () => {
    const plan = planApproveAll(7, order('pending'), [
      { type: 'exchange', id: 2, action: 'reject', rejectReason: ' Worn ' },
      { type: 'exchange', id: 3, action: 'keep_item' }, // no longer pending: left out
    ]);
    expect(plan).toEqual({
      isReady: true,
      items: [
        { id: 1, type: 'refund', action: 'approve' },
        { id: 2, type: 'exchange', action: 'reject', reject_reason: 'Worn' },
      ],
      fromDraft: 1,
    });
  });

  it('refuses without a request when the order is gone, not pending, without item data, or a drafted reject has no reason', () => {
    const refusal = (p: ReturnType<typeof planApproveAll>) => (p.isReady ? null : p.refusal);
    expect(refusal(planApproveAll(7, null))?.code).toBe('return_order_not_found');
    expect(refusal(planApproveAll(7, order('reviewed')))?.message).toBe('No longer pending (now reviewed); no review was sent.');
    expect(refusal(planApproveAll(7, order('pending', false)))?.code).toBe('item_details_unavailable');
    expect(refusal(planApproveAll(7, order('pending'), [{ type: 'refund', id: 1, action: 'reject' }]))?.code).toBe('missing_reject_reason');
  });
});

describe('one definition for every "approve all"', () => {
  const drafted = [{ type: 'refund' as const, id: 1, action: 'keep_item' as const }];

  it('the order screen and the plan (which bulk runs and the CLI send, src/ops/approve-all.ts) decide the same items', () => {
    const o = order('pending');
    const refs = itemRefs(orderItems(o));
    const ctx: OrderContext = { items: refs, status: 'pending', keepUnsupportedSince: null, presets: [] };
    // On the order screen: the refund was kept by hand, then A.
    const kept = orderReducer(orderReducer(initialOrderState, { type: 'keep' }, ctx), { type: 'approve-all' }, ctx);
    expect(kept.decisions).toEqual({ 'refund:1': { action: 'keep_item' }, 'exchange:2': { action: 'approve' } });
    const bulk = planApproveAll(7, o, drafted);
    expect(bulk.isReady && bulk.items).toEqual([
      { id: 1, type: 'refund', action: 'keep_item' },
      { id: 2, type: 'exchange', action: 'approve' },
    ]);
  });
});
