/**
 * The activity log as the operations write it. One builder turns what happened (a write's
 * outcome, a scan that changed nothing, a stale draft removed) into one entry, stamped with
 * the time, the profile and where it was started; one recorder appends it, one entry at a
 * time per log, and turns a failure to write into a warning (never a lost write result).
 */
import { randomBytes } from 'node:crypto';
import type { ApiError } from '../api/client/errors.js';
import type { ReviewItem } from '../api/schemas.js';
import { sanitizeForTerminal } from '../format/sanitize.js';
import { appendAudit, type AuditEntry } from '../local/audit-log.js';
import { describeWriteError } from '../local/write-problem.js';
import type { DraftDecision } from '../local/draft-format.js';
import type { LocalContext } from './context.js';
import type { WriteAction, WriteOutcome } from './outcome.js';

/** Why a scan changed nothing (or failed before any write): the entry's code and message. */
export interface ScanFact {
  readonly kind: 'scan';
  readonly scanned: string;
  readonly outcome: 'no_change' | 'failed';
  readonly code: string;
  readonly message: string;
  readonly orderId?: number;
  readonly orderName?: string;
}

/** A saved draft removed because its order is no longer pending. */
export interface DraftDiscardedFact {
  readonly kind: 'draft-discarded';
  readonly orderId: number;
  readonly orderName?: string;
  readonly decisions: readonly DraftDecision[];
  /** The order's status now: why the draft went. */
  readonly status: string;
}

/** A write an earlier entry left unknown, read back now: applied or not, and the order's status. */
export interface SettledFact {
  readonly kind: 'settled';
  /** The entry that said "unknown" (a review or a receive). */
  readonly unknown: AuditEntry;
  readonly isApplied: boolean;
  /** The order's status now, or null when the service no longer has it. */
  readonly status: string | null;
  /** Not applied because the log knows another write of the order did it: that write's time. */
  readonly appliedBy?: string;
}

/**
 * A write about to be sent: its entry (outcome `sending`) is on disk before the request
 * leaves, so a process killed while the write is in flight still leaves a trace, which the
 * next start reads back (settle-unknown.ts). The write's later entry carries the same id.
 */
export interface SendingFact {
  readonly kind: 'sending';
  readonly writeId: string;
  readonly action: WriteAction;
  readonly orderId: number;
  readonly orderName?: string;
  readonly decisions?: readonly ReviewItem[];
}

export type ActivityFact = { readonly kind: 'write'; readonly outcome: WriteOutcome } | ScanFact | DraftDiscardedFact | SettledFact | SendingFact;

/** A fresh id for one write's entries. */
export function newWriteId(): string {
  return `w_${randomBytes(8).toString('hex')}`;
}

/** Status, code, message and request id of a failure. */
function failureFields(error: Pick<ApiError, 'code' | 'message'> & Partial<Pick<ApiError, 'status' | 'requestId'>>) {
  return {
    ...(error.status !== undefined && { status: error.status }),
    code: error.code,
    message: error.message,
    ...(error.requestId !== undefined && { requestId: error.requestId }),
  };
}

function writeFields(outcome: WriteOutcome) {
  const base = {
    orderId: outcome.orderId,
    ...(outcome.orderName !== undefined && { orderName: outcome.orderName }),
    action: outcome.action,
    ...(outcome.decisions && { decisions: outcome.decisions.map((d) => ({ ...d })) }),
    ...(outcome.reconciled !== undefined && { reconciled: outcome.reconciled }),
    ...(outcome.writeId !== undefined && { writeId: outcome.writeId }),
  };
  switch (outcome.status) {
    case 'ok':
      return { ...base, outcome: outcome.isAlreadyApplied ? ('already_applied' as const) : ('ok' as const), ...(outcome.result.requestId !== undefined && { requestId: outcome.result.requestId }) };
    case 'failed':
      return { ...base, outcome: 'failed' as const, ...failureFields(outcome.error) };
    default:
      // Stopped before its turn: nothing was sent, but the log shows it was left undone.
      return { ...base, outcome: 'not_done' as const };
  }
}

function settledFields(fact: SettledFact): Omit<AuditEntry, 'time' | 'profile' | 'source'> {
  const { unknown } = fact;
  const status = fact.status === null ? 'the order is no longer available' : `the order is ${fact.status}`;
  const now = fact.appliedBy === undefined ? status : `${status}, by the ${unknown.action} of ${fact.appliedBy}`;
  const left = unknown.outcome === 'sending' ? 'was sent, but its process ended before the answer was logged' : 'was left unknown';
  return {
    ...(unknown.orderId !== undefined && { orderId: unknown.orderId }),
    ...(unknown.orderName !== undefined && { orderName: unknown.orderName }),
    action: unknown.action,
    ...(unknown.decisions && { decisions: unknown.decisions.map((d) => ({ ...d })) }),
    outcome: fact.isApplied ? 'ok' : 'failed',
    ...(!fact.isApplied && unknown.code !== undefined && { code: unknown.code }),
    message: `Read back at the next start (the ${unknown.action} of ${unknown.time} ${left}): ${fact.isApplied ? 'applied' : 'not applied'} (${now}).`,
    reconciled: fact.isApplied ? 'applied' : 'not_applied',
    settles: unknown.time,
    ...(unknown.writeId !== undefined && { writeId: unknown.writeId }),
  };
}

function factFields(fact: ActivityFact): Omit<AuditEntry, 'time' | 'profile' | 'source'> {
  if (fact.kind === 'write') return writeFields(fact.outcome);
  if (fact.kind === 'settled') return settledFields(fact);
  if (fact.kind === 'sending') {
    return {
      orderId: fact.orderId,
      ...(fact.orderName !== undefined && { orderName: fact.orderName }),
      action: fact.action,
      ...(fact.decisions && { decisions: fact.decisions.map((d) => ({ ...d })) }),
      outcome: 'sending',
      writeId: fact.writeId,
      pid: process.pid,
    };
  }
  const who = {
    ...(fact.orderId !== undefined && { orderId: fact.orderId }),
    ...(fact.orderName !== undefined && { orderName: fact.orderName }),
  };
  if (fact.kind === 'scan') return { ...who, action: 'scan', scanned: fact.scanned, outcome: fact.outcome, code: fact.code, message: fact.message };
  const n = fact.decisions.length;
  return {
    ...who,
    action: 'draft',
    decisions: fact.decisions.map((d) => ({ id: d.id, type: d.type, action: d.action, ...(d.rejectReason !== undefined && { reject_reason: d.rejectReason }) })),
    outcome: 'discarded',
    code: 'order_not_pending',
    message: `Draft of ${n} decision${n === 1 ? '' : 's'} removed: the order is now ${fact.status} (reviewed elsewhere or by another run).`,
  };
}

/** The one activity log entry of `fact`, done from `ctx` now. */
export function activityEntry(ctx: Pick<LocalContext, 'profile' | 'now' | 'source'>, fact: ActivityFact): AuditEntry {
  return { time: new Date(ctx.now()).toISOString(), profile: ctx.profile, source: ctx.source, ...factFields(fact) };
}

/** Appends in flight, per log file: entries are appended one at a time, in the order recorded. */
const appending = new Map<string, Promise<unknown>>();

/** Appends `fact`'s entry after those recorded before it; rejects when it cannot be written. */
export function appendActivity(ctx: LocalContext, fact: ActivityFact): Promise<void> {
  const entry = activityEntry(ctx, fact);
  const previous = appending.get(ctx.stateDir) ?? Promise.resolve();
  const done = previous.then(() => appendAudit(ctx.stateDir, entry));
  const settled = done.catch(() => undefined);
  appending.set(ctx.stateDir, settled);
  void settled.then(() => {
    if (appending.get(ctx.stateDir) === settled) appending.delete(ctx.stateDir);
  });
  return done;
}

/** Why the activity log could not be written, in words (a full disk and a read-only directory said plainly). */
export function logWriteProblem(error: unknown): string {
  return sanitizeForTerminal(describeWriteError(error));
}

/**
 * Records `fact` in the activity log of `ctx.stateDir`. Resolves once it is on disk; a
 * failure to write is pushed to `warnings` instead of rejecting.
 */
export function recordActivity(ctx: LocalContext, fact: ActivityFact, warnings: string[]): Promise<void> {
  return appendActivity(ctx, fact).then(
    () => undefined,
    (error: unknown) => {
      warnings.push(`The activity log could not be written (${logWriteProblem(error)}): this result is not in it.`);
    },
  );
}
