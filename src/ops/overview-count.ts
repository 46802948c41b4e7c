/**
 * Takes the overview's counts through the client: the list of each of the 12 statuses is
 * walked page by page (100 a page, the most the interface gives), through the client's own
 * pagination, rate-limit handling and retries, and counted up to a cap per status. The
 * pending walk also keeps each order's name and submission time for the age chart.
 */
import type { ReturnsClient } from '../api/client-types.js';
import { MAX_PAGE_SIZE, RETURN_ORDER_STATUSES, type ReturnOrderStatus } from '../api/schemas.js';
import type { AuditEntry } from '../local/audit-format.js';
import { activityWindowStart, buildOverview, type OverviewFigures, type PendingOrder, type StatusCount } from './overview.js';

/** How far the walk has come, for a progress bar. */
export interface CountProgress {
  /** Statuses finished. */
  readonly statusesDone: number;
  readonly statusesTotal: number;
  /** The status being counted now (null once all are done). */
  readonly current: ReturnOrderStatus | null;
  /** Orders counted so far, over every status. */
  readonly ordersCounted: number;
}

export interface CountOptions {
  /** Most orders counted per status; more than this shows as "cap+". */
  readonly cap: number;
  readonly signal?: AbortSignal;
  /** Called after every page and every finished status. */
  readonly onProgress?: (progress: CountProgress) => void;
}

export interface CountResult {
  readonly statuses: readonly StatusCount[];
  /** The pending orders walked (all of them, or the newest `cap` when capped). */
  readonly pending: readonly PendingOrder[];
}

/** Counts the orders of every status (one after another, so the walk never bursts past the rate limit). */
export async function countOrdersByStatus(client: ReturnsClient, options: CountOptions): Promise<CountResult> {
  const cap = Math.max(1, Math.floor(options.cap));
  const statuses: StatusCount[] = [];
  const pending: PendingOrder[] = [];
  let ordersCounted = 0;
  const report = (current: ReturnOrderStatus | null) =>
    options.onProgress?.({ statusesDone: statuses.length, statusesTotal: RETURN_ORDER_STATUSES.length, current, ordersCounted });

  for (const status of RETURN_ORDER_STATUSES) {
    report(status);
    let count = 0;
    let isCapped = false;
    const orders = client.listAll({ filters: { statuses: [status] }, limit: MAX_PAGE_SIZE, ...(options.signal && { signal: options.signal }) });
    for await (const order of orders) {
      // One order past the cap proves there are more; it is not counted.
      if (count === cap) {
        isCapped = true;
        break;
      }
      count++;
      ordersCounted++;
      if (status === 'pending') pending.push({ id: order.id, orderName: order.order_name, submittedAt: order.submitted_at });
      if (count % MAX_PAGE_SIZE === 0) report(status);
    }
    statuses.push({ status, count, isCapped });
  }
  report(null);
  return { statuses, pending };
}

export interface TakeOverviewOptions extends CountOptions {
  readonly profile: string;
  /** The name the profile's activity entries carry (its local-state name). */
  readonly stateName: string;
  readonly now: () => number;
  readonly timeZone?: string;
  /** This profile's audit entries from `sinceMs` on (the caller reads the local log). */
  readonly readActivity: (sinceMs: number) => Promise<readonly AuditEntry[]>;
}

/** Walks the counts, reads the activity, and puts the figures together (taken at the end of the walk). */
export async function takeOverview(client: ReturnsClient, options: TakeOverviewOptions): Promise<OverviewFigures> {
  const { statuses, pending } = await countOrdersByStatus(client, options);
  const nowMs = options.now();
  const entries = await options.readActivity(activityWindowStart(nowMs, options.timeZone));
  return buildOverview({
    profile: options.profile,
    stateName: options.stateName,
    cap: options.cap,
    nowMs,
    ...(options.timeZone !== undefined && { timeZone: options.timeZone }),
    statuses,
    pending,
    entries,
  });
}
