/**
 * After a write was refused or failed, the step that can still succeed, from its error code:
 * send it again (no answer, a 5xx, a 429, not sent), refresh to see the order's status (it
 * changed since it was read), open the order and decide by hand (the service refused the
 * decisions), fix the key, free local space, or nothing (the order is gone or needs nothing).
 * One table for the console's bulk results and the commands. Pure.
 */

export type NextStep = 'retry' | 'refresh' | 'open' | 'fix-key' | 'free-space' | 'nothing';

const BY_CODE: Readonly<Record<string, NextStep>> = {
  rate_limit_exceeded: 'retry',
  internal_error: 'retry',
  request_timeout: 'retry',
  network_error: 'retry',
  connect_timeout: 'retry',
  response_timeout: 'retry',
  body_timeout: 'retry',
  deadline_exceeded: 'retry',
  aborted: 'retry',
  invalid_response: 'retry',
  unexpected_response: 'retry',
  unexpected_error: 'retry',
  invalid_state_transition: 'refresh',
  return_order_not_found: 'nothing',
  nothing_to_review: 'nothing',
  missing_api_key: 'fix-key',
  invalid_api_key: 'fix-key',
  activity_log_unwritable: 'free-space',
};

/** The step for a failure with `code` (an item-level refusal, or a code this version does not know: open the order). */
export function nextStepAfter(code: string): NextStep {
  if (Object.hasOwn(BY_CODE, code)) return BY_CODE[code]!;
  return code.startsWith('api_key') ? 'fix-key' : 'open';
}
