/**
 * Runs a bulk operation over orders through the client's bulk queue, outside React so it
 * completes whatever the screen does: receive each order, or read each order and send one
 * review approving every pending item. Each outcome becomes an `OrderOutcome` (sanitized
 * for the terminal) and one activity log entry; the order lists are invalidated at the end.
 */
import type { QueryClient } from '@tanstack/react-query';
import { runBulk, type BulkCall, type BulkOutcome, type BulkProgress } from '../../../api/bulk/index.js';
import type { ReturnsClient, WriteResult } from '../../../api/client-types.js';
import { ApiError } from '../../../api/client/errors.js';
import type { Page, ReturnOrder, ReviewItem } from '../../../api/schemas.js';
import { ITEMS_NOT_AVAILABLE } from '../../../format/order.js';
import { sanitizeForTerminal } from '../../../format/sanitize.js';
import { appendAudit, type AuditEntry } from '../../../local/audit-log.js';
import { orderKeys } from '../../queries/query-keys.js';
import { checkReview, itemRefs, orderItems } from '../order/review-model.js';
import type { BulkKind, OrderOutcome, RunProgress } from './bulk-run-state.js';

export interface BulkRunnerDeps {
  readonly client: ReturnsClient;
  readonly queryClient: QueryClient;
  readonly stateDir: string;
  readonly profile: string;
  readonly now: () => number;
}

export interface BulkRunHandlers {
  /** Stop: no new requests; those in flight finish. */
  readonly signal: AbortSignal;
  readonly onProgress: (progress: RunProgress) => void;
  readonly onOutcome: (outcome: OrderOutcome) => void;
}

export interface BulkRunResult {
  /** One per order, in the order of the ids. */
  readonly outcomes: readonly OrderOutcome[];
  readonly isStopped: boolean;
  readonly elapsedMs: number;
  /** Local problems (the activity log could not be written). */
  readonly warnings: readonly string[];
}

/** Requests in flight at once; the queue's limiter paces them to the service's rate limit. */
export const BULK_CONCURRENCY = 4;

/** What a worker settled with: the write, and the review items sent (approve all). */
interface Done {
  readonly write: WriteResult;
  readonly isAlreadyApplied: boolean;
}

export type ApprovePlan =
  | { readonly ok: true; readonly items: readonly ReviewItem[] }
  | { readonly ok: false; readonly error: ApiError };

/**
 * The review that approves every pending item of `order` (null: the order is gone). An
 * order that is not pending, or has no item data, gets a failure without any request.
 */
export function approveAllPlan(id: number, order: ReturnOrder | null): ApprovePlan {
  if (!order) {
    return {
      ok: false,
      error: new ApiError({ kind: 'resource', code: 'return_order_not_found', message: `Return order ${id} is no longer available; no review was sent.` }),
    };
  }
  if (order.status !== 'pending') {
    return {
      ok: false,
      error: new ApiError({ kind: 'state', code: 'invalid_state_transition', message: `No longer pending (now ${order.status}); no review was sent.` }),
    };
  }
  const items = orderItems(order);
  if (items === null) {
    return { ok: false, error: new ApiError({ kind: 'state', code: 'item_details_unavailable', message: `${ITEMS_NOT_AVAILABLE} No review was sent.` }) };
  }
  const refs = itemRefs(items);
  const decisions = Object.fromEntries(refs.filter((r) => r.status === 'pending').map((r) => [r.key, { action: 'approve' as const }]));
  const check = checkReview(refs, decisions);
  if (!check.isReady) return { ok: false, error: new ApiError({ kind: 'state', code: 'nothing_to_review', message: check.message }) };
  return { ok: true, items: check.items };
}

/** Order names already in the cache (list pages, quick finds, order screens), by id. */
export function cachedNames(queryClient: QueryClient): Map<number, string> {
  const names = new Map<number, string>();
  const add = (order: unknown) => {
    const o = order as Partial<ReturnOrder> | null | undefined;
    if (o && typeof o.id === 'number' && typeof o.order_name === 'string') names.set(o.id, o.order_name);
  };
  for (const [, data] of queryClient.getQueriesData<unknown>({ queryKey: orderKeys.all })) {
    if (Array.isArray(data)) data.forEach(add);
    else if (data && typeof data === 'object' && Array.isArray((data as Page).data)) (data as Page).data.forEach(add);
    else add(data);
  }
  return names;
}

function toOutcome(outcome: BulkOutcome<number, Done>, name: string | null): OrderOutcome {
  const id = outcome.item;
  const safeName = name === null ? null : sanitizeForTerminal(name);
  if (outcome.status === 'ok') {
    const status = outcome.result.write.order?.status ?? null;
    return { id, name: safeName, result: 'ok', isAlreadyApplied: outcome.result.isAlreadyApplied, status: status === null ? null : sanitizeForTerminal(status) };
  }
  if (outcome.status === 'skipped') return { id, name: safeName, result: 'not-done' };
  const e = outcome.error;
  return {
    id,
    name: safeName,
    result: 'failed',
    code: sanitizeForTerminal(e.code),
    message: sanitizeForTerminal(e.message),
    ...(e.status !== undefined && { httpStatus: e.status }),
    ...(e.requestId !== undefined && { requestId: sanitizeForTerminal(e.requestId) }),
  };
}

function auditEntry(kind: BulkKind, outcome: BulkOutcome<number, Done>, decisions: readonly ReviewItem[] | undefined): Omit<AuditEntry, 'time' | 'profile'> {
  const action = kind === 'receive' ? ('receive' as const) : ('review' as const);
  // Stopped before its turn: nothing was sent, but the log shows it was left undone.
  if (outcome.status === 'skipped') return { orderId: outcome.item, action, source: 'bulk', outcome: 'not_done' };
  const base = {
    orderId: outcome.item,
    action,
    source: 'bulk',
    ...(decisions && { decisions: decisions.map((d) => ({ ...d })) }),
  };
  if (outcome.status === 'ok') {
    const { write } = outcome.result;
    return { ...base, outcome: outcome.result.isAlreadyApplied ? 'already_applied' : 'ok', ...(write.requestId !== undefined && { requestId: write.requestId }) };
  }
  const e = outcome.error;
  return {
    ...base,
    outcome: 'failed',
    ...(e.status !== undefined && { status: e.status }),
    code: e.code,
    message: e.message,
    ...(e.requestId !== undefined && { requestId: e.requestId }),
  };
}

/** Runs `kind` over `ids`; resolves when every order has its outcome and its log entry. */
export async function runBulkOrders(deps: BulkRunnerDeps, kind: BulkKind, ids: readonly number[], handlers: BulkRunHandlers): Promise<BulkRunResult> {
  const { client } = deps;
  const names = cachedNames(deps.queryClient);
  const sent = new Map<number, readonly ReviewItem[]>();
  const warnings: string[] = [];
  // One append at a time, in settling order: entries of one run never interleave.
  let auditChain = Promise.resolve();

  const worker = async (id: number, call: BulkCall): Promise<Done> => {
    if (kind === 'receive') {
      const write = await client.receive(id, call);
      if (write.order) names.set(id, write.order.order_name);
      return { write, isAlreadyApplied: write.isAlreadyApplied };
    }
    const order = await client.getOrder(id, call);
    if (order) names.set(id, order.order_name);
    const plan = approveAllPlan(id, order);
    if (!plan.ok) throw plan.error;
    sent.set(id, plan.items);
    const write = await client.review(id, plan.items, call);
    return { write, isAlreadyApplied: write.isAlreadyApplied };
  };

  const report = await runBulk(ids, worker, {
    concurrency: BULK_CONCURRENCY,
    signal: handlers.signal,
    onProgress: (p: BulkProgress) => handlers.onProgress(p),
    onOutcome: (o) => {
      handlers.onOutcome(toOutcome(o, names.get(o.item) ?? null));
      const entry = auditEntry(kind, o, sent.get(o.item));
      auditChain = auditChain.then(() =>
        appendAudit(deps.stateDir, { time: new Date(deps.now()).toISOString(), profile: deps.profile, ...entry }).catch((error: unknown) => {
          if (warnings.length === 0) warnings.push(`The activity log could not be written: ${sanitizeForTerminal((error as Error).message)}`);
        }),
      );
    },
  });
  await auditChain;
  // Lists, finds and open orders show the new statuses (not awaited: the results need not wait for a refetch).
  void deps.queryClient.invalidateQueries({ queryKey: orderKeys.all });
  return {
    outcomes: report.outcomes.map((o) => toOutcome(o, names.get(o.item) ?? null)),
    isStopped: report.isStopped,
    elapsedMs: report.elapsedMs,
    warnings,
  };
}
