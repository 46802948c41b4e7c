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
  /** Lines among those read that were longer than MAX_AUDIT_LINE_BYTES: skipped unread. */
  readonly tooLong: number;
}

const CHUNK_BYTES = 64 * 1024;

/**
 * The longest line read: far above any entry this program writes (a review's decisions are
 * bounded by the 1 MiB request body). A longer line is skipped without being held whole.
 */
export const MAX_AUDIT_LINE_BYTES = 2 * 1024 * 1024;

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
  /**
   * Keep the `sending` entries of writes whose answer is logged too (tests). By default they
   * are left out, as a person reads the log: one entry per write, the `sending` one only
   * while no answer follows it.
   */
  readonly isKeepingAnsweredSends?: boolean;
}

/**
 * Reads the newest `limit` entries, from the end of the file backwards, so a long history
 * costs no more than the entries shown. Linear in the bytes read, whatever the lines: each
 * byte is read once and copied at most once, and a line over MAX_AUDIT_LINE_BYTES is counted
 * and dropped as it is met, never gathered. A missing file is an empty log.
 */
export async function readAudit(stateDir: string, options: AuditReadOptions): Promise<AuditReadResult> {
  const limit = Math.max(0, Math.floor(options.limit));
  let handle;
  try {
    handle = await openNoFollow(auditLogPath(stateDir), READ_NO_FOLLOW);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { entries: [], skipped: 0, tooLong: 0 };
    throw error;
  }
  const entries: AuditEntry[] = [];
  let skipped = 0;
  let tooLong = 0;
  let isDone = false;
  // The writes whose answer was met (it is newer than their `sending` entry, so met first).
  const answered = new Set<string>();
  const isShown = (entry: AuditEntry) => {
    if (entry.outcome !== 'sending') {
      if (entry.writeId !== undefined) answered.add(entry.writeId);
      return true;
    }
    return options.isKeepingAnsweredSends === true || entry.writeId === undefined || !answered.has(entry.writeId);
  };
  /** Takes one whole line (newest first); false once the reading can stop. */
  const take = (line: Buffer | null): boolean => {
    if (line === null) {
      tooLong++;
      return true;
    }
    const text = line.toString('utf8');
    if (text.trim() === '') return true;
    const entry = parseAuditLine(text);
    if (!entry) skipped++;
    else if (options.sinceMs !== undefined && Date.parse(entry.time) < options.sinceMs) return false;
    else if ((options.profile === undefined || entry.profile === options.profile) && isShown(entry)) entries.push(entry);
    return entries.length < limit;
  };
  try {
    const { size } = await handle.stat();
    const lines = new BackwardLines(MAX_AUDIT_LINE_BYTES);
    const chunk = Buffer.alloc(Math.min(CHUNK_BYTES, size));
    let position = size;
    while (limit > 0 && position > 0 && !isDone) {
      const length = Math.min(CHUNK_BYTES, position);
      position -= length;
      const { bytesRead } = await handle.read(chunk, 0, length, position);
      isDone = !lines.feed(chunk.subarray(0, bytesRead), take);
    }
    if (limit > 0 && !isDone) lines.end(take);
    return { entries, skipped, tooLong };
  } finally {
    await handle.close();
  }
}

/**
 * Splits bytes fed from the end of a file backwards into lines, newest first. The part of
 * a line not yet complete is kept as the list of its pieces (joined once, when the line's
 * start is found), or, past `maxBytes`, only counted: the line is then given as null.
 */
class BackwardLines {
  private pieces: Buffer[] = [];
  private pending = 0;
  private isOverlong = false;

  constructor(private readonly maxBytes: number) {}

  /** Feeds the chunk that comes before everything fed so far; false when `take` said stop. */
  feed(chunk: Buffer, take: (line: Buffer | null) => boolean): boolean {
    let end = chunk.length;
    for (let nl = chunk.lastIndexOf(0x0a, end - 1); nl !== -1; nl = end > 0 ? chunk.lastIndexOf(0x0a, end - 1) : -1) {
      this.add(chunk.subarray(nl + 1, end));
      if (!take(this.flush())) return false;
      end = nl;
    }
    this.add(chunk.subarray(0, end));
    return true;
  }

  /** The first line of the file (no newline before it). */
  end(take: (line: Buffer | null) => boolean): void {
    if (this.pending > 0 || this.isOverlong) take(this.flush());
  }

  private add(piece: Buffer): void {
    if (piece.length === 0 || this.isOverlong) return;
    this.pending += piece.length;
    if (this.pending > this.maxBytes) {
      this.isOverlong = true;
      this.pieces = [];
      return;
    }
    // A copy: the chunk buffer is reused for the next read.
    this.pieces.push(Buffer.from(piece));
  }

  private flush(): Buffer | null {
    const line = this.isOverlong ? null : this.pieces.length === 1 ? this.pieces[0]! : Buffer.concat(this.pieces.reverse(), this.pending);
    this.pieces = [];
    this.pending = 0;
    this.isOverlong = false;
    return line;
  }
}
