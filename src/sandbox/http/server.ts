/**
 * The request pipeline, in this order (stripe-mock style, one straight line):
 * request id -> Host check -> one Authorization header at most -> fault injection (decided
 * before any change) -> OpenAPI document -> authentication -> rate limit -> route (the table
 * in ../routes.ts) -> body (1 MiB, no long pause) -> handler (a write checks its key again
 * inside its transaction) -> request log -> JSON response.
 * Every response carries X-Request-Id; anything unexpected is a 500 internal_error
 * without internals, and the server keeps serving.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { KeyLookup, KeyRow } from '../db/keys.js';
import { snapshotsOf } from '../db/snapshot.js';
import { ApiError, redactSecrets } from '../errors.js';
import { openApiJson } from '../openapi.js';
import type { TokenBucketLimiter } from '../rate-limit.js';
import { LastUsedTracker, authenticate } from './auth.js';
import { BodyBuffers } from './body-buffers.js';
import { readBody } from './body.js';
import type { HandlerContext, HandlerResult, Services } from './context.js';
import { newRequestId } from './request-id.js';
import type { RequestLog } from './request-log.js';
import { internalError, sendError, sendJsonParts, sendRawJson } from './respond.js';
import { isOpenApiPath, matchRoute, splitTarget, type MatchedRoute } from './router.js';

export interface Faults {
  readonly latencyMs: number;
  readonly failRate: number;
  readonly failStatus: 500 | 429;
  /** Uniform [0, 1); injectable for tests. */
  readonly random: () => number;
}

export interface PipelineDeps {
  readonly services: Services;
  readonly keys: KeyLookup;
  readonly limiter: TokenBucketLimiter;
  readonly faults: Faults;
  readonly now: () => number;
  /** One line per finished request and internal failures; undefined when quiet. */
  readonly log?: (line: string) => void;
  /** True once shutdown began: responses then close their connection. */
  readonly isClosing?: () => boolean;
  /** Longest pause while a request body arrives, ms (0 = none). */
  readonly bodyIdleMs?: number;
  /** Where each answered request is recorded (--request-log); absent: nowhere. */
  readonly requestLog?: RequestLog;
}

/** What the pipeline learned of a request, for the request log. */
interface Seen {
  route: MatchedRoute | null;
  shop: string | null;
  applied: boolean;
}

const EMPTY = Buffer.alloc(0);

function injectedFailure(faults: Faults): ApiError | null {
  if (faults.failRate <= 0 || faults.random() >= faults.failRate) return null;
  if (faults.failStatus === 429) {
    return new ApiError('rate_limit_exceeded', 'Too many requests (injected by the sandbox fault injection).', null, {
      'Retry-After': '1',
    });
  }
  return new ApiError('internal_error', 'Injected failure (sandbox fault injection); nothing was changed.');
}

/** The route of a request, or route_not_found. */
function routeOf(method: string, path: string): MatchedRoute {
  const route = matchRoute(method, path);
  if (!route) {
    throw new ApiError('route_not_found', `No such route for ${method}. The routes are listed in /openapi.json.`);
  }
  return route;
}

/** Builds the node:http request listener. */
export function createPipeline(deps: PipelineDeps): RequestListener {
  const lastUsed = new LastUsedTracker(deps.keys);
  const bodyBuffers = new BodyBuffers();
  const reads = snapshotsOf(deps.services.db);

  async function handle(req: IncomingMessage, res: ServerResponse, seen: Seen): Promise<void> {
    if (isMissingHost(req)) throw missingHost();
    if ((req.headersDistinct.authorization?.length ?? 0) > 1) throw twoAuthorizations();
    if (deps.faults.latencyMs > 0) await new Promise((r) => setTimeout(r, deps.faults.latencyMs));
    const injected = injectedFailure(deps.faults);
    if (injected) throw injected;

    const method = req.method ?? 'GET';
    const { path, search } = splitTarget(req.url);
    if (method === 'GET' && isOpenApiPath(path)) {
      answered(req, res, seen, 200, null);
      sendRawJson(res, 200, openApiJson(), { 'Cache-Control': 'public, max-age=60' });
      return;
    }

    const now = deps.now();
    const hasBody = req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
    const handlerContext = (key: KeyRow, route: MatchedRoute, body: Buffer): HandlerContext => {
      seen.route = route;
      seen.shop = key.shop_id;
      return {
        req,
        route,
        search,
        body,
        now,
        shop: { pk: key.shop_pk, id: key.shop_id, hasKeepItem: key.shop_keep_item === 1 },
        services: deps.services,
        recheckKey: () => deps.keys.assertActive(key.pk),
        markApplied: () => {
          seen.applied = true;
        },
      };
    };

    // A GET without a body (nearly every request) waits for nothing: authentication, rate
    // limit, route and handler read one SQLite snapshot, so the caches are checked against
    // other processes' commits once and the read locks are taken once (db/snapshot.ts).
    // GET handlers are synchronous (read() refuses a promise); bodies are awaited and writes
    // run outside any snapshot; last_used_at is written after it.
    if (method === 'GET' && !hasBody) {
      let key: KeyRow | undefined;
      let result: HandlerResult;
      try {
        result = reads.read(() => {
          key = admit(req.headers.authorization, now);
          const route = routeOf(method, path);
          return route.route.handler(handlerContext(key, route, EMPTY)) as HandlerResult;
        });
      } finally {
        if (key) lastUsed.touch(key, now);
      }
      answered(req, res, seen, 200, null);
      sendJsonParts(res, result, bodyBuffers);
      return;
    }
    const key = reads.read(() => admit(req.headers.authorization, now));
    lastUsed.touch(key, now);
    const route = routeOf(method, path);
    seen.route = route;
    seen.shop = key.shop_id;
    const body = hasBody ? await readBody(req, { idleMs: deps.bodyIdleMs ?? 0 }) : EMPTY;
    const result = await route.route.handler(handlerContext(key, route, body));
    answered(req, res, seen, 200, null);
    sendJsonParts(res, result, bodyBuffers);
  }

  /** Records an answer in the request log, before it is sent. */
  function answered(req: IncomingMessage, res: ServerResponse, seen: Seen, status: number, code: string | null): void {
    deps.requestLog?.write({
      time: new Date(deps.now()).toISOString(),
      request_id: String(res.getHeader('X-Request-Id')),
      method: printable(req.method ?? '?'),
      path: printable(splitTarget(req.url).path),
      route: seen.route?.name ?? null,
      order_id: seen.route?.orderId ?? null,
      shop: seen.shop,
      status,
      code,
      applied: seen.applied,
    });
  }

  /** Authentication, then the key's rate limit (D6 step 1, D10). */
  function admit(authorization: string | undefined, now: number): KeyRow {
    const key = authenticate(authorization, deps.keys);
    const taken = deps.limiter.take(key.pk, now);
    if (!taken.ok) {
      throw new ApiError(
        'rate_limit_exceeded',
        `Too many requests for this API key; retry after ${taken.retryAfterSeconds} s.`,
        null,
        { 'Retry-After': String(taken.retryAfterSeconds) },
      );
    }
    return key;
  }

  return (req, res) => {
    const started = process.hrtime.bigint();
    const requestId = newRequestId();
    res.setHeader('X-Request-Id', requestId);
    if (deps.isClosing?.()) res.setHeader('Connection', 'close');
    if (deps.log) {
      const log = deps.log;
      res.once('finish', () => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        log(`${req.method ?? '?'} ${printable(splitTarget(req.url).path)} ${res.statusCode} ${ms.toFixed(1)}ms ${requestId}`);
      });
    }
    const seen: Seen = { route: null, shop: null, applied: false };
    handle(req, res, seen).catch((error: unknown) => {
      if (error instanceof ApiError) {
        answered(req, res, seen, error.status, error.code);
        sendError(res, error);
        return;
      }
      if (res.destroyed || req.destroyed) {
        // The client went away; nothing to answer, but a write may still have been applied.
        answered(req, res, seen, 499, 'client_closed');
        return;
      }
      deps.log?.(`internal error in ${requestId}: ${error instanceof Error ? error.name + ': ' + error.message : 'unknown'}`);
      answered(req, res, seen, 500, 'internal_error');
      sendError(res, internalError());
    });
  };
}

/**
 * RFC 9112 3.2: an HTTP/1.1 request without Host is answered 400. Node's own check
 * (`requireHostHeader`) answers with a bare 400, so the server turns it off and the
 * pipeline answers with the envelope and a request id instead.
 */
function isMissingHost(req: IncomingMessage): boolean {
  return req.headers.host === undefined && req.httpVersionMajor === 1 && req.httpVersionMinor >= 1;
}

/**
 * Two Authorization headers make the request ambiguous (RFC 9110 5.3: the field is no list),
 * and a server that picks one lets a proxy and the service disagree on who is asking: refused
 * before any key is looked at (docs/decisions.md, "Duplicate credentials").
 */
function twoAuthorizations(): ApiError {
  return new ApiError('malformed_request', 'The request has more than one Authorization header; send exactly one.', null, { Connection: 'close' });
}

function missingHost(): ApiError {
  return new ApiError('malformed_request', 'The request has no Host header; HTTP/1.1 requires one.', null, { Connection: 'close' });
}

/** A path safe to print in a log line: no key in any form, no control characters, bounded length. */
function printable(path: string): string {
  const clean = redactSecrets(path).replace(/[^\x20-\x7e…]/g, '?');
  return clean.length > 200 ? clean.slice(0, 200) + '…' : clean;
}
