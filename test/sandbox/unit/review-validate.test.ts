import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/sandbox/errors.js';
import { checkReview, parseReviewBody, statusAfterReview, type ReviewContext } from '../../../src/sandbox/validate/review.js';

const ctx: ReviewContext = {
  orderId: 1000,
  status: 'pending',
  pending: [{ id: 70000, type: 'refund' }, { id: 70001, type: 'exchange' }],
  keepItemAllowed: false,
};

function failure(run: () => unknown): { code: string; param?: string; message: string } {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    const e = error as ApiError;
    return { code: e.code, param: e.param, message: e.message };
  }
  throw new Error('no failure');
}

const refund = { id: 70000, type: 'refund', action: 'approve' };
const exchange = { id: 70001, type: 'exchange', action: 'approve' };

describe('review body (D6 step 3)', () => {
  it('needs a JSON object with an items array', () => {
    for (const body of ['', 'not json', '[]', 'null', '{"items":{}}', '{"item":[]}', '\u00ff{']) {
      expect(failure(() => parseReviewBody(Buffer.from(body))).code, body).toBe('missing_items_array');
    }
    expect(failure(() => parseReviewBody(Buffer.from([0x7b, 0xff, 0x7d]))).code).toBe('missing_items_array');
    expect(parseReviewBody(Buffer.from('{"items":[1]}'))).toEqual([1]);
  });
});

describe('review checks in D6 order', () => {
  it('element checks (type, action, reason) come before the state check', () => {
    const closed = { ...ctx, status: 'reviewed' };
    expect(failure(() => checkReview([{ ...refund, type: 'gift' }], closed))).toEqual({
      code: 'invalid_item_type', param: 'items[].type', message: 'items[0] (item 70000): type must be refund or exchange.',
    });
    expect(failure(() => checkReview([refund, { ...exchange, action: 'maybe' }], closed))).toMatchObject({
      code: 'invalid_action', param: 'items[].action',
    });
    expect(failure(() => checkReview([{ ...refund, action: 'reject', reject_reason: '  ' }], closed))).toMatchObject({
      code: 'missing_reject_reason', param: 'items[].reject_reason',
    });
    expect(failure(() => checkReview([refund, exchange], closed)).code).toBe('invalid_state_transition');
  });

  it('within one element: type, then action, then reason', () => {
    expect(failure(() => checkReview([{ id: 1, type: 'x', action: 'y' }], ctx)).code).toBe('invalid_item_type');
    expect(failure(() => checkReview([{ id: 1, type: 'refund', action: 'reject' }], ctx)).code).toBe('missing_reject_reason');
    expect(failure(() => checkReview([null], ctx)).code).toBe('invalid_item_type');
  });

  it('unknown, wrong-type and repeated items are item_not_found, before missing_items', () => {
    expect(failure(() => checkReview([{ ...refund, id: 1 }], ctx))).toMatchObject({ code: 'item_not_found', param: 'items[].id' });
    expect(failure(() => checkReview([{ ...refund, type: 'exchange' }], ctx)).code).toBe('item_not_found');
    expect(failure(() => checkReview([{ ...refund, id: '70000' }], ctx)).code).toBe('item_not_found');
    expect(failure(() => checkReview([refund, refund], ctx)).code).toBe('item_not_found');
    expect(failure(() => checkReview([refund], ctx))).toMatchObject({ code: 'missing_items', param: 'items' });
    expect(failure(() => checkReview([refund], ctx)).message).toContain('exchange 70001');
  });

  it('keep_item without the feature comes last', () => {
    const keep = { ...refund, action: 'keep_item' };
    expect(failure(() => checkReview([keep], ctx)).code).toBe('missing_items');
    expect(failure(() => checkReview([keep, exchange], ctx))).toMatchObject({
      code: 'keep_item_not_allowed', param: 'items[].action', message: 'Item 70000: this shop does not have the keep_item feature.',
    });
    expect(checkReview([keep, exchange], { ...ctx, keepItemAllowed: true })).toHaveLength(2);
  });

  it('never quotes strings the client sent', () => {
    const key = 'sk_' + 'ab'.repeat(32);
    expect(failure(() => checkReview([{ id: key, type: key, action: key }], ctx)).message).not.toContain('abab');
  });
});

describe('D5 result', () => {
  it('rejected only when every item was rejected', () => {
    const d = (action: 'approve' | 'reject' | 'keep_item') => ({ id: 1, type: 'refund' as const, action, rejectReason: null });
    expect(statusAfterReview([d('reject'), d('reject')])).toBe('rejected');
    expect(statusAfterReview([d('reject'), d('keep_item')])).toBe('reviewed');
    expect(statusAfterReview([d('approve')])).toBe('reviewed');
  });
});
