/**
 * The benchmark's database: 1,000,000 demo orders written by the sandbox's own generator
 * into bench/.cache/. The file name carries the count and a hash of the generator and
 * schema sources, so a changed generator gives a fresh file and an unchanged one is reused.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateDemoData, openDatabase } from '../../src/sandbox/index.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CACHE_DIR = join(ROOT, 'bench', '.cache');

/** Fixed seed and end time, so every machine builds the same data. */
export const DATASET_SEED = 'bench-1m';
export const DATASET_END_AT = Date.parse('2026-06-01T00:00:00Z');

/** Sources whose change can change the generated data or its layout. */
const SOURCE_DIRS = ['src/sandbox/demo', 'src/sandbox/db'];

export interface Dataset {
  readonly path: string;
  readonly orders: number;
  /** True when the file was generated in this run. */
  readonly isFresh: boolean;
  /** Generation wall time in ms (only when fresh). */
  readonly generateMs: number | null;
  readonly sizeBytes: number;
}

function sourceHash(orders: number): string {
  const hash = createHash('sha256').update(`${orders}|${DATASET_SEED}|${DATASET_END_AT}`);
  for (const dir of SOURCE_DIRS) {
    for (const name of readdirSync(join(ROOT, dir)).sort()) {
      if (name.endsWith('.ts')) hash.update(name).update(readFileSync(join(ROOT, dir, name)));
    }
  }
  return hash.digest('hex').slice(0, 12);
}

/** The cached database for `orders`, generated (and older cache files removed) when missing. */
export function ensureDataset(orders: number, log: (line: string) => void): Dataset {
  mkdirSync(CACHE_DIR, { recursive: true });
  const name = `orders-${orders}-${sourceHash(orders)}.db`;
  const path = join(CACHE_DIR, name);
  if (existsSync(path)) {
    return { path, orders, isFresh: false, generateMs: null, sizeBytes: statSync(path).size };
  }
  // Files of the same size from older sources are stale; other sizes stay for their runs.
  for (const old of readdirSync(CACHE_DIR)) {
    if (old.startsWith(`orders-${orders}-`)) rmSync(join(CACHE_DIR, old), { force: true });
  }
  // Generate under a temporary name so an interrupted run never leaves a half-filled cache.
  const tmp = join(CACHE_DIR, `orders-${orders}-tmp-${process.pid}.db`);
  log(`generating ${orders.toLocaleString('en-US')} orders with the sandbox's demo generator into ${tmp} ...`);
  const started = performance.now();
  const db = openDatabase(tmp);
  try {
    generateDemoData(db, { orders, seed: DATASET_SEED, endAt: DATASET_END_AT });
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
  const generateMs = performance.now() - started;
  for (const suffix of ['-wal', '-shm']) rmSync(tmp + suffix, { force: true });
  renameSync(tmp, path);
  log(`generated in ${(generateMs / 1000).toFixed(1)} s`);
  return { path, orders, isFresh: true, generateMs, sizeBytes: statSync(path).size };
}
