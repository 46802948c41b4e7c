/**
 * Writes an earlier process left unknown: a console or command that stopped while a write
 * was in flight and could not read it back either (its entry says "unknown", write-stops.ts),
 * or one killed outright (its `sending` entry never got an answer, send-write.ts). The next
 * time the console opens that profile, or a command that writes starts, each such write is
 * read back and a second entry says what it came to, naming the first by its time (and its
 * write id), so no write stays unknown once the service answers again. A `sending` entry of a
 * process still running is left alone: its write may still be in flight.
 */
import { hasDecisions, isReceiveApplied } from '../api/client/reconcile.js';
import type { ReturnOrder } from '../api/schemas.js';
import { readAudit, type AuditEntry } from '../local/audit-log.js';
import { recordActivity, type SettledFact } from './activity.js';
import type { ActivitySource, OpsContext } from './context.js';

/** How far back the log is searched: a write left unknown longer ago is for a person to check. */
export const SETTLE_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;
/** Most entries read back from the log's end. */
const SETTLE_SCAN_LIMIT = 5_000;

const SOURCES: ReadonlySet<string> = new Set<ActivitySource>(['order', 'list', 'bulk', 'scan', 'cli']);

/** Statuses an order that was ever received can no longer have: seeing one, a receive was not applied. */
const NEVER_RECEIVED: ReadonlySet<string> = new Set(['pending', 'reviewed', 'rejected']);

/**
 * What reading `order` back says of `unknown` (pure): applied, not applied, or null when it
 * cannot be told. Orders only move forward: a receive was applied when the order is received,
 * not when it is still before that (pending, reviewed) or went the other way (rejected); a
 * review was applied when the items are decided exactly as it sent them (whatever happened to
 * the order since), not when the order is still pending or its items were decided otherwise
 * (a review is applied once). Gone, or received and moved on: cannot be told. `appliedBy` is
 * the time of another write of the same order and action the log knows was applied: then
 * this one was not, whatever the order shows.
 */
export function settleOf(unknown: AuditEntry, order: ReturnOrder | null, appliedBy?: string): Omit<SettledFact, 'kind' | 'unknown'> | null {
  // A review or receive of an order is applied once: when the log knows which write it was, it was not this one.
  if (appliedBy !== undefined) return { isApplied: false, status: order?.status ?? null, appliedBy };
  if (!order) return null;
  const notApplied = { isApplied: false, status: order.status };
  const applied = { isApplied: true, status: order.status };
  if (unknown.action === 'receive') {
    if (isReceiveApplied(order)) return applied;
    return NEVER_RECEIVED.has(order.status) ? notApplied : null;
  }
  if (unknown.action !== 'review') return null;
  if (order.status === 'pending') return notApplied;
  const decided = hasDecisions(order, unknown.decisions ?? []);
  return decided === null ? null : decided ? applied : notApplied;
}

/** True while the process `pid` runs (one of another user counts as running: it cannot be told apart). */
export function isProcessRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The entries of `ctx.profile` still unknown: reviews and receives left "unknown" that no later
 * entry settles, and `sending` entries no later entry answers whose process has ended.
 */
export async function unsettledWrites(ctx: Pick<OpsContext, 'stateDir' | 'profile' | 'now'>, isRunning: (pid: number) => boolean = isProcessRunning): Promise<readonly AuditEntry[]> {
  return unsettledOf(await readRecent(ctx), isRunning);
}

/** The entries the settling reads: the profile's, newest first, SETTLE_WINDOW_MS back. */
async function readRecent(ctx: Pick<OpsContext, 'stateDir' | 'profile' | 'now'>): Promise<readonly AuditEntry[]> {
  return (await readAudit(ctx.stateDir, { limit: SETTLE_SCAN_LIMIT, profile: ctx.profile, sinceMs: ctx.now() - SETTLE_WINDOW_MS })).entries;
}

/** The key of a write's order and action. */
const writeKey = (e: Pick<AuditEntry, 'orderId' | 'action'>) => `${e.orderId}|${e.action}`;

/** For each order and action the log knows a write of was applied, that write's time. */
function appliedWrites(entries: readonly AuditEntry[]): Map<string, string> {
  const applied = new Map<string, string>();
  for (const e of entries) {
    if (e.outcome === 'ok' || e.outcome === 'already_applied') applied.set(writeKey(e), e.settles ?? e.time);
  }
  return applied;
}

/**
 * The time of another write of `write`'s order and action the profile's log says was applied,
 * or undefined. A write the client found "already applied" (its answer was lost and a retry
 * found the order as the write would leave it) was not applied when another one was: a review
 * or receive of an order is applied once.
 */
export async function otherAppliedWrite(ctx: Pick<OpsContext, 'stateDir' | 'profile' | 'now'>, write: Pick<AuditEntry, 'orderId' | 'action' | 'writeId'>): Promise<string | undefined> {
  const entries = (await readRecent(ctx)).filter((e) => e.writeId === undefined || e.writeId !== write.writeId);
  return appliedWrites(entries).get(writeKey(write));
}

/** True when the profile's log holds an answer (an outcome, not only `sending`) of write `writeId`. */
export async function isWriteAnswered(ctx: Pick<OpsContext, 'stateDir' | 'profile' | 'now'>, writeId: string): Promise<boolean> {
  return (await readRecent(ctx)).some((e) => e.writeId === writeId && e.outcome !== 'sending');
}

function unsettledOf(entries: readonly AuditEntry[], isRunning: (pid: number) => boolean): readonly AuditEntry[] {
  // An entry is named by its time, order and action (the writes one quit cut can share a
  // millisecond); one with a write id by that id as well.
  const name = (time: string, e: AuditEntry) => `${time}|${e.orderId}|${e.action}`;
  const settled = new Set(entries.flatMap((e) => (e.settles !== undefined ? [name(e.settles, e)] : [])));
  const answered = new Set(entries.flatMap((e) => (e.writeId !== undefined && e.outcome !== 'sending' ? [e.writeId] : [])));
  const isWrite = (e: AuditEntry) => e.orderId !== undefined && (e.action === 'review' || e.action === 'receive');
  const isLeftUnknown = (e: AuditEntry) => e.reconciled === 'unknown' && !settled.has(name(e.time, e));
  const isCutOff = (e: AuditEntry) =>
    e.outcome === 'sending' && e.writeId !== undefined && !answered.has(e.writeId) && e.pid !== process.pid && (e.pid === undefined || !isRunning(e.pid));
  return entries.filter((e) => isWrite(e) && (isLeftUnknown(e) || isCutOff(e))).reverse();
}

/**
 * Reads back every write of `ctx.profile` an earlier quit left unknown and logs what each came
 * to (the new entry keeps the first one's source). Returns the settled entries' facts; a write
 * that still cannot be read or told stays unknown, for the next start. Never rejects.
 */
export function settleUnknownWrites(ctx: OpsContext, warnings: string[] = []): Promise<readonly SettledFact[]> {
  // One at a time per log and profile: a second call (the profile opened again while the first
  // still waits on the service) reads the log after the first has written, so nothing is settled twice.
  const key = `${ctx.stateDir}\0${ctx.profile}`;
  const previous = running.get(key) ?? Promise.resolve([]);
  const next = previous.then(() => settleNow(ctx, warnings));
  running.set(key, next);
  void next.then(() => {
    if (running.get(key) === next) running.delete(key);
  });
  return next;
}

/** The settling in progress, per state directory and profile. */
const running = new Map<string, Promise<readonly SettledFact[]>>();

/**
 * Resolves once no settling of `ctx.profile`'s earlier writes is in progress. A write waits for
 * it (send-write.ts): reading an earlier, cut-off write back after a new write of the same
 * order was applied would credit the earlier one with it.
 */
export async function whenSettled(ctx: Pick<OpsContext, 'stateDir' | 'profile'>): Promise<void> {
  await running.get(`${ctx.stateDir}\0${ctx.profile}`);
}

async function settleNow(ctx: OpsContext, warnings: string[]): Promise<readonly SettledFact[]> {
  let entries: readonly AuditEntry[];
  try {
    entries = await readRecent(ctx);
  } catch {
    return [];
  }
  const pending = unsettledOf(entries, isProcessRunning);
  const applied = appliedWrites(entries);
  const settled: SettledFact[] = [];
  for (const unknown of pending) {
    let order: ReturnOrder | null;
    try {
      order = await ctx.client.getOrder(unknown.orderId!);
    } catch {
      continue;
    }
    const found = settleOf(unknown, order, applied.get(writeKey(unknown)));
    if (!found) continue;
    if (found.isApplied) applied.set(writeKey(unknown), unknown.time);
    const fact: SettledFact = { kind: 'settled', unknown, ...found };
    const source = unknown.source !== undefined && SOURCES.has(unknown.source) ? (unknown.source as ActivitySource) : ctx.source;
    await recordActivity({ ...ctx, source }, fact, warnings);
    settled.push(fact);
  }
  return settled;
}
