/**
 * One HTTP attempt over the client's undici pool: send, read the body (bounded), and
 * classify what went wrong at the network level. Never throws: the retry loop decides.
 */
import { Pool } from 'undici';
import { DEFAULT_TIMEOUTS, type ClientTimeouts } from '../client-types.js';
import { ApiError } from './errors.js';
import type { RawResponse } from './responses.js';
import { boundServiceText, scrubSecrets } from './redact.js';

/** Larger answers are refused: a page of 100 orders is far below this. */
export const MAX_BODY_BYTES = 16 * 1024 * 1024;

export interface TransportRequest {
  readonly method: string;
  /** Absolute path on the origin, with the query. */
  readonly path: string;
  readonly body?: string;
}

export interface TransportContext {
  readonly pool: Pool;
  readonly origin: string;
  /** host:port, for messages (never the full URL). */
  readonly host: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly timeouts: ClientTimeouts;
  readonly signal?: AbortSignal;
  readonly secrets: readonly string[];
}

export type AttemptOutcome =
  | { readonly type: 'response'; readonly raw: RawResponse }
  | {
      readonly type: 'failure';
      readonly error: ApiError;
      /** False only when the request certainly never reached the service. */
      readonly isPossiblySent: boolean;
    };

/** One connection pool for one origin: keep-alive, bounded connections, timeouts. */
export function createPool(origin: string, timeouts: ClientTimeouts, connections: number): Pool {
  return new Pool(origin, {
    connections,
    pipelining: 1,
    keepAliveTimeout: 10_000,
    keepAliveMaxTimeout: 60_000,
    connect: { timeout: timeouts.connectMs },
    // HTTP/1.1 only, as with undici 7: undici 8 would switch to HTTP/2 when a TLS service
    // offers it, multiplexing many requests on one connection past the `connections` bound.
    allowH2: false,
    headersTimeout: timeouts.headersMs,
    bodyTimeout: timeouts.bodyMs,
  });
}

/** Network error codes that mean the request never left this machine. */
const NOT_SENT_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT',
]);

const NETWORK_WORDS: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'the connection was refused (is the service running?)',
  ENOTFOUND: 'the host name was not found',
  EAI_AGAIN: 'the host name could not be resolved right now',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  ECONNRESET: 'the connection was reset before the answer arrived',
  EPIPE: 'the connection was closed while sending',
  UND_ERR_SOCKET: 'the connection was closed before the answer arrived',
  UND_ERR_CLOSED: 'the connection pool was closed',
};

function errorCode(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown }; errors?: { code?: unknown }[] } | null;
  const code = e?.code ?? e?.cause?.code ?? e?.errors?.[0]?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The deadline of one attempt (headers and whole body). */
export function totalMsOf(timeouts: ClientTimeouts): number {
  return timeouts.totalMs ?? DEFAULT_TIMEOUTS.totalMs;
}

/**
 * Classifies an exception of undici (or of reading the body) as an ApiError.
 * `isPastDeadline` says the attempt's own deadline ended it.
 */
export function classifyFailure(
  error: unknown,
  ctx: Pick<TransportContext, 'host' | 'timeouts' | 'signal' | 'secrets'>,
  isPastDeadline = false,
): AttemptOutcome {
  const secrets = ctx.secrets;
  if (ctx.signal?.aborted) {
    return { type: 'failure', isPossiblySent: true, error: abortedError(secrets) };
  }
  if (isPastDeadline) {
    const seconds = totalMsOf(ctx.timeouts) / 1000;
    const message = `The service at ${ctx.host} did not send its whole answer within ${seconds} s; the request was stopped.`;
    return { type: 'failure', isPossiblySent: true, error: new ApiError({ kind: 'timeout', code: 'deadline_exceeded', message, secrets }) };
  }
  const code = errorCode(error) ?? 'unknown';
  const isPossiblySent = !NOT_SENT_CODES.has(code);
  const timeout = (c: string, message: string) =>
    ({ type: 'failure', isPossiblySent, error: new ApiError({ kind: 'timeout', code: c, message, secrets }) }) as const;
  if (code === 'UND_ERR_CONNECT_TIMEOUT') {
    return timeout('connect_timeout', `The service at ${ctx.host} did not accept a connection within ${ctx.timeouts.connectMs} ms.`);
  }
  if (code === 'UND_ERR_HEADERS_TIMEOUT') {
    return timeout('response_timeout', `The service at ${ctx.host} did not answer within ${ctx.timeouts.headersMs} ms.`);
  }
  if (code === 'UND_ERR_BODY_TIMEOUT') {
    return timeout('body_timeout', `The service at ${ctx.host} stopped sending its answer for ${ctx.timeouts.bodyMs} ms.`);
  }
  const words = NETWORK_WORDS[code] ?? boundServiceText(scrubSecrets(error instanceof Error ? error.message : String(error), secrets), 200);
  return {
    type: 'failure',
    isPossiblySent,
    error: new ApiError({ kind: 'network', code: 'network_error', message: `Could not talk to the service at ${ctx.host}: ${words} (${code}).`, secrets }),
  };
}

/** The `aborted` error (the caller cancelled). */
export function abortedError(secrets: readonly string[]): ApiError {
  return new ApiError({ kind: 'aborted', code: 'aborted', message: 'The request was cancelled.', secrets });
}

/** Sends one request and reads the whole answer, within the attempt's deadline. */
export async function attempt(req: TransportRequest, ctx: TransportContext): Promise<AttemptOutcome> {
  if (ctx.signal?.aborted) return { type: 'failure', isPossiblySent: false, error: abortedError(ctx.secrets) };
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), totalMsOf(ctx.timeouts));
  const signal = ctx.signal ? AbortSignal.any([ctx.signal, deadline.signal]) : deadline.signal;
  try {
    return await send(req, ctx, signal);
  } catch (error) {
    return classifyFailure(error, ctx, deadline.signal.aborted);
  } finally {
    clearTimeout(timer);
  }
}

/** The request itself; throws what undici throws (classified by attempt). */
async function send(req: TransportRequest, ctx: TransportContext, signal: AbortSignal): Promise<AttemptOutcome> {
  const res = await ctx.pool.request({
    origin: ctx.origin,
    path: req.path,
    method: req.method as 'GET',
    headers: req.body === undefined ? ctx.headers : { ...ctx.headers, 'content-type': 'application/json' },
    body: req.body,
    signal,
    headersTimeout: ctx.timeouts.headersMs,
    bodyTimeout: ctx.timeouts.bodyMs,
  });
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > MAX_BODY_BYTES) {
      res.body.destroy();
      return {
        type: 'failure',
        isPossiblySent: true,
        error: new ApiError({
          kind: 'schema',
          status: res.statusCode,
          code: 'invalid_response',
          message: `The service's answer is larger than ${MAX_BODY_BYTES / 1024 / 1024} MiB; refused.`,
          secrets: ctx.secrets,
        }),
      };
    }
    chunks.push(buf);
  }
  const rawId = res.headers['x-request-id'] ?? res.headers['request-id'];
  const requestId = typeof rawId === 'string' ? boundServiceText(rawId, 100) : undefined;
  return {
    type: 'response',
    raw: {
      status: res.statusCode,
      headers: res.headers,
      text: Buffer.concat(chunks).toString('utf8'),
      ...(requestId && { requestId }),
    },
  };
}
