/** Opening the sandbox database: WAL for files, busy timeout, schema migration. */
import { closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { migrate } from './schema.js';
import { sqlite, type Db } from './sqlite.js';

export type { Db, Statement } from './sqlite.js';

/** True for SQLite's in-memory names. */
export function isMemoryPath(path: string): boolean {
  return path === ':memory:' || path === '';
}

/**
 * The database file's mode: it holds the cursor secret, so only its owner may read it.
 * SQLite creates the -wal and -shm files with the main file's permissions.
 */
export const DB_FILE_MODE = 0o600;

/** Opens (creating if needed) and migrates a sandbox database. */
export function openDatabase(path: string): Db {
  if (!isMemoryPath(path)) {
    mkdirSync(dirname(path), { recursive: true });
    // Created here (if missing) with the owner-only mode, before SQLite opens it: SQLite
    // would create it with 0644 less the umask. An existing file keeps its mode.
    closeSync(openSync(path, 'a', DB_FILE_MODE));
  }
  const db = new (sqlite().DatabaseSync)(path);
  try {
    if (!isMemoryPath(path)) {
      db.exec('PRAGMA journal_mode = WAL');
      // Random reads of orders and their stored JSON (pages of 100) go through memory
      // mapping instead of a read call per page, faster on uncached pages. Address space
      // only: the mapping is sized for the largest fixture a sandbox is run with.
      db.exec('PRAGMA mmap_size = 4294967296');
    }
    // Another process (keys CLI, a second sandbox) may hold the write lock briefly.
    db.exec('PRAGMA busy_timeout = 5000');
    db.exec('PRAGMA synchronous = NORMAL');
    db.exec('PRAGMA cache_size = -65536');
    db.exec('PRAGMA temp_store = MEMORY');
    migrate(db);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

