/**
 * Serialized return orders (with items, UTF-8 JSON) kept in memory, so a page is joined
 * from ready bytes instead of re-reading ~2 item rows per order and re-serializing (the bulk of a
 * page's cost). Exact, not approximate: this process drops an order's entry in the same
 * tick as it commits a write to it, and everything is dropped when SQLite's data_version
 * shows a commit by another connection (another sandbox on the same file).
 */
import type { Statement } from 'better-sqlite3';
import type { Db } from './open.js';

export class DocCache {
  private readonly docs = new Map<number, Buffer>();
  private dataVersion: number;
  private readonly version: Statement<[], number>;

  constructor(
    private readonly db: Db,
    /** Entries kept (about 600 bytes each); the oldest go first. */
    private readonly capacity = 50_000,
  ) {
    this.version = db.prepare<[], number>('PRAGMA data_version').pluck();
    this.dataVersion = this.readVersion();
  }

  private readVersion(): number {
    return this.version.get() as number;
  }

  /** Drops everything if another connection committed since the last check. */
  revalidate(): void {
    const version = this.readVersion();
    if (version !== this.dataVersion) {
      this.docs.clear();
      this.dataVersion = version;
    }
  }

  get(id: number): Buffer | undefined {
    return this.docs.get(id);
  }

  set(id: number, doc: Buffer): void {
    if (this.docs.size >= this.capacity) {
      // Map iterates in insertion order: drop the oldest tenth in one go.
      let drop = Math.ceil(this.capacity / 10);
      for (const key of this.docs.keys()) {
        this.docs.delete(key);
        if (--drop === 0) break;
      }
    }
    this.docs.set(id, doc);
  }

  /** Forgets an order this process just changed. */
  invalidate(id: number): void {
    this.docs.delete(id);
  }
}
