/**
 * The bulk queue's client-side rate limiter as a pure state machine: a token bucket whose
 * rate adapts AIMD-style to the service's 429 answers. Time is passed in, never read.
 *
 * - Unknown limit: start low and grow exponentially (slow start) until the first 429.
 * - On 429: pause everything for the Retry-After (or the client's backoff) and cut the
 *   rate multiplicatively, once per pause (the other in-flight 429s of the same burst only
 *   extend the pause; they are the same event).
 * - After that: creep back up additively (per second, `increaseShare` of the rate at the cut),
 *   so a run settles just under the service's limit and touches it only now and then.
 * - The rate only grows while the limiter is what holds requests back; when the queue's
 *   concurrency is the bottleneck, a growing number would mean nothing.
 */

export interface LimiterConfig {
  /** Requests per second at the start. */
  readonly initialRate: number;
  readonly minRate: number;
  /** Never exceeded (a known service limit); Infinity when unknown. */
  readonly maxRate: number;
  /** Bucket capacity in tokens: how many requests may go out back to back. */
  readonly burst: number;
  /** Rate factor on a 429 after slow start (e.g. 0.75). */
  readonly decrease: number;
  /** Rate factor on the first 429, which ends slow start (it overshoots up to 2x). */
  readonly slowStartDecrease: number;
  /**
   * Additive increase, per second of successes at full pace, as a share of the rate at
   * the last cut (e.g. 0.05: from 0.75x back to 1x in about 5 s at any scale).
   */
  readonly increaseShare: number;
  /** Slow start gain: requests/s gained per success until the first 429. */
  readonly slowStartGain: number;
  /** Whether to probe upwards from `initialRate` (unknown limit). */
  readonly isSlowStart: boolean;
}

/** Defaults for a service whose limit is unknown. */
export const PROBING_LIMITER: LimiterConfig = {
  initialRate: 10,
  minRate: 0.5,
  maxRate: Number.POSITIVE_INFINITY,
  burst: 1,
  decrease: 0.75,
  slowStartDecrease: 0.5,
  increaseShare: 0.02,
  slowStartGain: 1,
  isSlowStart: true,
};

/** A limiter for a known limit: start at it and never exceed it (429s still slow it down). */
export function knownRateLimiter(ratePerSecond: number): LimiterConfig {
  return { ...PROBING_LIMITER, initialRate: ratePerSecond, maxRate: ratePerSecond, isSlowStart: false };
}

export interface LimiterState {
  /** Current requests per second. */
  readonly rate: number;
  readonly tokens: number;
  /** When `tokens` was last brought up to date (ms). */
  readonly updatedAt: number;
  /** No token is handed out before this time (ms): a Retry-After pause. */
  readonly pausedUntil: number;
  readonly isSlowStart: boolean;
  /** True when a request recently had to wait for a token (the limiter is the bottleneck). */
  readonly isLimiting: boolean;
  /** The rate when it was last cut (the best guess of the service's limit). */
  readonly ceilingRate: number;
  /** 429s seen, and how many of them cut the rate. */
  readonly rateLimitedCount: number;
  readonly decreaseCount: number;
}

export type LimiterEvent =
  | { readonly type: 'success'; readonly at: number }
  | { readonly type: 'rate_limited'; readonly at: number; readonly pauseMs: number };

export function initialLimiterState(config: LimiterConfig, now: number): LimiterState {
  return {
    rate: Math.min(config.maxRate, Math.max(config.minRate, config.initialRate)),
    ceilingRate: config.initialRate,
    tokens: Math.min(1, config.burst),
    updatedAt: now,
    pausedUntil: now,
    isSlowStart: config.isSlowStart,
    isLimiting: false,
    rateLimitedCount: 0,
    decreaseCount: 0,
  };
}

function refill(state: LimiterState, config: LimiterConfig, now: number): LimiterState {
  // Nothing accrues during a pause: the service asked for silence, not for a later burst.
  const from = Math.max(state.updatedAt, state.pausedUntil);
  if (now <= from) return state;
  const raw = state.tokens + ((now - from) * state.rate) / 1000;
  // Capacity for a whole request went unused: requests come slower than the rate allows,
  // so the limiter is not what holds them back.
  const isLimiting = raw - config.burst >= 1 ? false : state.isLimiting;
  return { ...state, tokens: Math.min(config.burst, raw), updatedAt: now, isLimiting };
}

/**
 * Tries to take one token at `now`. `waitMs` 0 means taken; otherwise nothing was taken
 * and the caller should try again after `waitMs`.
 */
export function takeToken(state: LimiterState, config: LimiterConfig, now: number): { readonly state: LimiterState; readonly waitMs: number } {
  if (now < state.pausedUntil) {
    return { state: { ...state, isLimiting: true }, waitMs: state.pausedUntil - now };
  }
  const filled = refill(state, config, now);
  if (filled.tokens >= 1) return { state: { ...filled, tokens: filled.tokens - 1 }, waitMs: 0 };
  const waitMs = Math.max(1, Math.ceil(((1 - filled.tokens) * 1000) / filled.rate));
  return { state: { ...filled, isLimiting: true }, waitMs };
}

/**
 * Counts a request that went out without waiting (a request of higher priority, see lanes.ts)
 * against the bucket: the tokens may go below zero, down to minus the burst, so the requests
 * that do wait make up for it and the sum stays within the rate.
 */
export function chargeToken(state: LimiterState, config: LimiterConfig, now: number): LimiterState {
  const filled = refill(state, config, now);
  return { ...filled, tokens: Math.max(-config.burst, filled.tokens - 1) };
}

/** Applies what a request's answer says about the service's limit. */
export function limiterReducer(state: LimiterState, event: LimiterEvent, config: LimiterConfig): LimiterState {
  if (event.type === 'rate_limited') {
    const isNewEvent = event.at >= state.pausedUntil;
    const factor = state.isSlowStart ? config.slowStartDecrease : config.decrease;
    const rate = isNewEvent ? Math.max(config.minRate, state.rate * factor) : state.rate;
    const pausedUntil = Math.max(state.pausedUntil, event.at + Math.max(0, event.pauseMs));
    return {
      ...refill(state, config, event.at),
      rate,
      ceilingRate: isNewEvent ? state.rate : state.ceilingRate,
      tokens: 0,
      pausedUntil,
      isSlowStart: false,
      rateLimitedCount: state.rateLimitedCount + 1,
      decreaseCount: state.decreaseCount + (isNewEvent ? 1 : 0),
    };
  }
  // Answers of requests sent before a pause say nothing about the pace after it.
  if (event.at < state.pausedUntil || !state.isLimiting) return state;
  // At `rate` successes per second, gaining share × ceiling / rate each adds share × ceiling per second.
  const gain = state.isSlowStart ? config.slowStartGain : (config.increaseShare * state.ceilingRate) / state.rate;
  const rate = Math.min(config.maxRate, state.rate + gain);
  return { ...refill(state, config, event.at), rate };
}
