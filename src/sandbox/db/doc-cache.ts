/**
 * Recently served orders' stored JSON (order_docs) kept in memory, the least recently used
 * out first (in two generations, see DocCache), so a repeated page skips SQLite (about 7 µs
 * instead of 70-90 µs per 100 orders at 1M). Exact, not approximate: this process drops an
 * order's entry when it writes to it, and everything is dropped when SQLite's data_version
 * shows a commit by another connection (a second sandbox or the keys CLI on the same file;
 * see snapshot.ts).
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
