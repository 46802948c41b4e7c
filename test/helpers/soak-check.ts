/**
 * The fault soak's invariant (pure): every write the sandbox applied (its request log) has
 * exactly one outcome in the activity log that agrees with it, none was applied twice, and no
 * write is left without an outcome. A write's entries (its `sending` entry, how it ended, a
 * later start's reading back) are one outcome; the reading back, when there is one, says it.
 */
import type { AuditEntry } from '../../src/local/audit-log.js';

/** A line of the sandbox's request log (src/sandbox/http/request-log.ts). */
export interface RequestLine {
  readonly route: string | null;
  readonly order_id: number | null;
  readonly status: number;
  readonly code: string | null;
  readonly applied: boolean;
}

/** One write of the activity log and what it came to. */
export interface LoggedWrite {
  /** "receive:1001", "review:1014". */
  readonly key: string;
  readonly isApplied: boolean;
  /** Settled by a later start (the process that sent it was stopped or killed). */
  readonly isSettledLater: boolean;
}

export interface SoakCheck {
  readonly writes: readonly LoggedWrite[];
  /** Writes the sandbox applied. */
  readonly applied: number;
  /** What breaks the invariant, in words; empty when it holds. */
  readonly problems: readonly string[];
}

const keyOf = (e: Pick<AuditEntry, 'action' | 'orderId'>) => `${e.action}:${e.orderId}`;

/** The writes of `entries` (every entry, `sending` ones included), each with its one outcome, and the ones left without. */
export function foldWrites(entries: readonly AuditEntry[]): { readonly writes: LoggedWrite[]; readonly unresolved: string[] } {
  const writes: LoggedWrite[] = [];
  const unresolved: string[] = [];
  const byId = new Map<string, AuditEntry[]>();
  for (const e of entries) {
    if (e.action !== 'review' && e.action !== 'receive') continue;
    if (e.writeId === undefined) {
      // Nothing was about to be sent (stopped first, or refused by approve all's own check).
      writes.push({ key: keyOf(e), isApplied: e.outcome === 'ok' || e.outcome === 'already_applied', isSettledLater: false });
      continue;
    }
    byId.set(e.writeId, [...(byId.get(e.writeId) ?? []), e]);
  }
  for (const [writeId, own] of byId) {
    const settle = own.find((e) => e.settles !== undefined);
    const final = settle ?? own.find((e) => e.outcome !== 'sending');
    if (!final || final.reconciled === 'unknown') {
      unresolved.push(`${keyOf(own[0]!)} (${writeId}) has no outcome: ${own.map((e) => e.outcome).join(', ')}`);
      continue;
    }
    writes.push({ key: keyOf(final), isApplied: final.outcome === 'ok' || final.outcome === 'already_applied', isSettledLater: settle !== undefined });
  }
  return { writes, unresolved };
}

/** Checks the activity log against the request log. */
export function checkSoak(entries: readonly AuditEntry[], requests: readonly RequestLine[]): SoakCheck {
  const { writes, unresolved } = foldWrites(entries);
  const problems = [...unresolved];
  const appliedByKey = new Map<string, number>();
  for (const r of requests) {
    if (!r.applied || (r.route !== 'review' && r.route !== 'receive')) continue;
    const key = `${r.route}:${r.order_id}`;
    appliedByKey.set(key, (appliedByKey.get(key) ?? 0) + 1);
  }
  const claimedByKey = new Map<string, number>();
  for (const w of writes) if (w.isApplied) claimedByKey.set(w.key, (claimedByKey.get(w.key) ?? 0) + 1);
  for (const key of new Set([...appliedByKey.keys(), ...claimedByKey.keys()])) {
    const applied = appliedByKey.get(key) ?? 0;
    const claimed = claimedByKey.get(key) ?? 0;
    if (applied > 1) problems.push(`${key} was applied ${applied} times`);
    if (claimed !== applied) problems.push(`${key}: the sandbox applied it ${applied} time(s), the activity log says ${claimed}`);
  }
  const applied = [...appliedByKey.values()].reduce((n, c) => n + c, 0);
  return { writes, applied, problems };
}
