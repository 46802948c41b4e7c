/**
 * The Return Orders client (stripe-node style): one undici pool per client and base URL,
 * every answer checked with the shared zod schemas, retries in one place (execute.ts with
 * retry-policy.ts), one error class, and the API key kept out of every error.
 */
import type {
  CallOptions,
  ClientOptions,
  ListAllRequest,
  ListPageRequest,
  ReturnsClient,
  WriteResult,
} from '../client-types.js';
import { DEFAULT_MAX_PAGES, DEFAULT_ROUTES, DEFAULT_TIMEOUTS } from '../client-types.js';
import { toQueryParams } from '../list-params.js';
import { readOrderSchema, readPageSchema, type Page, type ReturnOrder, type ReviewItem } from '../schemas.js';
import { checkApiKey } from './api-key.js';
import { ApiError } from './errors.js';
import { defaultSleep, execute, type ExecuteContext, type ExecuteResult } from './execute.js';
import { isReceiveApplied, isReviewApplied } from './reconcile.js';
import { parseSuccessBody, tryParseBody } from './responses.js';
import { DEFAULT_RETRY_POLICY } from './retry-policy.js';
import { parseBaseUrl, parseRoutes, routePath, type Route } from './routes.js';
import { createPool } from './transport.js';
import { RequestLanes } from '../bulk/lanes.js';

/** A page with the request id of the answer that carried it. */
export type PageWithRequestId = Page & { readonly requestId?: string };

/** The client: the ReturnsClient contract plus a page-by-page walk. */
export interface ReturnsApiClient extends ReturnsClient {
  /** Every page matching the filters, in order (for progress per page). */
  listPages(request?: ListAllRequest): AsyncIterable<PageWithRequestId>;
}

const USER_AGENT = 'returns-console/0.1';

/** Creates a client. A bad key, base URL or route makes every call reject with a `config` error. */
export function createClient(options: ClientOptions): ReturnsApiClient {
  const secrets = [options.apiKey];
  const configFailure = (): ApiError | null => {
    const keyError = checkApiKey(options.apiKey);
    if (keyError) return keyError;
    const base = parseBaseUrl(options.baseUrl);
    if (!base.ok) return new ApiError({ kind: 'config', code: 'invalid_base_url', message: base.message, secrets });
    const routes = parseRoutes(options.routes ?? DEFAULT_ROUTES);
    if (!routes.ok) return new ApiError({ kind: 'config', code: 'invalid_route', message: routes.message, secrets });
    return null;
  };
  const failure = configFailure();
  if (failure) return failingClient(() => configFailure()!);

  const base = parseBaseUrl(options.baseUrl);
  const routes = parseRoutes(options.routes ?? DEFAULT_ROUTES);
  if (!base.ok || !routes.ok) throw new Error('unreachable: checked above');
  const timeouts = options.timeouts ?? DEFAULT_TIMEOUTS;
  const pool = createPool(base.origin, timeouts, Math.max(1, options.connections ?? 8));
  let isClosed = false;

  const ctx: ExecuteContext = {
    pool,
    origin: base.origin,
    host: base.host,
    headers: { authorization: `Bearer ${options.apiKey}`, accept: 'application/json', 'user-agent': USER_AGENT },
    timeouts,
    secrets,
    policy: {
      ...DEFAULT_RETRY_POLICY,
      maxRetries: Math.max(0, options.maxRetries ?? DEFAULT_RETRY_POLICY.maxRetries),
      backoffBaseMs: Math.max(0, options.backoffBaseMs ?? DEFAULT_RETRY_POLICY.backoffBaseMs),
    },
    hooks: options.hooks,
    // One per client (one key, one rate limit): background work yields to everything else.
    lanes: options.lanes ?? new RequestLanes(),
    sleep: options.sleep ?? defaultSleep,
    random: options.random ?? Math.random,
    now: Date.now,
  };

  const run = async (method: string, path: string, body: string | undefined, call: CallOptions): Promise<ExecuteResult> => {
    if (isClosed) {
      const error = new ApiError({ kind: 'config', code: 'client_closed', message: 'The client was closed.', secrets });
      return { ok: false, error, wasPossiblyApplied: false };
    }
    return execute({ method, path: `${base.basePath}${path}`, ...(body !== undefined && { body }) }, ctx, call);
  };

  const listPage = async (request: ListPageRequest = {}): Promise<PageWithRequestId> => {
    const { filters = {}, limit, cursor } = request;
    const query = toQueryParams(filters, { limit, cursor }).toString();
    const result = await run('GET', `/return_orders${query ? `?${query}` : ''}`, undefined, request);
    if (!result.ok) throw result.error;
    const page = parseSuccessBody(result.raw, readPageSchema, 'a page of return orders', secrets);
    return result.raw.requestId === undefined ? page : { ...page, requestId: result.raw.requestId };
  };

  async function* listPages({ maxPages = DEFAULT_MAX_PAGES, ...request }: ListAllRequest = {}): AsyncGenerator<PageWithRequestId> {
    const seen = new Set<string>();
    let cursor: string | undefined;
    for (let pages = 1; ; pages++) {
      const page = await listPage({ ...request, ...(cursor !== undefined && { cursor }) });
      yield page;
      if (!page.has_more) return;
      if (pages >= maxPages) {
        throw new ApiError({
          kind: 'schema',
          code: 'too_many_pages',
          message: `Stopped after ${pages} pages: the service still said more pages exist.`,
          requestId: page.requestId,
          secrets,
        });
      }
      // A service that says "more" without a fresh cursor would make this walk endless.
      if (page.next_cursor === null || seen.has(page.next_cursor)) {
        throw new ApiError({
          kind: 'schema',
          code: 'invalid_response',
          field: 'next_cursor',
          message: `The service said more pages exist but gave ${page.next_cursor === null ? 'no' : 'a repeated'} next_cursor${page.requestId ? ` [request id ${page.requestId}]` : ''}.`,
          requestId: page.requestId,
          secrets,
        });
      }
      seen.add(page.next_cursor);
      cursor = page.next_cursor;
    }
  }

  async function* listAll(request: ListAllRequest = {}): AsyncGenerator<ReturnOrder> {
    for await (const page of listPages(request)) yield* page.data;
  }

  const getOrder = async (id: number, call: CallOptions = {}): Promise<ReturnOrder | null> => {
    checkId(id, secrets);
    const page = await listPage({ ...call, filters: { ids: [id] } });
    const order = page.data.find((o) => o.id === id);
    if (order) return order;
    if (page.data.length === 0) return null;
    throw new ApiError({
      kind: 'schema',
      code: 'invalid_response',
      field: 'data[0].id',
      message: `Asked for return order ${id} but the service answered with order ${page.data[0]!.id}${page.requestId ? ` [request id ${page.requestId}]` : ''}.`,
      requestId: page.requestId,
      secrets,
    });
  };

  /** A review or receive: D2 success rules, and reconciliation of a retried write. */
  const write = async (
    route: Route,
    id: number,
    body: string | undefined,
    isApplied: (order: ReturnOrder | null) => boolean,
    call: CallOptions,
  ): Promise<WriteResult> => {
    checkId(id, secrets);
    const sendsBody = route.method !== 'GET' && route.method !== 'DELETE';
    const result = await run(route.method, routePath(route, id), sendsBody ? body : undefined, call);
    if (!result.ok) {
      const { error } = result;
      if (result.wasPossiblyApplied && error.status === 422 && error.code === 'invalid_state_transition') {
        const order = await getOrder(id, call).catch(() => null);
        if (isApplied(order)) return { order, isAlreadyApplied: true, ...(error.requestId && { requestId: error.requestId }) };
      }
      throw error;
    }
    const { requestId } = result.raw;
    const order = tryParseBody(result.raw, readOrderSchema);
    if (order && order.id === id) return { order, isAlreadyApplied: false, ...(requestId && { requestId }) };
    // D2: any 200 is success; the body is not the order, so read it from the list endpoint.
    // The write has happened: a failed re-read must not turn it into a failure.
    const fresh = await getOrder(id, { signal: call.signal }).catch(() => null);
    return { order: fresh, isAlreadyApplied: false, ...(requestId && { requestId }) };
  };

  return {
    listPage,
    listPages,
    listAll,
    getOrder,
    review: (id: number, items: readonly ReviewItem[], call: CallOptions = {}) =>
      write(routes.review, id, JSON.stringify({ items }), (order) => isReviewApplied(order, items), call),
    receive: (id: number, call: CallOptions = {}) => write(routes.receive, id, '{}', isReceiveApplied, call),
    close: async () => {
      if (isClosed) return;
      isClosed = true;
      await pool.close();
    },
  };
}

/** Ids are positive whole numbers (they go into a path and a query). */
function checkId(id: number, secrets: readonly string[]): void {
  if (!Number.isSafeInteger(id) || id < 1) {
    throw new ApiError({
      kind: 'validation',
      code: 'invalid_argument',
      param: 'id',
      message: `A return order id is a positive whole number (got ${JSON.stringify(String(id)).slice(0, 40)}).`,
      secrets,
    });
  }
}

/** A client whose every call rejects with a configuration error (made fresh per call). */
function failingClient(error: () => ApiError): ReturnsApiClient {
  const reject = () => Promise.reject(error());
  // eslint-disable-next-line require-yield -- it fails at its first step, as the real iterators do on a refused key
  async function* failing(): AsyncGenerator<never> {
    throw error();
  }
  return {
    listPage: reject,
    listPages: failing,
    listAll: failing,
    getOrder: reject,
    review: reject,
    receive: reject,
    close: async () => {},
  };
}
