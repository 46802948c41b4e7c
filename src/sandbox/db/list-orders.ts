/**
 * The list query engine: keyset pagination by id DESC within one shop. Every access
 * path reads at most (limit + 1) index entries per stream, so a page costs the same at
 * a thousand orders and at a million:
 * - ids:          primary-key lookups
 * - order_names:  idx_orders_name lookups
 * - statuses:     one idx_orders_status range per status, merged by id in SQL
 * - otherwise:    idx_orders_visible (partial index without draft/cancelled)
 * A date window is first narrowed to an id span with the order_blocks zone map (ids grow
 * with submission time in practice), and then checked exactly on the covering index.
 */
import { RETURN_ORDER_STATUSES } from '../../api/schemas.js';
import type { SQLInputValue } from 'node:sqlite';
import { numberParameters, type Db, type NumberedSql, type Statement } from './sqlite.js';

/** What to list, already validated. Bounds are inclusive. */
export interface ListPlan {
  readonly shopPk: number;
  /** Page size; the engine returns up to limit + 1 ids so the caller knows has_more. */
  readonly limit: number;
  /** Only ids below this one (from a cursor), or null for the first page. */
  readonly beforeId: number | null;
  readonly statuses?: readonly string[];
  readonly ids?: readonly number[];
  readonly orderNames?: readonly string[];
  /** submitted_at bounds in epoch seconds, or null when unbounded. */
  readonly minS: number | null;
  readonly maxS: number | null;
}

const NO_MIN = -1e15;
const NO_MAX = 1e15;
/** Status conditions: the listed ones (a JSON list), or every listable status (the cheaper NOT IN). */
const IN_STATUSES = 'status IN (SELECT value FROM json_each(@statuses))';
const VISIBLE = "status NOT IN ('draft', 'cancelled')";
const RANGE = 'AND id BETWEEN @lo AND @hi AND submitted_s BETWEEN @minS AND @maxS';
const NEWEST_FIRST = 'ORDER BY id DESC LIMIT @n';
const COMMON = `${RANGE} ${NEWEST_FIRST}`;
const BY_STATUS = 'SELECT id FROM return_orders INDEXED BY idx_orders_status WHERE shop_pk = @shop AND status =';

/**
 * Several statuses: one idx_orders_status range per status (parameters @s0, @s1, …), merged
 * by SQLite in id order (its plan: MERGE (UNION ALL) of the ranges, no sort), so it reads
 * about limit + k entries and stops.
 */
function anyOfStatusesSql(count: number): string {
  const ranges = Array.from({ length: count }, (_, i) => `${BY_STATUS} @s${i} ${RANGE}`);
  return `${ranges.join(' UNION ALL ')} ${NEWEST_FIRST}`;
}

/** Named parameters shared by the statements (a type alias, so it binds as a record). */
type Bind = {
  shop: number;
  lo: number;
  hi: number;
  minS: number;
  maxS: number;
  /** The LIMIT: written into the statement, not bound (see IdStatement). */
  n: number;
};

/**
 * Parameters of the listing statements, by their names in the SQL without the @ (bound by
 * position, see IdStatement).
 */
type Params = Omit<Bind, 'n'> & {
  status?: string;
  ids?: string;
  statuses?: string;
  names?: string | null;
  /** The statuses of anyOfStatusesSql, @s0, @s1, … */
  [status: `s${number}`]: string;
};

/**
 * A statement that selects one column of ids, newest first, prepared to return them as
 * one JSON array: one row crosses into JavaScript instead of one per id.
 *
 * Prepared once per LIMIT (a page size plus one, at most MAX_PAGE_SIZE + 1 of them), with
 * the number written into the SQL: SQLite plans a literal LIMIT better than a bound one
 * (the figures of both choices are in docs/performance.md).
 */
class IdStatement {
  private readonly byLimit = new Map<number, Statement>();
  /**
   * The same SQL with its parameters numbered, run with values by position: node:sqlite
   * binds by position for less than by name.
   */
  private readonly numbered: NumberedSql;

  constructor(
    private readonly db: Db,
    private readonly sql: string,
  ) {
    this.numbered = numberParameters(sql.replace('LIMIT @n', 'LIMIT {n}'));
  }

  /**
   * The SQL with named parameters and its LIMIT as one (query-plan checks bind them by
   * name); it runs with the same parameters numbered (numberParameters).
   */
  get sourceSQL(): string {
    return asIdArray(this.sql);
  }

  /** The ids selected with `params` and LIMIT `n`, highest first. */
  ids(n: number, params: Params): number[] {
    let stmt = this.byLimit.get(n);
    if (stmt === undefined) {
      if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`LIMIT must be a positive integer, got ${n}`);
      stmt = this.db.prepare(asIdArray(this.numbered.sql.replace('LIMIT {n}', `LIMIT ${n}`)));
      stmt.setReturnArrays(true);
      this.byLimit.set(n, stmt);
    }
    const values = this.numbered.names.map((name) => params[name as keyof Params] ?? null);
    return idsOf(stmt, values);
  }
}

/** A statement selecting ids, as one that returns them in one JSON array. */
const asIdArray = (sql: string) => `SELECT json_group_array(id) FROM (${sql})`;

/** The ids `stmt` selects with `values` (by position), highest first. */
function idsOf(stmt: Statement, values: readonly SQLInputValue[]): number[] {
  const [json] = stmt.get(...values) as unknown as [string];
  const ids = JSON.parse(json) as number[];
  // The subquery yields them in its ORDER BY, but SQL does not promise an aggregate's
  // input order: checked in one pass, sorted only if it ever differs.
  for (let i = 1; i < ids.length; i++) {
    if (ids[i - 1]! <= ids[i]!) return ids.sort((a, b) => b - a);
  }
  return ids;
}

export class OrderLister {
  private readonly span: Statement;
  private readonly visible: IdStatement;
  private readonly byStatus: IdStatement;
  /** By the number of statuses (2 to all but one; all of them is `visible`). */
  private readonly byStatuses = new Map<number, IdStatement>();
  private readonly byIds: IdStatement;
  private readonly byIdsVisible: IdStatement;
  private readonly byNames: IdStatement;
  private readonly byNamesVisible: IdStatement;
  /**
   * Date window -> id span. Exact for the server's lifetime: the zone map is built only
   * when data is loaded into a fresh database, and no operation changes submitted_at.
   */
  private readonly spans = new Map<string, { lo: number; hi: number } | null>();

  constructor(private readonly db: Db) {
    this.span = db.prepare(
      'SELECT min(lo_id) AS lo, max(hi_id) AS hi FROM order_blocks WHERE shop_pk = ? AND max_s >= ? AND min_s <= ?',
    );
    this.visible = new IdStatement(
      db,
      `SELECT id FROM return_orders INDEXED BY idx_orders_visible
       WHERE shop_pk = @shop AND status NOT IN ('draft', 'cancelled') ${COMMON}`,
    );
    this.byStatus = new IdStatement(
      db,
      `${BY_STATUS} @status ${COMMON}`,
    );
    const byIds = (status: string) =>
      `SELECT id FROM return_orders WHERE id IN (SELECT value FROM json_each(@ids)) AND shop_pk = @shop AND ${status}
       AND (@names IS NULL OR order_name IN (SELECT value FROM json_each(@names))) ${COMMON}`;
    const byNames = (status: string) =>
      `SELECT id FROM return_orders INDEXED BY idx_orders_name
       WHERE shop_pk = @shop AND order_name IN (SELECT value FROM json_each(@names)) AND ${status} ${COMMON}`;
    this.byIds = new IdStatement(db, byIds(IN_STATUSES));
    this.byIdsVisible = new IdStatement(db, byIds(VISIBLE));
    this.byNames = new IdStatement(db, byNames(IN_STATUSES));
    this.byNamesVisible = new IdStatement(db, byNames(VISIBLE));
  }

  /** The SQL of every listing statement, for query-plan checks (tests, benchmark notes). */
  statementSources(): Record<string, string> {
    return {
      span: this.span.sourceSQL,
      visible: this.visible.sourceSQL,
      byStatus: this.byStatus.sourceSQL,
      // Two statuses and the most a request can ask for without being every status.
      byTwoStatuses: asIdArray(anyOfStatusesSql(2)),
      byMostStatuses: asIdArray(anyOfStatusesSql(RETURN_ORDER_STATUSES.length - 1)),
      byIds: this.byIds.sourceSQL,
      byIdsVisible: this.byIdsVisible.sourceSQL,
      byNames: this.byNames.sourceSQL,
      byNamesVisible: this.byNamesVisible.sourceSQL,
    };
  }

  /** Up to limit + 1 matching ids, newest (highest) first. */
  listIds(plan: ListPlan): number[] {
    const bound = this.bind(plan);
    if (!bound) return [];
    const { n, ...bind } = bound;
    if (plan.ids) {
      const ids = JSON.stringify(plan.ids);
      const names = plan.orderNames ? JSON.stringify(plan.orderNames) : null;
      return plan.statuses === undefined
        ? this.byIdsVisible.ids(n, { ...bind, ids, names })
        : this.byIds.ids(n, { ...bind, ids, names, statuses: JSON.stringify(plan.statuses) });
    }
    if (plan.orderNames) {
      const names = JSON.stringify(plan.orderNames);
      return plan.statuses === undefined
        ? this.byNamesVisible.ids(n, { ...bind, names })
        : this.byNames.ids(n, { ...bind, names, statuses: JSON.stringify(plan.statuses) });
    }
    const wanted = plan.statuses ? [...new Set(plan.statuses)] : [];
    if (wanted.length === 0 || wanted.length === RETURN_ORDER_STATUSES.length) return this.visible.ids(n, bind);
    if (wanted.length === 1) return this.byStatus.ids(n, { ...bind, status: wanted[0]! });
    return this.anyOfStatuses(wanted, n, bind);
  }

  /**
   * Two or more statuses, newest first across them: one statement per number of statuses,
   * merged in SQL (reading each status's range and merging them here costs two statements,
   * twice the entries and two JSON arrays).
   */
  private anyOfStatuses(statuses: readonly string[], n: number, bind: Params): number[] {
    let statement = this.byStatuses.get(statuses.length);
    if (statement === undefined) {
      statement = new IdStatement(this.db, anyOfStatusesSql(statuses.length));
      this.byStatuses.set(statuses.length, statement);
    }
    const params: Params = { ...bind };
    statuses.forEach((status, i) => (params[`s${i}`] = status));
    return statement.ids(n, params);
  }

  private spanOf(shopPk: number, minS: number, maxS: number): { lo: number; hi: number } | null {
    const key = `${shopPk}:${minS}:${maxS}`;
    let span = this.spans.get(key);
    if (span === undefined) {
      const row = this.span.get(shopPk, minS, maxS) as { lo: number | null; hi: number | null } | undefined;
      span = row && row.lo !== null && row.hi !== null ? { lo: row.lo, hi: row.hi } : null;
      if (this.spans.size >= 10_000) this.spans.clear();
      this.spans.set(key, span);
    }
    return span;
  }

  /** Shared bindings, or null when the window holds nothing for this shop. */
  private bind(plan: ListPlan): Bind | null {
    const minS = plan.minS ?? NO_MIN;
    const maxS = plan.maxS ?? NO_MAX;
    let lo = Number.MIN_SAFE_INTEGER;
    let hi = plan.beforeId === null ? Number.MAX_SAFE_INTEGER : plan.beforeId - 1;
    if (plan.minS !== null || plan.maxS !== null) {
      const span = this.spanOf(plan.shopPk, minS, maxS);
      if (!span) return null;
      lo = span.lo;
      hi = Math.min(hi, span.hi);
    }
    if (lo > hi) return null;
    return { shop: plan.shopPk, lo, hi, minS, maxS, n: plan.limit + 1 };
  }
}

/** Rows per zone-map block: small enough to skip precisely, few enough to scan quickly. */
const BLOCK_SIZE = 512;

/**
 * Rebuilds the order_blocks zone map from scratch. Run after every bulk load; review and
 * receive never change submitted_at or ids, so it stays exact afterwards.
 */
export function rebuildBlocks(db: Db): void {
  db.exec('DELETE FROM order_blocks');
  db.prepare(
    `INSERT INTO order_blocks (shop_pk, block_no, lo_id, hi_id, min_s, max_s)
     SELECT shop_pk, rn / ${BLOCK_SIZE}, min(id), max(id), min(submitted_s), max(submitted_s)
     FROM (SELECT shop_pk, id, submitted_s, row_number() OVER (PARTITION BY shop_pk ORDER BY id) - 1 AS rn
           FROM return_orders)
     GROUP BY shop_pk, rn / ${BLOCK_SIZE}`,
  ).run();
}
