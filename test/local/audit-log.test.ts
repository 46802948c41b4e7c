import { appendFileSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appendAudit, readAudit, type AuditEntry } from '../../src/local/audit-log.js';
import { auditLogPath } from '../../src/local/state-paths.js';
import { KEYS } from '../helpers/fixture.js';

const freshDir = () => mkdtempSync(join(tmpdir(), 'rc-audit-'));
const entry = (orderId: number, extra: Partial<AuditEntry> = {}): AuditEntry => ({
  time: '2026-11-05T12:00:00.000Z',
  profile: 'north',
  orderId,
  action: 'review',
  decisions: [{ id: 70000, type: 'refund', action: 'reject', reject_reason: 'worn' }],
  outcome: 'ok',
  requestId: `req_${orderId}`,
  ...extra,
});

describe('audit log', () => {
  it('appends JSON lines and reads the newest first, up to the limit', async () => {
    const stateDir = freshDir();
    for (let id = 1; id <= 5; id++) await appendAudit(stateDir, entry(id));
    const lines = readFileSync(auditLogPath(stateDir), 'utf8').trim().split('\n');
    expect(lines).toHaveLength(5);
    expect(JSON.parse(lines[0]!)).toMatchObject({ orderId: 1, action: 'review', outcome: 'ok', requestId: 'req_1' });
    const { entries } = await readAudit(stateDir, { limit: 3 });
    expect(entries.map((e) => e.orderId)).toEqual([5, 4, 3]);
    expect(entries[0]).toEqual(entry(5));
  });

  it('reads an empty log when there is no file yet', async () => {
    expect(await readAudit(freshDir(), { limit: 10 })).toEqual({ entries: [], skipped: 0, tooLong: 0 });
  });

  it('reads across chunk boundaries of a long log', async () => {
    const stateDir = freshDir();
    const long = 'x'.repeat(900);
    // ~1 KB per line: 300 lines span several 64 KiB chunks.
    await Promise.all(Array.from({ length: 300 }, (_, i) => appendAudit(stateDir, entry(i + 1, { message: `${long} ü ${i}` }))));
    const { entries, skipped } = await readAudit(stateDir, { limit: 1000 });
    expect(skipped).toBe(0);
    expect(entries).toHaveLength(300);
    expect(new Set(entries.map((e) => e.orderId)).size).toBe(300);
    expect(entries.every((e) => e.message?.startsWith(long))).toBe(true);
  });

  it('skips a torn or foreign line instead of failing', async () => {
    const stateDir = freshDir();
    await appendAudit(stateDir, entry(1));
    appendFileSync(auditLogPath(stateDir), 'not json\n{"time":1}\n');
    await appendAudit(stateDir, entry(2));
    appendFileSync(auditLogPath(stateDir), '{"time":"2026-11-05T12:00:00Z","prof');
    const { entries, skipped } = await readAudit(stateDir, { limit: 10 });
    expect(entries.map((e) => e.orderId)).toEqual([2, 1]);
    expect(skipped).toBe(3);
    // The torn last line is closed before the next append, so the new entry stays readable.
    await appendAudit(stateDir, entry(3));
    expect((await readAudit(stateDir, { limit: 10 })).entries.map((e) => e.orderId)).toEqual([3, 2, 1]);
  });

  it('never writes an API key, even one that slipped into a message', async () => {
    const stateDir = freshDir();
    await appendAudit(stateDir, entry(1, { outcome: 'failed', status: 401, code: 'invalid_api_key', message: `key ${KEYS.north} refused` }));
    const text = readFileSync(auditLogPath(stateDir), 'utf8');
    expect(text).not.toContain(KEYS.north);
    expect(text).not.toContain(KEYS.north.slice(3, 40));
    expect(text).toContain(`sk_…${KEYS.north.slice(-4)}`);
  });

  it('refuses an entry that is not an audit entry', async () => {
    await expect(appendAudit(freshDir(), { ...entry(1), action: 'delete' as 'review' })).rejects.toThrow();
  });

  it('keeps the file private to the user', async () => {
    const stateDir = freshDir();
    await appendAudit(stateDir, entry(1));
    expect(statSync(auditLogPath(stateDir)).mode & 0o077).toBe(0);
  });
});

describe('audit log of one profile', () => {
  it('reads only the entries of the profile asked for, the limit counting those', async () => {
    const stateDir = freshDir();
    for (let id = 1; id <= 6; id++) await appendAudit(stateDir, entry(id, { profile: id % 2 === 0 ? 'south' : 'north' }));
    const { entries } = await readAudit(stateDir, { limit: 2, profile: 'north' });
    expect(entries.map((e) => [e.orderId, e.profile])).toEqual([[5, 'north'], [3, 'north']]);
  });

  it('stops at the first entry older than sinceMs', async () => {
    const stateDir = freshDir();
    await appendAudit(stateDir, entry(1, { time: '2026-11-01T00:00:00.000Z' }));
    await appendAudit(stateDir, entry(2, { time: '2026-11-10T00:00:00.000Z' }));
    await appendAudit(stateDir, entry(3, { time: '2026-11-11T00:00:00.000Z' }));
    const { entries } = await readAudit(stateDir, { limit: 100, sinceMs: Date.parse('2026-11-05T00:00:00Z') });
    expect(entries.map((e) => e.orderId)).toEqual([3, 2]);
  });
});

describe('a log with a very long line', () => {
  /** A log of entries 1 and 2, a line of `bytes` without a newline in it (torn or planted), and 3 and 4. */
  async function withLongLine(bytes: number, isJson = false): Promise<string> {
    const stateDir = freshDir();
    await appendAudit(stateDir, entry(1));
    await appendAudit(stateDir, entry(2));
    const body = isJson ? `{"message":"${'m'.repeat(bytes - 14)}"}` : 'x'.repeat(bytes);
    appendFileSync(auditLogPath(stateDir), `${body}\n`);
    await appendAudit(stateDir, entry(3));
    await appendAudit(stateDir, entry(4));
    return stateDir;
  }

  it('skips a 32 MiB line (counted, never read whole) and reads the entries on both sides of it', async () => {
    const stateDir = await withLongLine(32 * 1024 * 1024, true);
    const result = await readAudit(stateDir, { limit: 10 });
    expect(result.entries.map((e) => e.orderId)).toEqual([4, 3, 2, 1]);
    expect({ skipped: result.skipped, tooLong: result.tooLong }).toEqual({ skipped: 0, tooLong: 1 });
  });

  it('is read in time linear in its length: 32 MiB costs about 8 times 4 MiB, not 64 times', async () => {
    // The two reads in one run, each the best of three: a ratio, not an absolute time. The
    // old read copied the line's tail once per 64 KiB chunk (quadratic: 64x and more).
    const best = async (stateDir: string) => {
      let fastest = Infinity;
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        await readAudit(stateDir, { limit: 10 });
        fastest = Math.min(fastest, performance.now() - started);
      }
      return fastest;
    };
    const small = await best(await withLongLine(4 * 1024 * 1024));
    const large = await best(await withLongLine(32 * 1024 * 1024));
    // Linear is 8; a floor of 5 ms under the small read keeps a very fast machine's noise out.
    expect(large / Math.max(small, 5)).toBeLessThan(24);
  });

  it('keeps lines up to the limit: a long decisions list is read back', async () => {
    const stateDir = freshDir();
    const decisions = Array.from({ length: 2000 }, (_, i) => ({ id: 70000 + i, type: 'refund' as const, action: 'reject' as const, reject_reason: 'r'.repeat(200) }));
    await appendAudit(stateDir, entry(1, { decisions }));
    const { entries, tooLong } = await readAudit(stateDir, { limit: 10 });
    expect(tooLong).toBe(0);
    expect(entries[0]!.decisions).toHaveLength(2000);
  });
});
