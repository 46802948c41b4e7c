/** The meta table: per-database settings such as the cursor secret and the demo seed. */
import { randomBytes } from 'node:crypto';
import type { Db } from './open.js';
import { transaction } from '../../sqlite/transaction.js';

export function getMeta(db: Db, key: string): string | undefined {
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
  return row?.value;
}

export function setMeta(db: Db, key: string, value: string): void {
  db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, value);
}

/**
 * The per-database cursor secret (D8), created once and kept in the database so cursors
 * stay valid across restarts of a sandbox on the same file.
 */
export function cursorSecret(db: Db): Buffer {
  return transaction(db, () => {
    const existing = getMeta(db, 'cursor_secret');
    if (existing) return Buffer.from(existing, 'hex');
    const secret = randomBytes(32);
    setMeta(db, 'cursor_secret', secret.toString('hex'));
    return secret;
  });
}

/** True when the database holds no shops yet (fresh). */
export function isEmpty(db: Db): boolean {
  return db.prepare('SELECT 1 FROM shops LIMIT 1').get() === undefined;
}
