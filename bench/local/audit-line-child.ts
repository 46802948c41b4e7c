/**
 * One measurement of bench/local/audit-line.ts, in a process of its own (its peak RSS is the
 * reader's): reads the newest 10 entries of a log that has one line of `MiB` without a newline
 * in the middle, and prints {ms, maxRssMiB, entries}. `impl` is the module to read with.
 */
import { appendFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appendAudit } from '../../src/local/audit-log.js';
import { auditLogPath } from '../../src/local/state-paths.js';

const [implPath, mib] = process.argv.slice(2);
const { readAudit } = (await import(implPath!)) as typeof import('../../src/local/audit-log.js');
const dir = mkdtempSync(join(tmpdir(), 'rc-bench-line-'));
const entry = (orderId: number) => ({ time: '2026-11-05T12:00:00.000Z', profile: 'north', orderId, action: 'receive' as const, outcome: 'ok' as const });
await appendAudit(dir, entry(1));
appendFileSync(auditLogPath(dir), `${'x'.repeat(Number(mib) * 1024 * 1024)}\n`);
await appendAudit(dir, entry(2));
const started = performance.now();
const { entries } = await readAudit(dir, { limit: 10 });
const ms = performance.now() - started;
process.stdout.write(JSON.stringify({ ms, maxRssMiB: process.resourceUsage().maxRSS / 1024, entries: entries.length }));
