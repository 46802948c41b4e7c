/**
 * Query plans and in-process cost of each scenario, using the sandbox's own code: the
 * request's query string goes to the sandbox's list handler (listReturnOrders) with real
 * services, every statement it executes is recorded (SQL text from node:sqlite's
 * `sourceSQL`, with its real bindings) and explained with EXPLAIN QUERY PLAN, and its steps
 * are timed by wrapping the lister's and the store's methods. Nothing of the SQL or of the
 * handler is copied here.
 */
import type { SQLInputValue } from 'node:sqlite';
import { KeyLookup } from '../../src/sandbox/db/keys.js';
import { OrderLister } from '../../src/sandbox/db/list-orders.js';
import { cursorSecret } from '../../src/sandbox/db/meta.js';
import { openDatabase, type Db } from '../../src/sandbox/db/open.js';
import { OrderStore } from '../../src/sandbox/db/orders.js';
import { snapshotsOf } from '../../src/sandbox/db/snapshot.js';
import type { Statement } from '../../src/sandbox/db/sqlite.js';
import { findShop } from '../../src/sandbox/db/shops.js';
import { hashApiKey } from '../../src/sandbox/keys.js';
import type { RawJson, Services } from '../../src/sandbox/http/context.js';
import { listReturnOrders } from '../../src/sandbox/http/handlers/list.js';

export interface ExplainedStatement {
  /** Which step ran it: auth, or the list handler (id query, then the orders' stored JSON). */
  readonly step: string;
  readonly sql: string;
  /** EXPLAIN QUERY PLAN rows, indented by depth. */
  readonly plan: readonly string[];
}

export interface PhaseCost {
  /** Median microseconds per page, in-process, no HTTP. The whole list handler: */
  readonly handlerWarmUs: number;
  readonly handlerColdUs: number;
  /** of which OrderLister.listIds (the id query): */
  readonly listIdsUs: number;
  /** of which OrderStore.pageDocs for a page just read (repeated): */
  readonly pageWarmUs: number;
  /** of which OrderStore.pageDocs through a fresh store (statements just prepared): */
  readonly pageColdUs: number;
  readonly bodyBytes: number;
}

export interface ScenarioAnalysis {
  readonly statements: readonly ExplainedStatement[];
  /** Plan lines that scan a real table (any alias) without an index. */
  readonly fullScans: readonly string[];
  readonly cost: PhaseCost;
}

interface Recorded {
  source: string;
  args: unknown[];
}

/** Records every `all`/`get`/`iterate` of any statement while `recording` is on. */
function installRecorder(db: Db): { readonly log: Recorded[]; recording: boolean } {
  const state = { log: [] as Recorded[], recording: false };
  const proto = Object.getPrototypeOf(db.prepare('SELECT 1')) as Record<string, unknown>;
  for (const method of ['all', 'get', 'iterate'] as const) {
    const original = proto[method] as (this: Statement, ...args: unknown[]) => unknown;
    proto[method] = function (this: Statement, ...args: unknown[]) {
      if (state.recording) state.log.push({ source: this.sourceSQL, args });
      return original.apply(this, args);
    };
  }
  return state;
}

function explain(db: Db, { source, args }: Recorded): string[] {
  const rows = db.prepare(`EXPLAIN QUERY PLAN ${source}`).all(...(args as SQLInputValue[])) as unknown as {
    id: number;
    parent: number;
    detail: string;
  }[];
  const depth = new Map<number, number>([[0, -1]]);
  return rows.map((r) => {
    const d = (depth.get(r.parent) ?? -1) + 1;
    depth.set(r.id, d);
    return `${'  '.repeat(d)}${r.detail}`;
  });
}

/**
 * True for a plan line that reads a whole table: `SCAN t` (t may be an alias) without an
 * index. Scans of json_each's virtual table, of subqueries and of constant rows are not.
 */
export function isFullScan(line: string): boolean {
  const match = /^\s*SCAN (\S+)(.*)$/.exec(line);
  if (!match) return false;
  const [, name, rest] = match as unknown as [string, string, string];
  return !name.startsWith('(') && !/^CONSTANT ROW/.test(`${name}${rest}`) && !/\bUSING\b|VIRTUAL TABLE/.test(rest);
}

/** Wraps one method of one object so each call reports its duration in ms. */
function timeMethod<T extends object>(target: T, name: keyof T & string, report: (ms: number) => void): void {
  const original = (target[name] as (...args: unknown[]) => unknown).bind(target);
  Object.defineProperty(target, name, {
    value: (...args: unknown[]) => {
      const started = performance.now();
      try {
        return original(...args);
      } finally {
        report(performance.now() - started);
      }
    },
  });
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

export interface AnalyzeInput {
  readonly dbPath: string;
  readonly shopId: string;
  readonly apiKey: string;
  readonly cursorTtlSeconds: number;
  /** Scenario key to the query strings it requests. */
  readonly scenarios: readonly { readonly key: string; readonly queries: readonly string[] }[];
  /** In-process repetitions per scenario for the phase costs. */
  readonly iterations: number;
}

/** Explains and times each scenario in this process (run while no server is measured). */
export function analyzeScenarios(input: AnalyzeInput): Map<string, ScenarioAnalysis> {
  const db = openDatabase(input.dbPath);
  try {
    const recorder = installRecorder(db);
    const lister = new OrderLister(db);
    const shop = findShop(db, input.shopId);
    if (!shop) throw new Error(`shop ${input.shopId} is not in ${input.dbPath}`);
    const secret = cursorSecret(db);
    const out = new Map<string, ScenarioAnalysis>();

    const shopCtx = { pk: shop.pk, id: shop.id, hasKeepItem: shop.keep_item === 1 };
    const services = (orders: OrderStore): Services => ({
      db,
      orders,
      lister,
      cursorSecret: secret,
      cursorTtlSeconds: input.cursorTtlSeconds,
    });
    const spent = { list: 0, page: 0 };
    timeMethod(lister, 'listIds', (ms) => (spent.list = ms));
    // As the server runs a GET: inside one read snapshot (db/snapshot.ts).
    const reads = snapshotsOf(db);
    const runHandler = (query: string, orders: OrderStore) =>
      reads.read(() =>
        listReturnOrders({
          req: undefined as never,
          route: { name: 'list', orderId: null },
          search: new URLSearchParams(query),
          body: Buffer.alloc(0),
          now: Date.now(),
          shop: shopCtx,
          services: services(orders),
          recheckKey: () => {},
          markApplied: () => {},
        }),
      ) as RawJson;

    for (const scenario of input.scenarios) {
      // Record one request's statements (the middle page of a walk) through a fresh store.
      const sample = scenario.queries[Math.floor(scenario.queries.length / 2)]!;
      const steps: { step: string; rec: Recorded[] }[] = [];
      const record = (step: string, fn: () => unknown) => {
        recorder.log.length = 0;
        recorder.recording = true;
        try {
          fn();
        } finally {
          recorder.recording = false;
        }
        steps.push({ step, rec: [...recorder.log] });
      };
      const coldForPlans = new OrderStore(db);
      record('auth (on a key\'s first request, then from memory until another connection commits)', () =>
        new KeyLookup(db).findByHash(hashApiKey(input.apiKey)),
      );
      record('list handler', () => runHandler(sample, coldForPlans));
      const statements = steps.flatMap(({ step, rec }) =>
        rec
          .filter((r) => !/^\s*PRAGMA/i.test(r.source))
          .map((r) => ({ step, sql: r.source.replace(/\s+/g, ' ').trim(), plan: explain(db, r) })),
      );
      const fullScans = statements.flatMap((s) => s.plan.filter(isFullScan).map((l) => `${s.step}: ${l.trim()}`));

      const warmStore = new OrderStore(db);
      timeMethod(warmStore, 'pageDocs', (ms) => (spent.page = ms));
      const c = { warm: [] as number[], cold: [] as number[], list: [] as number[], pageWarm: [] as number[], pageCold: [] as number[] };
      let bodyBytes = 0;
      for (let i = 0; i < input.iterations; i++) {
        const query = scenario.queries[i % scenario.queries.length]!;
        // A fresh store: statements just prepared, the page read for the first time in this loop.
        const coldStore = new OrderStore(db);
        timeMethod(coldStore, 'pageDocs', (ms) => (spent.page = ms));
        let t = performance.now();
        runHandler(query, coldStore);
        c.cold.push(performance.now() - t);
        c.pageCold.push(spent.page);
        // The page read twice just before (orders are cached on their second read), as a page
        // requested again and again.
        runHandler(query, warmStore);
        runHandler(query, warmStore);
        t = performance.now();
        const result = runHandler(query, warmStore);
        c.warm.push(performance.now() - t);
        c.pageWarm.push(spent.page);
        c.list.push(spent.list);
        bodyBytes = result.byteLength;
      }
      const us = (v: number[]) => Math.round(median(v) * 1000);
      out.set(scenario.key, {
        statements,
        fullScans,
        cost: {
          handlerWarmUs: us(c.warm),
          handlerColdUs: us(c.cold),
          listIdsUs: us(c.list),
          pageWarmUs: us(c.pageWarm),
          pageColdUs: us(c.pageCold),
          bodyBytes,
        },
      });
    }
    return out;
  } finally {
    db.close();
  }
}
