/**
 * Recently served orders' stored JSON (order_docs) kept in memory, the least recently used
 * out first (in two generations, see DocCache), so a repeated page skips SQLite (about 7 µs
 * instead of 70-90 µs per 100 orders at 1M). Exact, not approximate: this process drops an
 * order's entry when it writes to it, and everything is dropped when SQLite's data_version
 * shows a commit by another connection (a second sandbox or the keys CLI on the same file;
 * see snapshot.ts).
 *
 * An order is cached when it is read a second time (`admit`): a walk through more orders
 * than the cache holds (an export, `list --all`) would otherwise replace the pages in use
 * with orders nobody asks for again, and copy every one of them into the cache for nothing.
 */
import { snapshotsOf, type ReadSnapshots } from './snapshot.js';
import type { Db } from './sqlite.js';

/** Default entries kept: about 600 bytes each, so ~30 MB. */
export const DOC_CACHE_CAPACITY = 50_000;

/**
 * Two generations instead of an exact LRU list: entries go into `recent`; when it holds
 * half the capacity it becomes `older` and the previous `older` is dropped whole. A hit in
 * `recent` is one Map lookup; a hit in `older` moves the entry up. So the cache always
 * holds at least the last half-capacity orders used, never more than the capacity, and
 * never pays per entry to evict (an exact LRU re-inserts on every hit and walks deleted
 * slots to evict: together 5% of the server's CPU in a 200-page walk).
 */
export class DocCache {
  private recent = new Map<number, Buffer>();
  private older = new Map<number, Buffer>();
  /** Ids read from SQLite and not cached, the last half-capacity to full capacity of them. */
  private missedRecent = new Set<number>();
  private missedOlder = new Set<number>();
  private readonly snapshots: ReadSnapshots;
  private generation: number;
  private readonly half: number;

  constructor(db: Db, capacity = DOC_CACHE_CAPACITY) {
    this.half = Math.max(1, Math.floor(capacity / 2));
    this.snapshots = snapshotsOf(db);
    this.generation = this.snapshots.check();
  }

  /**
   * Drops everything if another connection committed since the last check (free inside a
   * read snapshot, which checked when it began).
   */
  revalidate(): void {
    const generation = this.snapshots.check();
    if (generation === this.generation) return;
    this.recent.clear();
    this.older.clear();
    this.generation = generation;
  }

  /** The cached JSON of order `id`, marked as just used. */
  get(id: number): Buffer | undefined {
    const doc = this.recent.get(id);
    if (doc !== undefined) return doc;
    const old = this.older.get(id);
    if (old !== undefined) {
      this.older.delete(id);
      this.addRecent(id, old);
    }
    return old;
  }

  /**
   * What to serve for order `id` just read from SQLite as `bytes` (a view into a larger
   * buffer): a copy, cached, if the order was read from SQLite before within the last
   * capacity of such reads; else `bytes` itself, uncached, and the id is remembered.
   */
  admit(id: number, bytes: Buffer): Buffer {
    if (this.missedRecent.has(id) || this.missedOlder.has(id)) {
      // A copy (small, from Node's buffer pool): a view would keep the whole buffer alive.
      const doc = Buffer.from(bytes);
      this.set(id, doc);
      return doc;
    }
    this.missedRecent.add(id);
    if (this.missedRecent.size >= this.half) {
      this.missedOlder = this.missedRecent;
      this.missedRecent = new Set();
    }
    return bytes;
  }

  set(id: number, doc: Buffer): void {
    this.older.delete(id);
    this.addRecent(id, doc);
  }

  /** Forgets an order this process is changing. */
  invalidate(id: number): void {
    this.recent.delete(id);
    this.older.delete(id);
  }

  get size(): number {
    return this.recent.size + this.older.size;
  }

  private addRecent(id: number, doc: Buffer): void {
    this.recent.set(id, doc);
    if (this.recent.size < this.half) return;
    this.older = this.recent;
    this.recent = new Map();
  }
}
