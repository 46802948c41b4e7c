/**
 * The dashboard's key flow (section 5, D11) on a sandbox database file: create, list and
 * revoke keys. Safe while a sandbox serves the same file (WAL, busy timeout, IMMEDIATE
 * transactions); the server looks keys up per request, so a revocation is effective on its
 * next request. Options come parsed (the command line is `returns-console sandbox keys`,
 * src/cli/commands/sandbox/); failures are KeyAdminErrors with a code and a message.
 */
import { existsSync } from 'node:fs';
import { defaultDbPath } from './config.js';
import { insertKey, listKeys, revokeKeys, type KeyRow } from './db/keys.js';
import { isMemoryPath, openDatabase, type Db } from './db/open.js';
import { findShop, listShops } from './db/shops.js';
import { transaction } from '../sqlite/transaction.js';
import { generateApiKey, maskKey } from './keys.js';

export type KeyAdminCode = 'no_database' | 'shop_not_found' | 'key_not_found' | 'key_ambiguous';

/** A key operation that could not be done; the message says why and what to do. */
export class KeyAdminError extends Error {
  override readonly name = 'KeyAdminError';

  constructor(
    readonly code: KeyAdminCode,
    message: string,
  ) {
    super(message);
  }
}

/** Where the keys are: the --db file, or the sandbox's default database. */
export interface KeyStore {
  readonly dbPath?: string;
  readonly env: NodeJS.ProcessEnv;
}

/** A key as listed: never more of it than the last 4 characters. */
export interface KeyRecord {
  readonly name: string;
  readonly shopId: string;
  /** `sk_…` and the last 4 characters. */
  readonly masked: string;
  readonly createdAt: string;
  readonly lastUsedAt: string | null;
  readonly revokedAt: string | null;
}

export interface CreatedKey {
  /** The full key: shown once, now, and never again. */
  readonly key: string;
  readonly name: string;
  readonly shopId: string;
  readonly shopName: string;
}

export type RevokeTarget = { readonly last4: string; readonly shopId?: string } | { readonly name: string; readonly shopId?: string };

export type RevokeResult =
  | { readonly kind: 'revoked'; readonly key: KeyRecord }
  | { readonly kind: 'already_revoked'; readonly key: KeyRecord };

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 19) + 'Z';

function record(row: KeyRow): KeyRecord {
  return {
    name: row.name,
    shopId: row.shop_id,
    masked: maskKey(row.last4),
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  };
}

/** Opens the store's database (which must exist: keys belong to a sandbox that has run), runs `use`, closes it. */
function withStore<T>(store: KeyStore, use: (db: Db) => T): T {
  const dbPath = store.dbPath ?? defaultDbPath(store.env);
  if (!isMemoryPath(dbPath) && !existsSync(dbPath)) {
    throw new KeyAdminError('no_database', `no sandbox database at ${dbPath}. Start the sandbox once (it creates the database), or pass --db PATH`);
  }
  const db = openDatabase(dbPath);
  try {
    return use(db);
  } finally {
    db.close();
  }
}

/** Creates a key for a shop of the database; the result holds the full key. */
export function createKey(store: KeyStore, input: { readonly shopId: string; readonly name: string }, nowMs: number): CreatedKey {
  return withStore(store, (db) => {
    const shop = findShop(db, input.shopId);
    if (!shop) {
      const known = listShops(db).map((s) => s.id).join(', ') || 'none';
      throw new KeyAdminError('shop_not_found', `no shop ${JSON.stringify(input.shopId)} in this database. Shops: ${known}`);
    }
    const key = generateApiKey();
    const name = input.name.trim();
    transaction(db, () => insertKey(db, { shopPk: shop.pk, name, plain: key, createdAt: iso(nowMs) }));
    return { key, name, shopId: shop.id, shopName: shop.name };
  });
}

/** Every key of the database, by shop and creation. */
export function listKeyRecords(store: KeyStore): KeyRecord[] {
  return withStore(store, (db) => listKeys(db).map(record));
}

/** Revokes the one active key that `target` names (a revoked one stays as it was). */
export function revokeKey(store: KeyStore, target: RevokeTarget, nowMs: number): RevokeResult {
  return withStore(store, (db) => {
    const matches = listKeys(db).filter(
      (k) =>
        ('last4' in target ? k.last4.toLowerCase() === target.last4.toLowerCase() : k.name === target.name) &&
        (target.shopId === undefined || k.shop_id === target.shopId),
    );
    const what = 'last4' in target ? `ending in ${target.last4}` : `named ${JSON.stringify(target.name)}`;
    if (matches.length === 0) throw new KeyAdminError('key_not_found', `no key ${what}. See: returns-console sandbox keys list`);
    const active = matches.filter((k) => k.revoked_at === null);
    if (active.length === 0) return { kind: 'already_revoked', key: record(matches[0]!) };
    if (active.length > 1) {
      const listed = active.map((k) => describeKey(record(k))).join('; ');
      throw new KeyAdminError('key_ambiguous', `${active.length} active keys ${what}: ${listed}. Narrow it with --shop or --last4`);
    }
    revokeKeys(db, [active[0]!.pk], iso(nowMs));
    return { kind: 'revoked', key: record(active[0]!) };
  });
}

/** `"packing desk" sk_…1a2b (shop shop_kite)`. */
export function describeKey(key: KeyRecord): string {
  return `"${key.name}" ${key.masked} (shop ${key.shopId})`;
}
