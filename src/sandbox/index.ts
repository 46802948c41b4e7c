/**
 * The sandbox: a stateful, spec-exact implementation of the Return Orders interface on
 * SQLite. `startSandbox` opens (or creates) the database, loads a fixture or demo data,
 * and serves the interface over node:http.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_BASE_PATH } from '../api/schemas.js';
import {
  DEFAULT_CURSOR_TTL_SECONDS,
  DEFAULT_HEADERS_TIMEOUT_MS,
  DEFAULT_HOST,
  DEFAULT_IDLE_TIMEOUT_MS,
  DEFAULT_PORT,
  DEFAULT_RATE_LIMIT,
  DEFAULT_REQUEST_TIMEOUT_MS,
  defaultDbPath,
} from './config.js';
import { KeyLookup, listKeys } from './db/keys.js';
import { OrderLister } from './db/list-orders.js';
import { cursorSecret, getMeta, isEmpty } from './db/meta.js';
import { isMemoryPath, openDatabase, type Db } from './db/open.js';
import { OrderStore } from './db/orders.js';
import { generateDemoData } from './demo/generate.js';
import { demoKeysFor, type DemoKey } from './demo/keys.js';
import { loadFixture, readFixtureFile } from './fixture/load.js';
import type { FixtureData } from './fixture/schema.js';
import { FixtureError, validateFixture } from './fixture/validate.js';
import { answerClientError, answerConnect, closer, listenOn } from './http/lifecycle.js';
import { openRequestLog, type RequestLog } from './http/request-log.js';
import { createPipeline } from './http/server.js';
import { hashApiKey } from './keys.js';
import { TokenBucketLimiter } from './rate-limit.js';

export interface SandboxOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 4010; 0 = any free port. */
  port?: number;
  /**
   * SQLite file (WAL). Default: ':memory:' when a fixture is given, else
   * <dataDir>/sandbox.db (see sandboxDataDir).
   */
  dbPath?: string;
  /** D12 fixture file: load exactly that data into a fresh database. */
  dataPath?: string;
  /** The same, as an already-parsed document. */
  fixture?: unknown;
  /** Demo orders to generate into an empty database without a fixture (default 2400). */
  demoOrders?: number;
  /** Demo data seed. */
  seed?: string | number;
  /** Requests per second per key (burst twice that); 0 = off. Default 20. */
  rateLimit?: number;
  /** Cursor lifetime, default 900. */
  cursorTtlSeconds?: number;
  /** Added delay per request, ms. */
  latencyMs?: number;
  /** Share (0..1) of requests answered with an injected failure, decided before any change. */
  failRate?: number;
  /** 500 (api_error internal_error, default) or 429 (rate_limit_exceeded with Retry-After). */
  failStatus?: 500 | 429;
  /** No logging to stdout/stderr. */
  quiet?: boolean;
  /** Clock in ms (cursor expiry, rate limiting, last_used_at); for tests. */
  now?: () => number;
  /** Environment for default paths (default process.env). */
  env?: NodeJS.ProcessEnv;
  /** Where request log lines go when not quiet (default stderr). */
  log?: (line: string) => void;
  /** Longest wait for a request's headers, ms (default 10 000); then 408 request_timeout. */
  headersTimeoutMs?: number;
  /** Longest wait for a whole request, headers and body, ms (default 30 000; at least headersTimeoutMs). */
  requestTimeoutMs?: number;
  /** Longest pause while a request body arrives, ms (default 10 000). */
  idleTimeoutMs?: number;
  /** A file to append one JSON line per answered request to (sandbox extension, see http/request-log.ts). */
  requestLogPath?: string;
}

export interface RunningSandbox {
  /** http://HOST:PORT/public-api/v1 with the real port. */
  readonly url: string;
  readonly port: number;
  readonly dbPath: string;
  /**
   * The demo API keys, when the database holds generated demo data (generated now or
   * on an earlier start; revoked demo keys are left out). Empty for fixtures.
   */
  readonly demoKeys: readonly DemoKey[];
  /** Stops accepting, lets in-flight requests finish, closes the database. */
  close(): Promise<void>;
}

/** Starts a sandbox; rejects with a clear message (bad fixture, port in use, ...). */
export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const now = options.now ?? Date.now;
  const hasFixture = options.dataPath !== undefined || options.fixture !== undefined;
  const dbPath = options.dbPath ?? (hasFixture ? ':memory:' : defaultDbPath(options.env ?? process.env));
  // Validate the fixture before touching any database file.
  const fixture: FixtureData | undefined =
    options.fixture !== undefined
      ? validateFixture(options.fixture)
      : options.dataPath !== undefined
        ? readFixtureFile(options.dataPath)
        : undefined;

  const db = openDatabase(dbPath);
  let requestLog: RequestLog | undefined;
  try {
    if (fixture) {
      if (!isEmpty(db)) {
        throw new FixtureError(
          `the database ${dbPath} already holds data; --data loads only into a fresh database. Remove the file or choose another --db.`,
        );
      }
      loadFixture(db, fixture, isoSeconds(now()));
    } else if (isEmpty(db)) {
      generateDemoData(db, { orders: options.demoOrders, seed: options.seed, endAt: now() });
    }
    const demoKeys = activeDemoKeys(db);
    const state = { isClosing: false };
    requestLog = options.requestLogPath === undefined ? undefined : openRequestLog(options.requestLogPath);
    const server = await listen(db, options, now, () => state.isClosing, requestLog);
    const port = (server.address() as AddressInfo).port;
    const host = options.host ?? DEFAULT_HOST;
    const log = requestLog;
    return {
      url: `http://${host.includes(':') ? `[${host}]` : host}:${port}${API_BASE_PATH}`,
      port,
      dbPath,
      demoKeys,
      close: closer(server, db, state, () => log?.close()),
    };
  } catch (error) {
    db.close();
    requestLog?.close();
    throw error;
  }
}

function isoSeconds(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19) + 'Z';
}

/** Demo keys of the database's demo seed that are still stored and not revoked. */
function activeDemoKeys(db: Db): DemoKey[] {
  const seed = getMeta(db, 'demo_seed');
  if (seed === undefined) return [];
  const active = new Set(listKeys(db).filter((k) => k.revoked_at === null).map((k) => k.key_hash));
  return demoKeysFor(seed).filter((k) => active.has(hashApiKey(k.key)));
}

/** The three waits on what a client sends, ms; the headers' never longer than the whole request's (Node refuses that). */
export function clientTimeouts(options: Pick<SandboxOptions, 'headersTimeoutMs' | 'requestTimeoutMs' | 'idleTimeoutMs'>) {
  const request = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  return {
    headers: Math.min(options.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS, request),
    request,
    idle: options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS,
  };
}

function listen(db: Db, options: SandboxOptions, now: () => number, isClosing: () => boolean, requestLog: RequestLog | undefined): Promise<Server> {
  const log = options.quiet ? undefined : (options.log ?? ((line: string) => process.stderr.write(line + '\n')));
  const rate = options.rateLimit ?? DEFAULT_RATE_LIMIT;
  const timeouts = clientTimeouts(options);
  const pipeline = createPipeline({
    services: {
      db,
      orders: new OrderStore(db),
      lister: new OrderLister(db),
      cursorSecret: cursorSecret(db),
      cursorTtlSeconds: options.cursorTtlSeconds ?? DEFAULT_CURSOR_TTL_SECONDS,
    },
    keys: new KeyLookup(db),
    limiter: new TokenBucketLimiter(rate),
    faults: {
      latencyMs: options.latencyMs ?? 0,
      failRate: options.failRate ?? 0,
      failStatus: options.failStatus ?? 500,
      random: Math.random,
    },
    now,
    log,
    isClosing,
    bodyIdleMs: timeouts.idle,
    ...(requestLog && { requestLog }),
  });
  // Every answer carries the envelope and X-Request-Id: Node's own Host check would send a
  // bare 400 (the pipeline checks instead), an unknown Expect a bare 417 (it is ignored, as
  // RFC 9110 10.1.1 allows), and CONNECT no answer at all. Node checks its header and request
  // timeouts every connectionsCheckingInterval (30 s by default): often enough here that a
  // timeout ends within a quarter of itself.
  const server = createServer(
    {
      keepAliveTimeout: 5_000,
      requireHostHeader: false,
      headersTimeout: timeouts.headers,
      requestTimeout: timeouts.request,
      connectionsCheckingInterval: Math.max(10, Math.min(1_000, Math.floor(Math.min(timeouts.headers, timeouts.request) / 4))),
    },
    pipeline,
  );
  server.on('clientError', answerClientError);
  server.on('checkExpectation', pipeline);
  server.on('connect', answerConnect);
  return listenOn(server, options.host ?? DEFAULT_HOST, options.port ?? DEFAULT_PORT);
}

export { DEFAULT_DEMO_SEED, demoKeysFor, type DemoKey } from './demo/keys.js';
export { DEFAULT_DEMO_ORDERS, generateDemoData, type DemoOptions } from './demo/generate.js';
export { openDatabase, type Db } from './db/open.js';
export { FixtureError } from './fixture/validate.js';
export { sandboxDataDir, defaultDbPath } from './config.js';
export { isMemoryPath };
