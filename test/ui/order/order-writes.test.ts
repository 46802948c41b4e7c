/**
 * What a settled review or receive means for the order screen (settledWrite, pure): the
 * reducer's action, what was learned about keep item, and the warnings for the notice line.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/api/client/errors.js';
import type { ReturnOrder, ReviewItem } from '../../../src/api/schemas.js';
import type { WriteOutcome } from '../../../src/ops/outcome.js';
import { settledWrite, type SentWrite } from '../../../src/ui/screens/order/use-order-writes.js';

const items: ReviewItem[] = [
  { type: 'refund', id: 1, action: 'approve' },
  { type: 'exchange', id: 3, action: 'keep_item' },
];
const review: SentWrite = { what: 'review', items, summary: '1 approved, 1 kept' };
const receive: SentWrite = { what: 'receive' };
const returned = { status: 'reviewed' } as ReturnOrder;

const ok = (action: 'review' | 'receive', extra: Partial<{ warnings: string[]; requestId: string; order: ReturnOrder | null; isAlreadyApplied: boolean }> = {}): WriteOutcome => ({
  status: 'ok',
  action,
  orderId: 7,
  warnings: extra.warnings ?? [],
  isAlreadyApplied: extra.isAlreadyApplied ?? false,
  result: { order: extra.order === undefined ? returned : extra.order, isAlreadyApplied: extra.isAlreadyApplied ?? false, ...(extra.requestId !== undefined && { requestId: extra.requestId }) },
});
const failed = (action: 'review' | 'receive', error: ApiError, warnings: string[] = []): WriteOutcome => ({ status: 'failed', action, orderId: 7, warnings, error });

describe('settledWrite', () => {
  it('a sent review: the status as refreshed, else as returned; a kept item says the shop has keep', () => {
    expect(settledWrite(review, ok('review', { requestId: 'req_1' }), { status: 'received' })).toEqual({
      action: { type: 'review-succeeded', summary: '1 approved, 1 kept', status: 'received', isAlreadyApplied: false, requestId: 'req_1' },
      keep: 'has-it',
      warning: null,
    });
    // Gone from the cache (null) or never cached: the order the write returned.
    expect(settledWrite(review, ok('review'), null).action).toMatchObject({ status: 'reviewed' });
    expect(settledWrite(review, ok('review', { order: null }), undefined).action).toMatchObject({ status: null });
    expect(settledWrite({ ...review, items: [items[0]!] }, ok('review'), undefined).keep).toBeNull();
  });

  it('a receive: its own action, found already applied by a retry, nothing about keep', () => {
    expect(settledWrite(receive, ok('receive', { isAlreadyApplied: true }), undefined)).toEqual({
      action: { type: 'receive-succeeded', status: 'reviewed', isAlreadyApplied: true },
      keep: null,
      warning: null,
    });
  });

  it('a refusal is placed by the write it answers; keep_item_not_allowed says the shop lacks keep', () => {
    const keepRefused = new ApiError({ kind: 'validation', status: 400, code: 'keep_item_not_allowed', message: 'keep_item is not allowed for item 3' });
    const settled = settledWrite(review, failed('review', keepRefused), undefined);
    expect(settled.keep).toBe('lacks-it');
    expect(settled.action).toMatchObject({ type: 'write-failed', failure: { kind: 'keep-unsupported' } });
    const notReviewed = new ApiError({ kind: 'state', status: 422, code: 'invalid_state_transition', message: 'not reviewed' });
    expect(settledWrite(receive, failed('receive', notReviewed), undefined)).toEqual({ action: { type: 'write-failed', failure: { kind: 'not-reviewed' } }, keep: null, warning: null });
  });

  it('warnings of any outcome go to the notice line, joined; a write not done changes nothing on the screen', () => {
    expect(settledWrite(receive, ok('receive', { warnings: ['Activity log not written.', 'Disk full.'] }), undefined).warning).toBe('Activity log not written. Disk full.');
    expect(settledWrite(review, { status: 'not_done', action: 'review', orderId: 7, warnings: ['Stopped.'] }, undefined)).toEqual({ action: null, keep: null, warning: 'Stopped.' });
  });
});
