/** The bulk queue: bounded concurrency, an adaptive rate limiter, one outcome per item. */
export {
  runBulk,
  type BulkCall,
  type BulkOptions,
  type BulkOutcome,
  type BulkProgress,
  type BulkReport,
  type BulkWorker,
} from './run-bulk.js';
export { AdaptiveLimiter, SYSTEM_CLOCK, type LimiterClock } from './limiter.js';
export {
  PROBING_LIMITER,
  chargeToken,
  initialLimiterState,
  knownRateLimiter,
  limiterReducer,
  takeToken,
  type LimiterConfig,
  type LimiterEvent,
  type LimiterState,
} from './limiter-policy.js';
export { countsOf, type QueueCounts } from './queue-state.js';
export { RequestLanes, DEFAULT_QUIET_MS, type LaneOptions, type LaneSnapshot } from './lanes.js';
