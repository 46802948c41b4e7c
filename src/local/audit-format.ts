/**
 * The audit log's entry shape and its (pure) line parsing. One JSON object per line, so the
 * file can be appended to without reading it and read back from its end.
 */
import * as z from '../api/zod.js';
import { itemTypeSchema, reviewActionSchema } from '../api/schemas.js';
import { scrubDeep } from '../api/key-scrub.js';

/**
 * What happened: the mutating actions of the console (order screen, bulk runs, scan mode),
 * "scan" for a scan that changed nothing (not found, several matches, another status), and
 * "draft" for a saved draft removed because its order is no longer pending.
 */
export const AUDIT_ACTIONS = ['review', 'receive', 'scan', 'draft'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * How it ended: applied, found already applied by a retried request, refused/failed, not
 * sent (a bulk run stopped before its turn), nothing to do (a scan that changed nothing;
 * `code` says why), or a draft removed (`discarded`, with the decisions it held). `sending`
 * is written just before a write is sent: a later entry with the same `writeId` says how it
 * ended, and one that never gets it (the process was killed) is read back at the next start.
 */
export const AUDIT_OUTCOMES = ['ok', 'already_applied', 'failed', 'not_done', 'no_change', 'discarded', 'sending'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

const auditDecisionSchema = z.object({
  id: z.number().check(z.int()),
  type: itemTypeSchema,
  action: reviewActionSchema,
  reject_reason: z.optional(z.string()),
});

/** Why a scan changed nothing (the `code` of a "scan" entry with outcome "no_change"). */
export const SCAN_NO_CHANGE_CODES = ['not_found', 'several_matches', 'wrong_status', 'invalid_scan'] as const;

export const auditEntrySchema = z.object({
  /** ISO 8601 time the action settled. */
  time: z.string(),
  profile: z.string(),
  /** The order; always there for review and receive, for a scan when one order matched. */
  orderId: z.optional(z.number().check(z.int())),
  /** The order's name where it was known when the entry was written (e.g. "#N1001"). */
  orderName: z.optional(z.string()),
  action: z.enum(AUDIT_ACTIONS),
  /** What was scanned (scan only). */
  scanned: z.optional(z.string()),
  /** Where it was done: "order", "list", "bulk", "scan" (the console) or "cli" (a command). */
  source: z.optional(z.string()),
  /** The review items sent (review only), exactly as in the request. */
  decisions: z.optional(z.array(auditDecisionSchema)),
  outcome: z.enum(AUDIT_OUTCOMES),
  /** For failures: HTTP status (absent for network failures), error code and message. */
  status: z.optional(z.number().check(z.int())),
  code: z.optional(z.string()),
  message: z.optional(z.string()),
  requestId: z.optional(z.string()),
  /**
   * A write that ended without a definite answer while the console quit, read back through
   * the interface: "applied" (outcome ok), "not_applied", or "unknown" when it could not be read.
   */
  reconciled: z.optional(z.enum(['applied', 'not_applied', 'unknown'])),
  /**
   * The `time` of an earlier entry left "unknown" (or `sending` without an answer) that this
   * one settles: read back when the console or a command next started, with the service
   * reachable again.
   */
  settles: z.optional(z.string()),
  /** One write's entries share it: its `sending` entry, how it ended, and a later settling. */
  writeId: z.optional(z.string()),
  /** The process that wrote a `sending` entry: while it runs, its write may still be in flight. */
  pid: z.optional(z.number().check(z.int())),
}).check(
  z.refine((entry) => entry.action === 'scan' || entry.orderId !== undefined, {
    message: 'review and receive entries need an orderId',
    path: ['orderId'],
  }),
);

export type AuditEntry = z.infer<typeof auditEntrySchema>;

/**
 * One JSON line for `entry`, with every form of a key masked in every field (before
 * JSON escapes could hide a key split by a control character from the scrubber).
 */
export function formatAuditLine(entry: AuditEntry): string {
  const checked = auditEntrySchema.parse(entry);
  return `${JSON.stringify(scrubDeep(checked))}\n`;
}

/** Parses one line; undefined for a line that is not a valid entry (e.g. torn by a crash). */
export function parseAuditLine(line: string): AuditEntry | undefined {
  if (line.trim() === '') return undefined;
  try {
    const parsed = auditEntrySchema.safeParse(JSON.parse(line));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
