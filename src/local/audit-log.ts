/**
 * The local audit log: every mutating action appended as one JSON line to
 * `<stateDir>/audit.jsonl` (time, profile, order id, action, decisions, outcome, request id;
 * never the key). Written by the operations of src/ops (the console and the commands); read by the activity log.
 */
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { formatAuditLine, parseAuditLine, type AuditEntry } from './audit-format.js';
import { APPEND_NO_FOLLOW, READ_NO_FOLLOW, openNoFollow } from './no-follow.js';
import { auditLogPath } from './state-paths.js';

export type { AuditEntry, AuditAction, AuditOutcome } from './audit-format.js';

/**
 * Appends one entry. A single append of one line (O_APPEND) so concurrent writers of a bulk
 * run never interleave within a line. A line torn by a crash is closed first, so it cannot
 * swallow the new entry. A symbolic link at the log's path is refused (never followed).
 */
export async function appendAudit(stateDir: string, entry: AuditEntry): Promise<void> {
  const line = formatAuditLine(entry);
  const path = auditLogPath(stateDir);
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const handle = await openNoFollow(path, APPEND_NO_FOLLOW, 0o600);
  try {
    const { size } = await handle.stat();
    let prefix = '';
    if (size > 0) {
      const last = Buffer.alloc(1);
      await handle.read(last, 0, 1, size - 1);
      if (last[0] !== 0x0a) prefix = '\n';
    }
    await handle.appendFile(prefix + line, 'utf8');
  } finally {
    await handle.close();
  }
}

export interface AuditReadResult {
  /** Newest first. */
  readonly entries: readonly AuditEntry[];
  /** Lines among those read that were not valid entries (e.g. a line torn by a crash). */
  readonly skipped: number;
}

const CHUNK_BYTES = 64 * 1024;

export interface AuditReadOptions {
  readonly limit: number;
  /** Only this profile's entries (shops are kept apart: one profile never sees another's activity). */
  readonly profile?: string;
  /**
   * Stop at the first entry older than this (ms since the epoch). Entries are appended as
   * actions settle, so the file is in time order but for the milliseconds between the
   * requests of one bulk run: give a little slack.
   */
  readonly sinceMs?: number;
}

/**
 * Reads the newest `limit` entries, from the end of the file backwards, so a long history
 * costs no more than the entries shown. A missing file is an empty log.
 */
export async function readAudit(stateDir: string, options: AuditReadOptions): Promise<AuditReadResult> {
  const limit = Math.max(0, Math.floor(options.limit));
  let handle;
  try {
    handle = await openNoFollow(auditLogPath(stateDir), READ_NO_FOLLOW);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { entries: [], skipped: 0 };
    throw error;
  }
  try {
    const { size } = await handle.stat();
    let position = size;
    let tail = Buffer.alloc(0);
    const entries: AuditEntry[] = [];
    let skipped = 0;
    while (entries.length < limit && (position > 0 || tail.length > 0)) {
      if (position > 0) {
        const length = Math.min(CHUNK_BYTES, position);
        position -= length;
        const chunk = Buffer.alloc(length);
        await handle.read(chunk, 0, length, position);
        tail = Buffer.concat([chunk, tail]);
      }
      // Complete lines are those after the first newline (or all, once at the start of file).
      const cut = position > 0 ? tail.indexOf(0x0a) : -1;
      if (position > 0 && cut === -1) continue;
      const complete = tail.subarray(cut + 1).toString('utf8');
      tail = cut === -1 ? Buffer.alloc(0) : tail.subarray(0, cut + 1);
      const lines = complete.split('\n').filter((line) => line.trim() !== '');
      let isPastWindow = false;
      for (let i = lines.length - 1; i >= 0 && entries.length < limit; i--) {
        const entry = parseAuditLine(lines[i]!);
        if (!entry) skipped++;
        else if (options.sinceMs !== undefined && Date.parse(entry.time) < options.sinceMs) {
          isPastWindow = true;
          break;
        } else if (options.profile === undefined || entry.profile === options.profile) entries.push(entry);
      }
      if (position === 0 || isPastWindow) break;
    }
    return { entries, skipped };
  } finally {
    await handle.close();
  }
}
