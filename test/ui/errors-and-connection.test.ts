import { errorHint } from '../../src/api/error-codes.js';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/client/errors.js';
import { createConnectionMonitor, describeRetry } from '../../src/ui/connection/connection-monitor.js';
import { classifyError } from '../../src/ui/errors/classify.js';
import { recoveryDelayMs } from '../../src/ui/hooks/use-auto-recovery.js';

describe('how the console treats a failure', () => {
  it('authentication: missing, malformed or refused', () => {
    expect(classifyError(new ApiError({ kind: 'authentication', status: 401, code: 'invalid_api_key', message: 'bad' }))).toMatchObject({ kind: 'auth', problem: 'rejected' });
    expect(classifyError(new ApiError({ kind: 'authentication', status: 401, code: 'missing_api_key', message: 'none' }))).toMatchObject({ kind: 'auth', problem: 'missing' });
    expect(classifyError(new ApiError({ kind: 'config', code: 'api_key_missing', message: 'none' }))).toMatchObject({ kind: 'auth', problem: 'missing' });
    expect(classifyError(new ApiError({ kind: 'config', code: 'api_key_malformed', message: 'short' }))).toMatchObject({ kind: 'auth', problem: 'malformed' });
  });

  it('a refused cursor restarts the walk', () => {
    expect(classifyError(new ApiError({ kind: 'validation', status: 400, code: 'invalid_cursor_format', param: 'cursor', message: 'x' }))).toEqual({ kind: 'cursor' });
  });

  it('a validation error naming a list parameter goes to the filter panel', () => {
    const view = classifyError(new ApiError({ kind: 'validation', status: 400, code: 'invalid_status_value', param: 'statuses', message: 'unknown "x"' }));
    expect(view).toEqual({ kind: 'param', error: { code: 'invalid_status_value', param: 'statuses', message: 'unknown "x"' } });
  });

  it('network, timeouts, rate limits and 5xx are transient; text from the service is sanitized', () => {
    for (const kind of ['network', 'timeout', 'rate_limit', 'api'] as const) {
      expect(classifyError(new ApiError({ kind, code: 'x', message: 'm' })).kind).toBe('transient');
    }
    const view = classifyError(new ApiError({ kind: 'api', status: 500, code: 'internal_error', message: 'boom\u001b[2J', requestId: 'req_1' }));
    expect(view).toEqual({ kind: 'transient', message: 'boom␛ [internal_error]', requestId: 'req_1' });
  });

  it('leads with the words, the code in brackets after them, then the hint', () => {
    const view = classifyError(new ApiError({ kind: 'state', status: 422, code: 'invalid_state_transition', message: 'Return order 5 is received.', requestId: 'req_2' }));
    expect(view).toEqual({ kind: 'other', message: `Return order 5 is received. [invalid_state_transition] ${errorHint('invalid_state_transition')}`, requestId: 'req_2' });
  });

  it('anything else is shown as it is', () => {
    expect(classifyError(new Error('odd'))).toEqual({ kind: 'other', message: 'odd' });
  });
});

describe('connection monitor', () => {
  it('shows a retry wait until the request settles', () => {
    let now = 1_000;
    const monitor = createConnectionMonitor(() => now);
    let changes = 0;
    monitor.subscribe(() => changes++);
    monitor.hooks.onRetry?.({ attempt: 1, delayMs: 2_000, reason: 'rate_limited', status: 429 });
    expect(monitor.getSnapshot().retry).toMatchObject({ attempt: 1, untilMs: 3_000 });
    expect(describeRetry(monitor.getSnapshot().retry!)).toBe('rate limited');
    now = 3_500;
    monitor.hooks.onSettled?.({ ok: true, status: 200 });
    expect(monitor.getSnapshot().retry).toBeNull();
    monitor.hooks.onSettled?.({ ok: true, status: 200 });
    expect(changes).toBe(2);
  });

  it('automatic tries back off to every 30 s', () => {
    expect([1, 2, 3, 4, 5, 9].map(recoveryDelayMs)).toEqual([5_000, 10_000, 20_000, 30_000, 30_000, 30_000]);
  });
});
