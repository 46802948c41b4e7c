/**
 * The Return Orders client: `createClient`, the one error class, and the helpers commands
 * and screens need (key redaction, secret scrubbing, hints, the retry policy).
 */
export { createClient, type PageWithRequestId, type ReturnsApiClient } from './client.js';
export { ApiError, isApiError, kindOf, type ApiErrorInit, type ApiErrorJson, type ApiErrorKind } from './errors.js';
export { CLIENT_ERROR_CODES, hintFor, type ClientErrorCode } from './client-codes.js';
export { checkApiKey } from './api-key.js';
export { redactKey, boundServiceText, scrubSecrets } from './redact.js';
export {
  DEFAULT_RETRY_POLICY,
  backoffMs,
  decideRetry,
  parseRetryAfter,
  retryReasonOf,
  type RetryDecision,
  type RetryPolicy,
  type RetryReason,
} from './retry-policy.js';
export { isReceiveApplied, isReviewApplied } from './reconcile.js';
export { parseBaseUrl, parseRoute, parseRoutes, type Route } from './routes.js';
