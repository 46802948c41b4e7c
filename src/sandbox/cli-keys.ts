/**
 * `sandbox keys create|list|revoke`: the dashboard's key flow (section 5, D11) on a
 * sandbox database file. Safe while a sandbox serves the same file (WAL, busy timeout,
 * IMMEDIATE transactions); the server looks keys up per request, so revocation is
 * effective on its next request.
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { defaultDbPath } from './config.js';
import { insertKey, listKeys, revokeKeys, type KeyRow } from './db/keys.js';
import { isMemoryPath, openDatabase, type Db } from './db/open.js';
import { findShop, listShops } from './db/shops.js';
import { transaction } from './db/transaction.js';
import { ArgError, argMessage, KEYS_OPTIONS } from './cli-args.js';
import { generateApiKey, maskKey } from './keys.js';

export interface KeysIo {
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
  readonly env: NodeJS.ProcessEnv;
  readonly now?: () => number;
}

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 19) + 'Z';
/** Names come from fixtures and users: keep terminal control characters out. */
const clean = (s: string) => s.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');

class UsageError extends ArgError {}
class KeysError extends Error {}

/** Runs a keys subcommand; 0 ok, 1 failure, 2 usage error. */
export function runKeysCli(argv: readonly string[], io: KeysIo): number {
  const out = (line: string) => io.stdout.write(line + '\n');
  try {
    const [sub, ...rest] = argv;
    const { values, positionals } = parseArgs({ args: rest, options: KEYS_OPTIONS, strict: true, allowPositionals: true });
    if (values.help || sub === undefined) {
      out('Usage: returns-console sandbox keys (create --shop ID --name NAME | list | revoke (--last4 XXXX | --name NAME) [--shop ID]) [--db PATH]');
      return sub === undefined && !values.help ? 2 : 0;
    }
    if (positionals.length) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[0])}.`);
    checkUsage(sub, values);
    const dbPath = values.db ?? defaultDbPath(io.env);
    if (!isMemoryPath(dbPath) && !existsSync(dbPath)) {
      throw new KeysError(`no sandbox database at ${dbPath}. Start the sandbox once (it creates the database), or pass --db PATH.`);
    }
    const now = (io.now ?? Date.now)();
    const db = openDatabase(dbPath);
    try {
      switch (sub) {
        case 'create':
          return create(db, values, now, out);
        case 'list':
          return list(db, out);
        case 'revoke':
          return revoke(db, values, now, out);
        default:
          return 2; // checkUsage refused anything else
      }
    } finally {
      db.close();
    }
  } catch (error) {
    const isUsage = error instanceof UsageError || (error instanceof Error && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'));
    io.stderr.write(`error: ${error instanceof KeysError || isUsage ? argMessage(error) : safeMessage(error)}\n`);
    return isUsage ? 2 : 1;
  }
}

function safeMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

type Values = { shop?: string; name?: string; last4?: string };

/** Flag checks before any database is opened, so usage errors always exit 2. */
function checkUsage(sub: string, v: Values): void {
  if (sub === 'create') {
    if (!v.shop) throw new UsageError('keys create needs --shop ID.');
    if (!v.name?.trim()) throw new UsageError('keys create needs --name NAME (a description such as "warehouse terminal").');
    if (v.name.length > 200) throw new UsageError('--name is limited to 200 characters.');
  } else if (sub === 'revoke') {
    if ((v.last4 === undefined) === (v.name === undefined)) {
      throw new UsageError('keys revoke needs exactly one of --last4 XXXX or --name NAME.');
    }
    if (v.last4 !== undefined && !/^[0-9a-fA-F]{4}$/.test(v.last4)) {
      throw new UsageError('--last4 must be the last 4 characters of the key (hexadecimal).');
    }
  } else if (sub !== 'list') {
    throw new UsageError(`unknown keys subcommand ${JSON.stringify(sub)}; use create, list or revoke.`);
  }
}

function create(db: Db, v: Values, now: number, out: (l: string) => void): number {
  const shop = findShop(db, v.shop!);
  if (!shop) {
    const known = listShops(db).map((s) => s.id).join(', ') || 'none';
    throw new KeysError(`no shop ${JSON.stringify(clean(v.shop!))} in this database. Shops: ${known}.`);
  }
  const key = generateApiKey();
  transaction(db, () => insertKey(db, { shopPk: shop.pk, name: v.name!.trim(), plain: key, createdAt: iso(now) }));
  out(`Created API key "${clean(v.name!)}" for shop ${shop.id} (${clean(shop.name)}):`);
  out(key);
  out('This is the only time the full key is shown. Store it now; later it appears as ' + maskKey(key.slice(-4)) + '.');
  return 0;
}

function list(db: Db, out: (l: string) => void): number {
  const rows = listKeys(db);
  if (rows.length === 0) {
    out('No API keys. Create one with: returns-console sandbox keys create --shop ID --name NAME');
    return 0;
  }
  const table = [
    ['NAME', 'SHOP', 'KEY', 'CREATED', 'LAST USED', 'REVOKED'],
    ...rows.map((k) => [clean(k.name), k.shop_id, maskKey(k.last4), k.created_at, k.last_used_at ?? 'never', k.revoked_at ?? 'no']),
  ];
  const widths = table[0]!.map((_, c) => Math.max(...table.map((r) => r[c]!.length)));
  for (const r of table) out(r.map((cell, c) => cell.padEnd(widths[c]!)).join('  ').trimEnd());
  return 0;
}

function revoke(db: Db, v: Values, now: number, out: (l: string) => void): number {
  const matches = listKeys(db).filter(
    (k) =>
      (v.last4 === undefined || k.last4.toLowerCase() === v.last4.toLowerCase()) &&
      (v.name === undefined || k.name === v.name) &&
      (v.shop === undefined || k.shop_id === v.shop),
  );
  const active = matches.filter((k) => k.revoked_at === null);
  const what = v.last4 !== undefined ? `ending in ${v.last4}` : `named ${JSON.stringify(clean(v.name!))}`;
  if (matches.length === 0) throw new KeysError(`no key ${what}. See: returns-console sandbox keys list`);
  if (active.length === 0) {
    out(`The key ${what} is already revoked (${matches[0]!.revoked_at}).`);
    return 0;
  }
  if (active.length > 1) {
    throw new KeysError(`${active.length} active keys ${what}: ${active.map(describe).join('; ')}. Narrow it with --shop or --last4.`);
  }
  const key = active[0]!;
  revokeKeys(db, [key.pk], iso(now));
  out(`Revoked ${describe(key)}. Requests with it now get 401 invalid_api_key.`);
  return 0;
}

function describe(k: KeyRow): string {
  return `"${clean(k.name)}" ${maskKey(k.last4)} (shop ${k.shop_id})`;
}
