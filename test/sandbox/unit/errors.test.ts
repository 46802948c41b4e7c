import { describe, expect, it } from 'vitest';
import { ApiError, redactSecrets } from '../../../src/sandbox/errors.js';

describe('error envelope', () => {
  it('takes type, status and default param from the shared code table', () => {
    const e = new ApiError('invalid_action', 'x');
    expect([e.status, e.toBody()]).toEqual([400, { error: { type: 'validation_error', code: 'invalid_action', message: 'x', param: 'items[].action' } }]);
    expect(new ApiError('invalid_date_format', 'y', 'submitted_at_max').param).toBe('submitted_at_max');
    expect(new ApiError('return_order_not_found', 'z').toBody().error).not.toHaveProperty('param');
  });

  it('never carries anything that looks like a key, but keeps ordinary ids', () => {
    const key = 'sk_' + '0123456789abcdef'.repeat(4);
    for (const text of [key, key.slice(3), key.toUpperCase().replace('SK_', ''), `"${key.slice(3, 40)}"`]) {
      expect(redactSecrets(`statuses contains an unknown value: ${text}.`)).not.toMatch(/[0-9a-f]{24}/i);
    }
    expect(new ApiError('invalid_status_value', `bad ${key}`).message).toBe(`bad sk_…${key.slice(-4)}`);
    expect(redactSecrets('items[0] (item 9007199254740991)')).toBe('items[0] (item 9007199254740991)');
  });
});
