/**
 * API key records (D11): only the SHA-256 hash and the last 4 characters are stored.
 * The server looks a key up on every request (no cache), so a key revoked from another
 * process is refused on its very next request.
 */
import { hashApiKey, keyLast4 } from '../keys.js';
import type { Db, Statement } from './open.js';
import { transaction } from './transaction.js';

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
  return transaction(db, () => pks.reduce((n, pk) => n + Number(stmt.run(at, pk).changes), 0));
}

/** Prepared statements the request pipeline runs on every request. */
export class KeyLookup {
  private readonly byHash: Statement;
  private readonly touch: Statement;

  constructor(db: Db) {
    this.byHash = db.prepare(`${SELECT} WHERE k.key_hash = ?`);
    this.touch = db.prepare('UPDATE api_keys SET last_used_at = ? WHERE pk = ?');
  }

  findByHash(hash: string): KeyRow | undefined {
    return this.byHash.get(hash) as KeyRow | undefined;
  }

  setLastUsed(pk: number, at: string): void {
    this.touch.run(at, pk);
  }
}
