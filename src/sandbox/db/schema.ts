/**
 * The sandbox's SQLite schema and its migrations (PRAGMA user_version). Indexes are kept
 * apart from tables so bulk loads into a fresh database can build them once, at the end.
 *
 * Listing is keyset pagination by id DESC within one shop. Each index below serves one
 * access path of src/sandbox/db/list-orders.ts:
 * - idx_orders_visible: no status filter (partial: draft/cancelled are never listed)
 * - idx_orders_status:  one seek per requested status, merged by id
 * - idx_orders_name:    order_names lookups
 * - order_blocks:       a zone map (min/max submitted time per run of ids) that turns a
 *                       date window into an id span, so date filters never scan a shop
 * - order_docs:         each order's wire JSON, read by id for a page (see order-json.ts)
 */
import { scalar, type Db } from './sqlite.js';
import { ORDER_DOCS_SCHEMA, REBUILD_ORDER_DOCS } from './order-json.js';
import { transaction } from '../../sqlite/transaction.js';

const TABLES = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE shops (
  pk INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  keep_item INTEGER NOT NULL
);
CREATE TABLE api_keys (
  pk INTEGER PRIMARY KEY,
  shop_pk INTEGER NOT NULL REFERENCES shops(pk),
  name TEXT NOT NULL,
  key_hash TEXT NOT NULL UNIQUE,
  last4 TEXT NOT NULL,
  created_at TEXT NOT NULL,
  last_used_at TEXT,
  revoked_at TEXT
);
CREATE TABLE return_orders (
  id INTEGER PRIMARY KEY,
  shop_pk INTEGER NOT NULL,
  status TEXT NOT NULL,
  cust_email TEXT NOT NULL,
  cust_first_name TEXT NOT NULL,
  cust_last_name TEXT NOT NULL,
  currency TEXT NOT NULL,
  order_id TEXT NOT NULL,
  order_name TEXT NOT NULL,
  submitted_s INTEGER NOT NULL
);
CREATE TABLE return_items (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL,
  type TEXT NOT NULL CHECK (type IN ('refund', 'exchange')),
  status TEXT NOT NULL,
  title TEXT NOT NULL,
  sku TEXT,
  quantity INTEGER NOT NULL,
  price TEXT NOT NULL,
  reason TEXT,
  reject_reason TEXT,
  exchange_for_title TEXT,
  exchange_for_sku TEXT
);
CREATE TABLE order_blocks (
  shop_pk INTEGER NOT NULL,
  block_no INTEGER NOT NULL,
  lo_id INTEGER NOT NULL,
  hi_id INTEGER NOT NULL,
  min_s INTEGER NOT NULL,
  max_s INTEGER NOT NULL,
  PRIMARY KEY (shop_pk, block_no)
) WITHOUT ROWID;
`;

/** Indexes on the bulk tables, dropped and rebuilt around bulk loads. */
export const BULK_INDEXES: readonly { readonly name: string; readonly sql: string }[] = [
  {
    name: 'idx_orders_visible',
    sql: `CREATE INDEX idx_orders_visible ON return_orders (shop_pk, id, submitted_s, status) WHERE status NOT IN ('draft', 'cancelled')`,
  },
  { name: 'idx_orders_status', sql: 'CREATE INDEX idx_orders_status ON return_orders (shop_pk, status, id, submitted_s)' },
  { name: 'idx_orders_name', sql: 'CREATE INDEX idx_orders_name ON return_orders (shop_pk, order_name)' },
  { name: 'idx_items_order', sql: 'CREATE INDEX idx_items_order ON return_items (order_id)' },
];

/**
 * Migrations in order; user_version N means the first N have run. Never edit one that has
 * shipped: databases that ran it keep its result. Migration 2 adds the stored order JSON
 * and backfills it for databases written by earlier versions (empty on a fresh one);
 * migration 3 writes it again, robust to SQLite versions that drop a subquery's JSON subtype.
 */
const MIGRATIONS: readonly string[] = [
  TABLES + BULK_INDEXES.map((i) => i.sql + ';').join('\n'),
  ORDER_DOCS_SCHEMA + REBUILD_ORDER_DOCS,
  // The stored JSON written again with the items wrapped in json(): under SQLite 3.54.1 the
  // earlier triggers stored `refunds` and `exchanges` as strings.
  'DROP TRIGGER order_docs_after_order_update; DROP TRIGGER order_docs_after_item_update; DROP TABLE order_docs;' + ORDER_DOCS_SCHEMA + REBUILD_ORDER_DOCS,
];

/** Brings the schema up to date, each migration in its own transaction. */
export function migrate(db: Db): void {
  const current = scalar(db, 'PRAGMA user_version') as number;
  if (current > MIGRATIONS.length) {
    throw new Error(
      `The sandbox database was written by a newer version (schema ${current}); use a newer returns-console or another --db file.`,
    );
  }
  for (let v = current; v < MIGRATIONS.length; v++) {
    transaction(db, () => {
      db.exec(MIGRATIONS[v]!);
      db.exec(`PRAGMA user_version = ${v + 1}`);
    });
  }
}

/**
 * Runs `load` (bulk inserts of orders and items) with the bulk indexes dropped, then
 * rebuilds them (much faster for big loads) and writes every order's stored JSON (inserts
 * have no trigger: one pass at the end is far cheaper than one per item). Run inside the
 * load's transaction.
 */
export function withDeferredIndexes(db: Db, load: () => void): void {
  for (const { name } of BULK_INDEXES) db.exec(`DROP INDEX IF EXISTS ${name}`);
  try {
    load();
  } finally {
    for (const { sql } of BULK_INDEXES) db.exec(sql.replace('CREATE INDEX', 'CREATE INDEX IF NOT EXISTS'));
  }
  db.exec(REBUILD_ORDER_DOCS);
  // Sampled statistics: enough for the planner, a fraction of a full ANALYZE at 1M rows.
  db.exec('PRAGMA analysis_limit = 1000');
  db.exec('ANALYZE');
}
