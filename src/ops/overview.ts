/**
 * The overview's figures, as pure functions: orders per status (exact up
 * to a cap), pending orders by age, the oldest pending order, and one profile's own
 * activity per hour today and yesterday. The console's overview screen and
 * `returns-console overview` both build their figures here, so the two always agree.
 */
import { RETURN_ORDER_STATUSES, type ReturnOrderStatus } from '../api/schemas.js';
import type { AuditEntry } from '../local/audit-format.js';
import { addDays, localDateOf, offsetAt, type CalendarDate } from '../format/zone-time.js';

/** How many orders of one status are counted before the count stops (shown as "5,000+"). */
export const DEFAULT_OVERVIEW_CAP = 5000;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The count of one status: exact, or at least `count` when the walk stopped at the cap. */
export interface StatusCount {
  readonly status: ReturnOrderStatus;
  readonly count: number;
  /** True when more orders exist than were counted (the count is the cap). */
  readonly isCapped: boolean;
}

/** What the overview keeps of a pending order. */
export interface PendingOrder {
  readonly id: number;
  readonly orderName: string;
  readonly submittedAt: string;
}

/** The age groups of pending orders: a lower bound in days (inclusive), the next group's is its upper bound. */
export const AGE_BUCKETS = [
  { key: 'under_1d', label: 'under 1 day', fromDays: 0 },
  { key: '1_3d', label: '1-3 days', fromDays: 1 },
  { key: '3_7d', label: '3-7 days', fromDays: 3 },
  { key: '7_14d', label: '7-14 days', fromDays: 7 },
  { key: 'over_14d', label: 'over 14 days', fromDays: 14 },
] as const;

export type AgeBucketKey = (typeof AGE_BUCKETS)[number]['key'];

export interface AgeBucketCount {
  readonly key: AgeBucketKey;
  readonly label: string;
  readonly count: number;
}

/** Decisions (successful reviews) and receipts in one local hour. */
export interface HourActivity {
  readonly hour: number;
  readonly decisions: number;
  readonly receipts: number;
}

export interface DayActivity {
  /** The local date, e.g. "2026-11-20". */
  readonly date: string;
  /** 24 entries, hour 0 to 23 (local time). */
  readonly hours: readonly HourActivity[];
  readonly decisions: number;
  readonly receipts: number;
}

/** Everything the overview shows, with the time the counts were taken. */
export interface OverviewFigures {
  readonly profile: string;
  /** When the walk finished (ms since the epoch). */
  readonly takenAt: number;
  readonly cap: number;
  /** One per status, in the interface's order. */
  readonly statuses: readonly StatusCount[];
  readonly pendingByAge: readonly AgeBucketCount[];
  /** True when the pending walk stopped at the cap: the ages and the oldest are of the newest `cap` pending orders. */
  readonly isPendingPartial: boolean;
  readonly oldestPending: PendingOrder | null;
  readonly activity: { readonly today: DayActivity; readonly yesterday: DayActivity };
}

/** "1,234", or "5,000+" for a count that stopped at the cap. */
export function formatCount(count: number, isCapped = false): string {
  return `${count.toLocaleString('en-US')}${isCapped ? '+' : ''}`;
}

/** The bucket of an order submitted at `submittedMs` (a future time, from clock skew, is under 1 day). */
export function ageBucketOf(submittedMs: number, nowMs: number): AgeBucketKey {
  const days = Math.max(0, nowMs - submittedMs) / DAY_MS;
  let key: AgeBucketKey = AGE_BUCKETS[0].key;
  for (const bucket of AGE_BUCKETS) if (days >= bucket.fromDays) key = bucket.key;
  return key;
}

/** Pending orders per age group at `nowMs` (every group present, in order; unparsable dates are left out). */
export function bucketPendingByAge(pending: readonly PendingOrder[], nowMs: number): AgeBucketCount[] {
  const counts = new Map<AgeBucketKey, number>(AGE_BUCKETS.map((b) => [b.key, 0]));
  for (const order of pending) {
    const ms = Date.parse(order.submittedAt);
    if (Number.isNaN(ms)) continue;
    const key = ageBucketOf(ms, nowMs);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return AGE_BUCKETS.map((b) => ({ key: b.key, label: b.label, count: counts.get(b.key) ?? 0 }));
}

/** The pending order submitted first (on a tie, the lower id); null when there is none. */
export function oldestPending(pending: readonly PendingOrder[]): PendingOrder | null {
  let oldest: PendingOrder | null = null;
  let oldestMs = Infinity;
  for (const order of pending) {
    const ms = Date.parse(order.submittedAt);
    if (Number.isNaN(ms)) continue;
    if (ms < oldestMs || (ms === oldestMs && oldest !== null && order.id < oldest.id)) {
      oldest = order;
      oldestMs = ms;
    }
  }
  return oldest;
}

const isDone = (entry: AuditEntry) => entry.outcome === 'ok' || entry.outcome === 'already_applied';

const dateText = (d: CalendarDate) => `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

function emptyDay(date: CalendarDate): { date: string; hours: HourActivity[] } {
  return { date: dateText(date), hours: Array.from({ length: 24 }, (_, hour) => ({ hour, decisions: 0, receipts: 0 })) };
}

/**
 * One profile's decisions (reviews that went through) and receipts per local hour, today
 * and yesterday in `timeZone`. Failed, not-sent and no-change entries, scans and removed
 * drafts are not activity; entries of other profiles are never counted.
 */
export function activityByHour(
  entries: readonly AuditEntry[],
  /** `stateName`: the name the profile's entries carry (its local-state name). */
  options: { readonly stateName: string; readonly nowMs: number; readonly timeZone?: string },
): { today: DayActivity; yesterday: DayActivity } {
  const todayDate = localDateOf(options.nowMs, options.timeZone);
  const yesterdayDate = addDays(todayDate, -1);
  const days = { today: emptyDay(todayDate), yesterday: emptyDay(yesterdayDate) };
  for (const entry of entries) {
    if (entry.profile !== options.stateName || !isDone(entry)) continue;
    if (entry.action !== 'review' && entry.action !== 'receive') continue;
    const ms = Date.parse(entry.time);
    if (Number.isNaN(ms)) continue;
    const date = dateText(localDateOf(ms, options.timeZone));
    const day = date === days.today.date ? days.today : date === days.yesterday.date ? days.yesterday : null;
    if (!day) continue;
    const hour = new Date(ms + offsetAt(ms, options.timeZone)).getUTCHours();
    const slot = day.hours[hour]!;
    day.hours[hour] = entry.action === 'review' ? { ...slot, decisions: slot.decisions + 1 } : { ...slot, receipts: slot.receipts + 1 };
  }
  const total = (day: { date: string; hours: HourActivity[] }): DayActivity => ({
    ...day,
    decisions: day.hours.reduce((n, h) => n + h.decisions, 0),
    receipts: day.hours.reduce((n, h) => n + h.receipts, 0),
  });
  return { today: total(days.today), yesterday: total(days.yesterday) };
}

/** The first instant of yesterday (local): audit entries older than this are not needed. */
export function activityWindowStart(nowMs: number, timeZone?: string): number {
  // A day and a bit before the start of today covers yesterday in every zone, DST included.
  const today = localDateOf(nowMs, timeZone);
  const wallToday = Date.UTC(today.year, today.month - 1, today.day);
  return wallToday - offsetAt(nowMs, timeZone) - DAY_MS - 2 * HOUR_MS;
}

/** The overview from the counts of a walk and the audit entries read, at `nowMs`. */
export function buildOverview(input: {
  readonly profile: string;
  /** The name the profile's activity entries carry (its local-state name). */
  readonly stateName: string;
  readonly cap: number;
  readonly nowMs: number;
  readonly timeZone?: string;
  readonly statuses: readonly StatusCount[];
  readonly pending: readonly PendingOrder[];
  readonly entries: readonly AuditEntry[];
}): OverviewFigures {
  return {
    profile: input.profile,
    takenAt: input.nowMs,
    cap: input.cap,
    statuses: input.statuses,
    pendingByAge: bucketPendingByAge(input.pending, input.nowMs),
    isPendingPartial: input.statuses.some((s) => s.status === 'pending' && s.isCapped),
    oldestPending: oldestPending(input.pending),
    activity: activityByHour(input.entries, { stateName: input.stateName, nowMs: input.nowMs, ...(input.timeZone !== undefined && { timeZone: input.timeZone }) }),
  };
}

/** The counts as a plain record (every status, in order), for scripts. */
export function statusCountRecord(statuses: readonly StatusCount[]): Record<ReturnOrderStatus, { count: number; is_capped: boolean }> {
  const byStatus = new Map(statuses.map((s) => [s.status, s]));
  return Object.fromEntries(
    RETURN_ORDER_STATUSES.map((status) => {
      const s = byStatus.get(status);
      return [status, { count: s?.count ?? 0, is_capped: s?.isCapped ?? false }];
    }),
  ) as Record<ReturnOrderStatus, { count: number; is_capped: boolean }>;
}
