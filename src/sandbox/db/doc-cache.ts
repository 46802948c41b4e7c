/**
 * Recently served orders' stored JSON (order_docs) kept in memory, the least recently used
 * out first (in two generations, see DocCache), so a repeated page skips SQLite (about a
 * tenth of the cost, docs/performance.md). Exact, not approximate: this process drops an
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
 * `half` entries it becomes `older` and the previous `older` is dropped whole. A hit in
 * `recent` is one Map lookup; a hit in `older` moves the entry up. So it always holds at
 * least the last `half` entries used, never more than twice that, and never pays per entry
 * to evict (an exact LRU re-inserts on every hit and walks deleted slots to evict: together
 * 5% of the server's CPU in a 200-page walk).
 */
class Generations<V> {
  private recent = new Map<number, V>();
  private older = new Map<number, V>();

  constructor(private readonly half: number) {}

  /** The value of `id`, marked as just used. */
  get(id: number): V | undefined {
    const value = this.recent.get(id);
    if (value !== undefined) return value;
    const old = this.older.get(id);
    if (old !== undefined) {
      this.older.delete(id);
      this.addRecent(id, old);
    }
    return old;
  }

  set(id: number, value: V): void {
    this.older.delete(id);
    this.addRecent(id, value);
  }

  delete(id: number): void {
    this.recent.delete(id);
    this.older.delete(id);
  }

  clear(): void {
    this.recent.clear();
    this.older.clear();
  }

  get size(): number {
    return this.recent.size + this.older.size;
  }

  private addRecent(id: number, value: V): void {
    this.recent.set(id, value);
    if (this.recent.size < this.half) return;
    this.older = this.recent;
    this.recent = new Map();
  }
}

export class DocCache {
  private readonly docs: Generations<Buffer>;
  /** Ids read from SQLite and not cached (the last half-capacity to full capacity of them). */
  private readonly missed: Generations<true>;
  private readonly snapshots: ReadSnapshots;
  private generation: number;

  constructor(db: Db, capacity = DOC_CACHE_CAPACITY) {
    const half = Math.max(1, Math.floor(capacity / 2));
    this.docs = new Generations(half);
    this.missed = new Generations(half);
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
    this.docs.clear();
    this.generation = generation;
  }

  /** The cached JSON of order `id`, marked as just used. */
  get(id: number): Buffer | undefined {
    return this.docs.get(id);
  }

  /**
   * What to serve for order `id` just read from SQLite as `bytes` (a view into a larger
   * buffer): a copy, cached, if the order was read from SQLite before within the last
   * capacity of such reads; else `bytes` itself, uncached, and the id is remembered.
   */
  admit(id: number, bytes: Buffer): Buffer {
    if (this.missed.get(id) === undefined) {
      this.missed.set(id, true);
      return bytes;
    }
    // A copy (small, from Node's buffer pool): a view would keep the whole buffer alive.
    const doc = Buffer.from(bytes);
    this.docs.set(id, doc);
    return doc;
  }

  set(id: number, doc: Buffer): void {
    this.docs.set(id, doc);
  }

  /** Forgets an order this process is changing. */
  invalidate(id: number): void {
    this.docs.delete(id);
  }

  get size(): number {
    return this.docs.size;
  }
}
