/**
 * The search index of one connection (one shop): a SQLite file of its own, 0600, in the
 * state directory, opened without following links. It is a cache of what the interface
 * lists: the walk and refreshes (src/ops/search-index) write it, searches read it.
 */
import { existsSync, rmSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { sqlite } from '../../sqlite/load.js';
import { transaction } from '../../sqlite/transaction.js';
import { APPEND_NO_FOLLOW, openNoFollow } from '../no-follow.js';
import { ensureSchema } from './index-schema.js';
import { LINE, recordOfRow, RECORD_COLUMNS, TEXT_COLUMNS, type IndexRecord } from './index-record.js';
import { runSearch, type SearchResult, type SearchStatements } from './index-search.js';

export type { IndexRecord } from './index-record.js';

export interface StoreOptions {
  /** Statuses that rarely change (checked less often by refreshes). */
  readonly settledStatuses: ReadonlySet<string>;
}


interface TextRow {
  readonly order_name: string;
  readonly order_ref: string;
  readonly first_name: string;
  readonly last_name: string;
  readonly email: string;
  readonly products: string;
  readonly skus: string;
}

/** The row of a record (lists joined by newlines, which no title the index splits on keeps). */
function textRow(r: IndexRecord): TextRow {
  return {
    order_name: r.orderName,
    order_ref: r.orderRef,
    first_name: r.firstName,
    last_name: r.lastName,
    email: r.email,
    products: r.products.join(LINE),
    skus: r.skus.join(LINE),
  };
}

/**
 * A word between the values of one full-text column that nobody types (a private-use
 * character, which the index keeps as a word and a search never holds): a phrase typed never
 * runs from one value into the next ("olivia rom" from a name "Romero Olivia" into the e-mail
 * "romero.olivia@…").
 */
const APART = ' \uE000 ';
const apart = (...values: readonly string[]) => values.join(APART);

function isSameText(a: TextRow, b: TextRow): boolean {
  return (Object.keys(a) as (keyof TextRow)[]).every((k) => a[k] === b[k]);
}

/** Creates the file 0600 when missing (SQLite would make it 0644 less the umask) and refuses a link there. */
async function preparePrivateFile(path: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const handle = await openNoFollow(path, APPEND_NO_FOLLOW, 0o600);
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new Error(`${path} is not a regular file`);
    // SQLite gives its -wal and -shm files the main file's mode.
    if (process.platform !== 'win32' && (info.mode & 0o077) !== 0) await handle.chmod(0o600);
  } finally {
    await handle.close();
  }
}

export class SearchIndexStore {
  private readonly byId: StatementSync;
  private readonly textOf: StatementSync;
  private readonly upsertRow: StatementSync;
  private readonly touchRow: StatementSync;
  private readonly putText: StatementSync;
  private readonly deleteRow: StatementSync;
  private readonly deleteText: StatementSync;
  private readonly getMetaValue: StatementSync;
  private readonly setMetaValue: StatementSync;
  private readonly oldestChecked: StatementSync;
  private readonly countRows: StatementSync;
  private readonly maxRowId: StatementSync;
  private readonly notSeenBy: StatementSync;
  private readonly newest: StatementSync;
  private readonly search: SearchStatements;

  private constructor(
    private readonly db: DatabaseSync,
    private readonly options: StoreOptions,
  ) {
    this.byId = db.prepare(`SELECT ${RECORD_COLUMNS} FROM orders WHERE id = ?`);
    this.textOf = db.prepare(`SELECT ${TEXT_COLUMNS} FROM orders WHERE id = ?`);
    this.upsertRow = db.prepare(
      `INSERT INTO orders (${RECORD_COLUMNS}, walk, checked_at, is_settled)
       VALUES (:id, :status, :submitted_at, :order_name, :order_ref, :first_name, :last_name, :email, :products, :skus, :walk, :checked_at, :is_settled)
       ON CONFLICT (id) DO UPDATE SET status = excluded.status, submitted_at = excluded.submitted_at,
         order_name = excluded.order_name, order_ref = excluded.order_ref, first_name = excluded.first_name,
         last_name = excluded.last_name, email = excluded.email, products = excluded.products, skus = excluded.skus,
         walk = max(walk, excluded.walk), checked_at = excluded.checked_at, is_settled = excluded.is_settled`,
    );
    this.touchRow = db.prepare('UPDATE orders SET status = ?, walk = max(walk, ?), checked_at = ?, is_settled = ? WHERE id = ?');
    this.putText = db.prepare('INSERT OR REPLACE INTO orders_fts (rowid, who, refs, products, skus) VALUES (?, ?, ?, ?, ?)');
    this.deleteRow = db.prepare('DELETE FROM orders WHERE id = ?');
    this.deleteText = db.prepare('DELETE FROM orders_fts WHERE rowid = ?');
    this.getMetaValue = db.prepare('SELECT value FROM meta WHERE key = ?');
    this.setMetaValue = db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)');
    this.oldestChecked = db.prepare('SELECT id FROM orders WHERE is_settled = ? AND checked_at < ? ORDER BY checked_at, id DESC LIMIT ?');
    this.countRows = db.prepare('SELECT count(*) AS n FROM orders');
    this.maxRowId = db.prepare('SELECT max(id) AS id FROM orders');
    // A full scan, once at the end of a walk: an index on `walk` cost every page's write more.
    this.notSeenBy = db.prepare('SELECT id FROM orders WHERE walk < ?');
    this.newest = db.prepare('SELECT id FROM orders ORDER BY id DESC LIMIT ?');
    this.search = {
      fts: db.prepare('SELECT rowid AS id FROM orders_fts WHERE orders_fts MATCH ? ORDER BY rowid DESC LIMIT ?'),
      count: db.prepare('SELECT count(*) AS n FROM (SELECT rowid FROM orders_fts WHERE orders_fts MATCH ? LIMIT ?)'),
      records: db.prepare(`SELECT ${RECORD_COLUMNS} FROM orders WHERE id IN (SELECT value FROM json_each(?))`),
      exactId: db.prepare('SELECT id FROM orders WHERE id = ?'),
    };
  }

  /** Opens (creating when missing) the index file at `path`. A file of another schema version is started afresh. */
  static async open(path: string, options: StoreOptions): Promise<SearchIndexStore> {
    await preparePrivateFile(path);
    let db: DatabaseSync | null = null;
    try {
      db = openDb(path);
      if (ensureSchema(db)) return new SearchIndexStore(db, options);
    } catch (error) {
      // A cache that cannot be read (damaged, or not SQLite at all) is started afresh.
      if (!isUnreadable(error)) throw error;
    }
    db?.close();
    deleteIndexFiles(path);
    await preparePrivateFile(path);
    db = openDb(path);
    ensureSchema(db);
    return new SearchIndexStore(db, options);
  }

  /** Runs `work` in one transaction (a page and the walk's position are written together). */
  atomically<T>(work: () => T): T {
    return transaction(this.db, work);
  }

  /**
   * Writes orders read from the service at `checkedAt` by walk `walk` (0: not by a walk). The
   * full-text entry is rewritten only when the searchable text changed (a status change is one row).
   */
  upsert(records: readonly IndexRecord[], walk: number, checkedAt: number): void {
    this.atomically(() => {
      for (const record of records) {
        const text = textRow(record);
        const before = this.textOf.get(record.id) as TextRow | undefined;
        const isSettled = this.options.settledStatuses.has(record.status) ? 1 : 0;
        if (before && isSameText(before, text)) {
          this.touchRow.run(record.status, walk, checkedAt, isSettled, record.id);
          continue;
        }
        this.upsertRow.run({ id: record.id, status: record.status, submitted_at: record.submittedAt, ...text, walk, checked_at: checkedAt, is_settled: isSettled });
        this.putText.run(
          record.id,
          apart(`${record.firstName} ${record.lastName}`, record.email),
          apart(String(record.id), record.orderName, record.orderRef),
          apart(...record.products),
          apart(...record.skus),
        );
      }
    });
  }

  /** Takes orders out (gone from the service: draft, cancelled, or no longer visible). */
  remove(ids: readonly number[]): void {
    this.atomically(() => {
      for (const id of ids) {
        if (this.deleteRow.run(id).changes > 0) this.deleteText.run(id);
      }
    });
  }

  /** Orders that no walk since `walk` has seen (left the listing while the index was away). */
  notSeenSince(walk: number): number[] {
    return (this.notSeenBy.all(walk) as { id: number }[]).map((r) => r.id);
  }

  /**
   * Up to `limit` ids of in-flight (`isSettled` false) or settled orders last read from the
   * service before `before`, the longest unchecked first.
   */
  longestUnchecked(isSettled: boolean, before: number, limit: number): number[] {
    return (this.oldestChecked.all(isSettled ? 1 : 0, before, limit) as { id: number }[]).map((r) => r.id);
  }

  /** The `limit` highest ids. */
  newestIds(limit: number): number[] {
    return (this.newest.all(limit) as { id: number }[]).map((r) => r.id);
  }

  get(id: number): IndexRecord | null {
    const row = this.byId.get(id);
    return row ? recordOfRow(row) : null;
  }

  count(): number {
    return (this.countRows.get() as { n: number }).n;
  }

  /** The highest id in the index (0 when empty). */
  maxId(): number {
    return (this.maxRowId.get() as { id: number | null }).id ?? 0;
  }

  /** A meta value (parsed JSON), or undefined. */
  getMeta(key: string): unknown {
    const row = this.getMetaValue.get(key) as { value: string } | undefined;
    return row === undefined ? undefined : JSON.parse(row.value);
  }

  setMeta(key: string, value: unknown): void {
    this.setMetaValue.run(key, JSON.stringify(value));
  }

  /** Empties the index (another connection's orders must never be shown). */
  clear(): void {
    this.atomically(() => {
      this.db.exec("DELETE FROM orders; DELETE FROM meta; INSERT INTO orders_fts (orders_fts) VALUES ('delete-all');");
    });
  }

  /** The orders matching `text`, best first (see index-search.ts). */
  find(text: string, limit: number): SearchResult {
    return runSearch(this.search, text, limit);
  }

  close(): void {
    if (this.db.isOpen) this.db.close();
  }
}

/** SQLite's errors for a file that is not a readable database. */
function isUnreadable(error: unknown): boolean {
  const code = (error as { errcode?: number }).errcode;
  // SQLITE_CORRUPT (11) and SQLITE_NOTADB (26).
  return code === 11 || code === 26;
}

function openDb(path: string): DatabaseSync {
  const db = new (sqlite().DatabaseSync)(path);
  try {
    db.exec('PRAGMA journal_mode = WAL');
    // The console and a `search` command may write at the same time.
    db.exec('PRAGMA busy_timeout = 5000');
    db.exec('PRAGMA synchronous = NORMAL');
    db.exec('PRAGMA cache_size = -8192');
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/** Deletes the index file and SQLite's files beside it; true when there was an index. */
export function deleteIndexFiles(path: string): boolean {
  const existed = existsSync(path);
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(path + suffix, { force: true });
  return existed;
}
