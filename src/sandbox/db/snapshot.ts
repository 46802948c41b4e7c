/**
 * Read snapshots, and the check the in-memory caches (stored order JSON, verified keys)
 * rely on to stay exact. SQLite's PRAGMA data_version moves when another connection (a
 * second sandbox, `keys revoke` from the command line, any SQLite client) has committed;
 * this connection's own commits do not move it, so its writers drop what they change.
 *
 * Each statement run outside a transaction takes and releases the WAL read locks (system
 * calls that cost more than a small query here); `read(work)` runs a request's reads in one
 * transaction instead: the locks once, data_version once, and every read sees one state
 * of the database. One instance per connection (`snapshotsOf`).
 */
import { checkedSync } from '../../sqlite/transaction.js';
import type { Db, Statement } from './sqlite.js';

export class ReadSnapshots {
  private readonly begin: Statement;
  private readonly commit: Statement;
  private readonly version: Statement;
  private dataVersion: number;
  private cacheGeneration = 0;
  private isReading = false;

  constructor(private readonly db: Db) {
    this.begin = db.prepare('BEGIN DEFERRED');
    this.commit = db.prepare('COMMIT');
    this.version = db.prepare('PRAGMA data_version');
    this.version.setReturnArrays(true);
    this.dataVersion = this.readVersion();
  }

  /**
   * The generation of this connection's caches, after checking whether another connection
   * committed since the last check (free inside `read`: checked when its snapshot began).
   * A cache filled under another generation is stale and must be dropped.
   */
  check(): number {
    if (!this.isReading) this.refresh();
    return this.cacheGeneration;
  }

  /** Makes every cache stale now (this connection changed what they hold). */
  dropCaches(): void {
    this.cacheGeneration++;
  }

  /**
   * Runs `work` (synchronous, reads only) in one read transaction, after the caches were
   * checked against it. Inside another transaction it simply runs `work`.
   */
  read<T>(work: () => T): T {
    if (this.isReading || this.db.isTransaction) {
      this.check();
      return checkedSync(work());
    }
    this.begin.run();
    this.isReading = true;
    try {
      this.refresh();
      return checkedSync(work());
    } finally {
      this.isReading = false;
      // A read transaction has nothing to roll back; SQLite may have ended it on an error.
      if (this.db.isTransaction) this.commit.run();
    }
  }

  private refresh(): void {
    const version = this.readVersion();
    if (version === this.dataVersion) return;
    this.dataVersion = version;
    this.dropCaches();
  }

  private readVersion(): number {
    return (this.version.get() as unknown as [number])[0];
  }
}

const perConnection = new WeakMap<Db, ReadSnapshots>();

/** The one ReadSnapshots of connection `db` (a second one would nest BEGINs). */
export function snapshotsOf(db: Db): ReadSnapshots {
  let snapshots = perConnection.get(db);
  if (!snapshots) perConnection.set(db, (snapshots = new ReadSnapshots(db)));
  return snapshots;
}
