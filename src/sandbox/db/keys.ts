/**
 * API key records (D11): only the SHA-256 hash and the last 4 characters are stored.
 * The server keeps the keys it has verified in memory, exactly: that memory is dropped
 * whenever another connection commits (data_version, see snapshot.ts), so a key revoked
 * from another process (`keys revoke` on the live database) is refused on its very next
 * request, and a revocation through this connection drops it too.
 */
import { ApiError } from '../errors.js';
import { hashApiKey, keyLast4 } from '../keys.js';
import type { Db, Statement } from './open.js';
import { snapshotsOf, type ReadSnapshots } from './snapshot.js';
import { transaction } from '../../sqlite/transaction.js';

export interface KeyRow {
  readonly pk: number;
  readonly shop_pk: number;
  readonly shop_id: string;
  readonly shop_keep_item: number;
  readonly name: string;
  readonly key_hash: string;
  readonly last4: string;
  readonly created_at: string;
  readonly last_used_at: string | null;
  readonly revoked_at: string | null;
}

const SELECT = `SELECT k.pk, k.shop_pk, s.id AS shop_id, s.keep_item AS shop_keep_item, k.name, k.key_hash, k.last4, k.created_at,
  k.last_used_at, k.revoked_at FROM api_keys k JOIN shops s ON s.pk = k.shop_pk`;

/** Stores a key (hashed). */
export function insertKey(
  db: Db,
  key: { shopPk: number; name: string; plain: string; createdAt: string; revokedAt?: string | null },
): number {
  const info = db
    .prepare('INSERT INTO api_keys (shop_pk, name, key_hash, last4, created_at, revoked_at) VALUES (?, ?, ?, ?, ?, ?)')
    .run(key.shopPk, key.name, hashApiKey(key.plain), keyLast4(key.plain), key.createdAt, key.revokedAt ?? null);
  return Number(info.lastInsertRowid);
}

export function listKeys(db: Db): KeyRow[] {
  return db.prepare(`${SELECT} ORDER BY s.id, k.created_at, k.pk`).all() as unknown as KeyRow[];
}

/** Marks keys revoked (keeps an earlier revocation time). Returns how many changed. */
export function revokeKeys(db: Db, pks: readonly number[], at: string): number {
  const stmt = db.prepare('UPDATE api_keys SET revoked_at = ? WHERE pk = ? AND revoked_at IS NULL');
  const changed = transaction(db, () => pks.reduce((n, pk) => n + Number(stmt.run(at, pk).changes), 0));
  // This connection's own commits do not move data_version: drop its verified keys here.
  snapshotsOf(db).dropCaches();
  return changed;
}

/** Verified keys kept at most; more distinct keys than this in use is not a sandbox's load. */
const VERIFIED_CAPACITY = 1_000;

/** The key lookup the request pipeline runs on every request, and the last_used_at write. */
export class KeyLookup {
  private readonly byHash: Statement;
  private readonly touch: Statement;
  private readonly revokedAt: Statement;
  private readonly snapshots: ReadSnapshots;
  /** Active (unrevoked) keys by hash, as read; their last_used_at is as of that read. */
  private readonly verified = new Map<string, KeyRow>();
  private generation: number;

  constructor(db: Db) {
    this.byHash = db.prepare(`${SELECT} WHERE k.key_hash = ?`);
    this.touch = db.prepare('UPDATE api_keys SET last_used_at = ? WHERE pk = ?');
    this.revokedAt = db.prepare('SELECT revoked_at FROM api_keys WHERE pk = ?');
    this.snapshots = snapshotsOf(db);
    this.generation = this.snapshots.check();
  }

  /** The key with this hash (from memory when verified before and nothing changed since). */
  findByHash(hash: string): KeyRow | undefined {
    const generation = this.snapshots.check();
    if (generation !== this.generation) {
      this.verified.clear();
      this.generation = generation;
    }
    const known = this.verified.get(hash);
    if (known) return known;
    const row = this.byHash.get(hash) as KeyRow | undefined;
    if (row && row.revoked_at === null) {
      if (this.verified.size >= VERIFIED_CAPACITY) this.verified.clear();
      this.verified.set(hash, row);
    }
    return row;
  }

  /**
   * Throws invalid_api_key unless the key `pk` is stored and not revoked, read from the
   * database now (never from memory): a write runs it inside its transaction.
   */
  assertActive(pk: number): void {
    const row = this.revokedAt.get(pk) as { revoked_at: string | null } | undefined;
    if (!row || row.revoked_at !== null) {
      throw new ApiError('invalid_api_key', 'The API key was revoked while the request was being received; nothing was changed.');
    }
  }

  setLastUsed(pk: number, at: string): void {
    this.touch.run(at, pk);
  }
}
