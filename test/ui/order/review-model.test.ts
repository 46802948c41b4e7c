import { describe, expect, it } from 'vitest';
import { itemWindow } from '../../../src/ui/screens/order/item-window.js';
import { fieldOfParam, itemsNamedIn, placeReceiveError, placeReviewError } from '../../../src/ui/screens/order/review-errors.js';
import { checkReview, fromDraftDecisions, itemRefs, orderItems, summarizeActions, toDraftDecisions } from '../../../src/ops/review-model.js';

const item = (id: number, status: 'pending' | 'approved' = 'pending') => ({ id, status, title: `T${id}`, quantity: 1, price: '1.00' });

describe('review model', () => {
  it('lists refunds then exchanges, or null without item data (D4)', () => {
    const items = orderItems({ refunds: [item(1)], exchanges: [item(2)] });
    expect(items?.map((i) => i.key)).toEqual(['refund:1', 'exchange:2']);
    expect(orderItems({})).toBeNull();
    expect(orderItems({ refunds: [] })).toEqual([]);
  });

  it('summarizes actions, leaving out kinds with none', () => {
    expect(summarizeActions(['approve', 'approve', 'approve', 'reject', 'keep_item'])).toBe('3 approve, 1 reject, 1 keep');
    expect(summarizeActions(['keep_item'])).toBe('1 keep');
  });

  it('sends only pending items, and refuses an order without pending items', () => {
    const refs = itemRefs(orderItems({ refunds: [item(1), item(3, 'approved')], exchanges: [item(2)] }));
    expect(checkReview(refs, { 'refund:1': { action: 'approve' }, 'exchange:2': { action: 'reject', rejectReason: ' late ' } })).toEqual({
      isReady: true,
      summary: '1 approve, 1 reject',
      items: [
        { id: 1, type: 'refund', action: 'approve' },
        { id: 2, type: 'exchange', action: 'reject', reject_reason: 'late' },
      ],
    });
    expect(checkReview(refs, { 'refund:1': { action: 'approve' }, 'exchange:2': { action: 'reject', rejectReason: ' ' } })).toMatchObject({
      isReady: false,
      problems: [{ key: 'exchange:2', code: 'missing_reject_reason' }],
    });
    expect(checkReview(itemRefs(orderItems({ refunds: [item(3, 'approved')] })), {})).toMatchObject({ isReady: false, problems: [] });
  });

  it('restores from a draft only the decisions of items still pending', () => {
    const refs = itemRefs(orderItems({ refunds: [item(1), item(3, 'approved')], exchanges: [item(2)] }));
    const draft = toDraftDecisions(refs, { 'exchange:2': { action: 'reject', rejectReason: 'x' }, 'refund:1': { action: 'keep_item' } });
    expect(draft).toEqual([
      { type: 'refund', id: 1, action: 'keep_item' },
      { type: 'exchange', id: 2, action: 'reject', rejectReason: 'x' },
    ]);
    expect(fromDraftDecisions(refs, [...draft, { type: 'refund', id: 3, action: 'approve' }, { type: 'refund', id: 2, action: 'approve' }])).toEqual({
      'refund:1': { action: 'keep_item' },
      'exchange:2': { action: 'reject', rejectReason: 'x' },
    });
  });
});

describe('review error placement', () => {
  const sent = [
    { id: 70010, type: 'refund' as const, action: 'approve' as const },
    { id: 70011, type: 'exchange' as const, action: 'reject' as const, reject_reason: 'r' },
  ];

  it('reads the field from the param and the item from the message', () => {
    expect(fieldOfParam('items[].reject_reason')).toBe('reject_reason');
    expect(fieldOfParam('items')).toBeUndefined();
    expect(itemsNamedIn('Item 70011 (exchange) has no reject_reason.', sent)).toEqual(['exchange:70011']);
    expect(itemsNamedIn('No item named.', sent)).toEqual([]);
  });

  it('falls back to a banner when the message names no sent item', () => {
    const failure = placeReviewError({ kind: 'validation', status: 400, code: 'invalid_action', param: 'items[].action', message: 'Bad action.' }, sent);
    expect(failure).toMatchObject({ kind: 'banner', title: 'Review not confirmed [invalid_action] (HTTP 400)' });
  });

  it('treats missing_items as a changed order, and a route 404 as a banner', () => {
    expect(placeReviewError({ kind: 'validation', status: 400, code: 'missing_items', param: 'items', message: 'Pending item 70012 is missing.' }, sent)).toMatchObject({ kind: 'missing-items' });
    expect(placeReviewError({ kind: 'resource', status: 404, code: 'route_not_found', message: 'No route.' }, sent)).toMatchObject({ kind: 'banner' });
  });

  it('places receive errors', () => {
    expect(placeReceiveError({ kind: 'state', status: 422, code: 'invalid_state_transition', message: 'x', requestId: 'req_1' })).toEqual({ kind: 'not-reviewed', requestId: 'req_1' });
    expect(placeReceiveError({ kind: 'resource', status: 404, code: 'return_order_not_found', message: 'x' })).toEqual({ kind: 'gone' });
    expect(placeReceiveError({ kind: 'timeout', code: 'response_timeout', message: 'slow' })).toMatchObject({ kind: 'banner', detail: expect.stringContaining('Press R to check the order') });
  });
});

describe('item window', () => {
  it('shows whole items around the cursor within the lines available', () => {
    expect(itemWindow([2, 2, 3], 2, 7)).toEqual({ start: 0, end: 3 });
    // Hidden items cost a marker line each.
    expect(itemWindow([2, 2, 2, 2, 2], 0, 7)).toEqual({ start: 0, end: 3 });
    expect(itemWindow([2, 2, 2, 2, 2], 4, 7)).toEqual({ start: 2, end: 5 });
    expect(itemWindow([2, 2, 2, 2, 2], 2, 7)).toEqual({ start: 2, end: 5 });
    expect(itemWindow([2, 2, 2, 2, 2], 2, 6)).toEqual({ start: 2, end: 4 });
    expect(itemWindow([3, 3, 3], 1, 1)).toEqual({ start: 1, end: 2 });
  });
});
