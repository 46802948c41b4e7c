/**
 * The contract of the Return Orders client: what the CLI commands and the console use.
 * The implementation lives in `src/api/client/`; screens and commands depend only on
 * this file, so tests and benchmarks can see exactly what is promised.
 */
import type { ListFilters } from './list-params.js';
import type { Page, ReturnOrder, ReviewItem } from './schemas.js';

/** Route templates for the operations the interface does not show (D2). `{id}` is replaced. */
export interface RouteTemplates {
  /** Default `POST /return_orders/{id}/review`. */
  readonly review: string;
  /** Default `POST /return_orders/{id}/receive`. */
  readonly receive: string;
}

export const DEFAULT_ROUTES: RouteTemplates = {
  review: 'POST /return_orders/{id}/review',
  receive: 'POST /return_orders/{id}/receive',
};

/** Timeouts in milliseconds. */
export interface ClientTimeouts {
  readonly connectMs: number;
  /** Until the response's headers arrive. */
  readonly headersMs: number;
  /** Longest pause between two parts of the body. */
  readonly bodyMs: number;
  /**
   * The deadline of one attempt, from sending to the last byte of the body (a body that
   * trickles in never trips bodyMs). Not retried: a service this slow is asked once.
   * Optional for callers that build timeouts by hand; DEFAULT_TIMEOUTS.totalMs applies.
   */
  readonly totalMs?: number;
}

export const DEFAULT_TIMEOUTS = { connectMs: 5_000, headersMs: 15_000, bodyMs: 15_000, totalMs: 60_000 } as const satisfies ClientTimeouts;

/** Why a request is being retried, for "retrying…" / "rate limited" indicators. */
export interface RetryInfo {
  /** The number of the retry about to be made after the wait (1 = first retry). */
  readonly attempt: number;
  readonly delayMs: number;
  readonly reason: 'rate_limited' | 'server_error' | 'network' | 'timeout';
  readonly status?: number;
  readonly requestId?: string;
  /** The service's Retry-After, in ms, when the failed answer carried one. */
  readonly retryAfterMs?: number;
}

export interface ClientHooks {
  /** Called before each retry wait. */
  readonly onRetry?: (info: RetryInfo) => void;
  /** Called when a request settles (after its last attempt). */
  readonly onSettled?: (info: { readonly ok: boolean; readonly status?: number }) => void;
}

/**
 * Which line a request waits in: the console's own requests (`foreground`, never held back)
 * or work in the background (the search index's walk), which yields to them.
 */
export type Lane = 'foreground' | 'background';

/** Paces the attempts of one client by lane (src/api/bulk/lanes.ts). */
export interface LaneGate {
  /** Before each attempt: resolves when it may go out; rejects when `signal` aborts first. */
  enter(lane: Lane, signal?: AbortSignal): Promise<void>;
  /** After each attempt: the answer's status (none: no answer) and its Retry-After. */
  leave(lane: Lane, answer: { readonly status?: number; readonly retryAfterMs?: number }): void;
}

export interface ClientOptions {
  /** Base URL ending in the version segment, e.g. http://127.0.0.1:4010/public-api/v1 */
  readonly baseUrl: string;
  /** The API key; checked locally (sk_ + 64 hex) before any request. */
  readonly apiKey: string;
  readonly routes?: RouteTemplates;
  readonly timeouts?: ClientTimeouts;
  /** Retries after the first attempt for 429, 5xx and network failures (default 4). */
  readonly maxRetries?: number;
  /** Base backoff in ms (default 1000: about 1 s, 2 s, 4 s, 8 s with jitter). */
  readonly backoffBaseMs?: number;
  /** Max concurrent connections to the service (default 8). */
  readonly connections?: number;
  readonly hooks?: ClientHooks;
  /** Paces every attempt by its call's lane (default: the client's own RequestLanes, src/api/bulk/lanes.ts). */
  readonly lanes?: LaneGate;
  /** Injected for tests: sleeping and randomness of the retry policy. */
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  readonly random?: () => number;
}

export interface CallOptions {
  readonly signal?: AbortSignal;
  /** Most retries for this call, when fewer than the client's (a caller with a retry loop of its own). */
  readonly maxRetries?: number;
  /**
   * Awaited before every attempt of every request this call makes (first tries and
   * retries): lets a bulk queue pace them through its shared rate limiter.
   */
  readonly beforeAttempt?: (signal?: AbortSignal) => Promise<void>;
  /** Hooks for this call only, called in addition to the client's hooks. */
  readonly hooks?: ClientHooks;
  /** The lane of the client's LaneGate this call's attempts wait in (default `foreground`). */
  readonly lane?: Lane;
}

export interface ListPageRequest extends CallOptions {
  readonly filters?: ListFilters;
  readonly limit?: number;
  readonly cursor?: string;
}

/** Most pages a walk over every page reads before it stops with an error (1,000,000 orders at 100 a page). */
export const DEFAULT_MAX_PAGES = 10_000;

export interface ListAllRequest extends Omit<ListPageRequest, 'cursor'> {
  /**
   * Most pages to read (default DEFAULT_MAX_PAGES): a service that keeps saying "more" with
   * fresh cursors would make the walk endless. Reaching it is an error (`too_many_pages`).
   */
  readonly maxPages?: number;
}

/** The outcome of a write (review or receive). */
export interface WriteResult {
  /** The order after the write: the 200 body when it is a return order, else re-read (D2). */
  readonly order: ReturnOrder | null;
  /** True when a retried write found its effect already applied (see reconciliation). */
  readonly isAlreadyApplied: boolean;
  readonly requestId?: string;
}

/** The Return Orders client. All methods reject with `ApiError` (src/api/client/errors.ts). */
export interface ReturnsClient {
  /** One page of the list endpoint. */
  listPage(request?: ListPageRequest): Promise<Page & { readonly requestId?: string }>;
  /** Every order matching the filters, page after page (an async iterator over orders). */
  listAll(request?: ListAllRequest): AsyncIterable<ReturnOrder>;
  /** Reads one order through `GET /return_orders?ids=ID` (D3); null when it is gone. */
  getOrder(id: number, options?: CallOptions): Promise<ReturnOrder | null>;
  /** One review request holding every pending item's decision. */
  review(id: number, items: readonly ReviewItem[], options?: CallOptions): Promise<WriteResult>;
  /** Marks a reviewed order received. */
  receive(id: number, options?: CallOptions): Promise<WriteResult>;
  /** Closes the connection pool. */
  close(): Promise<void>;
}
