/**
 * The search index's SQLite schema (PRAGMA user_version). The index is a cache of what the
 * interface lists, holding only what search needs: the customer's name and e-mail, the
 * order's names and ids, its status and submission time, and its items' titles and SKUs.
 *
 * - orders:     one row per indexed order; `walk` is the walk that last saw it, `checked_at`
 *               when it was last read from the service, `is_settled` whether its status is
 *               one that rarely changes (checked less often)
 * - orders_fts: full-text index (FTS5, unicode61 words without accents, prefix indexes of 1 to
 *               4 characters: a word being typed is a prefix query, and the starts of order
 *               numbers are shared by thousands of words) over who (name,
 *               e-mail), refs (id, order name, original order id), products (titles) and
 *               skus; contentless, so the text is stored once. Exact lookups (an order name,
 *               an e-mail) go through it too: B-tree indexes for them doubled a page's write
 *               time, and the walk writes on the console's thread (docs/search.md)
 * - meta:       the walk's progress, the connection it belongs to, when it was refreshed
 */
import type { DatabaseSync } from 'node:sqlite';

const SCHEMA = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE orders (
  id INTEGER PRIMARY KEY,
  status TEXT NOT NULL,
  submitted_at TEXT NOT NULL,
  order_name TEXT NOT NULL,
  order_ref TEXT NOT NULL,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  email TEXT NOT NULL,
  products TEXT NOT NULL,
  skus TEXT NOT NULL,
  walk INTEGER NOT NULL,
  checked_at INTEGER NOT NULL,
  is_settled INTEGER NOT NULL
);
CREATE INDEX orders_check ON orders (is_settled, checked_at);
CREATE VIRTUAL TABLE orders_fts USING fts5(
  who, refs, products, skus,
  content = '', contentless_delete = 1,
  tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3 4'
);
`;

/** The schema's version; a file of a newer one is started afresh (it is only a cache). */
export const INDEX_SCHEMA_VERSION = 1;

/** Creates the schema in an empty database; false when the file has another version. */
export function ensureSchema(db: DatabaseSync): boolean {
  const version = () => (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
  if (version() === INDEX_SCHEMA_VERSION) return true;
  // Another process (the console and a `search` command) may be creating it at the same time.
  db.exec('BEGIN IMMEDIATE');
  try {
    const found = version();
    if (found === 0) db.exec(`${SCHEMA} PRAGMA user_version = ${INDEX_SCHEMA_VERSION};`);
    db.exec('COMMIT');
    return found === 0 || found === INDEX_SCHEMA_VERSION;
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  }
}
