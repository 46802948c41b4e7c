import { describe, expect, it } from 'vitest';
import { isReceiveApplied, isReviewApplied } from '../../src/api/client/reconcile.js';
import type { ReturnItem, ReturnOrder, ReviewItem } from '../../src/api/schemas.js';

const item = (id: number, status: ReturnItem['status'], reject_reason: string | null = null): ReturnItem => ({
  id, status, title: 't', sku: null, quantity: 1, price: '1.00', reason: null, reject_reason,
});
const order = (status: ReturnOrder['status'], refunds: ReturnItem[], exchanges: ReturnItem[]): ReturnOrder => ({
  id: 1, cust_email: 'a@b', cust_first_name: 'A', cust_last_name: 'B', status, currency: 'EUR',
  order_id: '1', order_name: '#1', submitted_at: '2026-11-01T00:00:00Z', refunds, exchanges,
});

describe('isReceiveApplied', () => {
  it('is true only for received', () => {
    expect(isReceiveApplied(order('received', [], []))).toBe(true);
    expect(isReceiveApplied(order('reviewed', [], []))).toBe(false);
    expect(isReceiveApplied(order('completed', [], []))).toBe(false);
    expect(isReceiveApplied(null)).toBe(false);
  });
});

describe('isReviewApplied', () => {
  const sent: ReviewItem[] = [
    { id: 1, type: 'refund', action: 'reject', reject_reason: 'worn' },
    { id: 2, type: 'exchange', action: 'keep_item' },
    { id: 3, type: 'refund', action: 'approve' },
  ];
  const applied = order('reviewed', [item(1, 'rejected', 'worn'), item(3, 'approved')], [item(2, 'kept')]);

  it('is true when every item is decided as sent', () => {
    expect(isReviewApplied(applied, sent)).toBe(true);
    expect(isReviewApplied({ ...applied, status: 'rejected' }, sent)).toBe(true);
  });
  it('is false in any other status', () => {
    expect(isReviewApplied({ ...applied, status: 'pending' }, sent)).toBe(false);
    expect(isReviewApplied({ ...applied, status: 'received' }, sent)).toBe(false);
    expect(isReviewApplied(null, sent)).toBe(false);
  });
  it('is false when an item was decided otherwise', () => {
    const other = order('reviewed', [item(1, 'approved'), item(3, 'approved')], [item(2, 'kept')]);
    expect(isReviewApplied(other, sent)).toBe(false);
  });
  it('is false when a reject reason differs', () => {
    const other = order('reviewed', [item(1, 'rejected', 'damaged'), item(3, 'approved')], [item(2, 'kept')]);
    expect(isReviewApplied(other, sent)).toBe(false);
  });
  it('matches items by type as well as id', () => {
    const swapped = order('reviewed', [item(1, 'rejected', 'worn'), item(3, 'approved'), item(2, 'kept')], []);
    expect(isReviewApplied(swapped, sent)).toBe(false);
  });
  it('is false when the service gives no item details', () => {
    const bare = { ...applied } as Record<string, unknown>;
    delete bare.refunds;
    delete bare.exchanges;
    expect(isReviewApplied(bare as ReturnOrder, sent)).toBe(false);
  });
});
