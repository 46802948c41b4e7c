/**
 * Runs a bulk operation over orders through the client's bulk queue, outside React so it
 * completes whatever the screen does: receive each order, or read each order and send one
 * review that approves every undecided item (src/ops/review-plan.ts: an order's saved draft
 * is sent as drafted). Each outcome becomes an `OrderOutcome` (sanitized for the terminal)
 * and one activity log entry; a draft whose order is no longer pending is removed (and
 * logged); the order lists are invalidated at the end.
 */
import type { QueryClient } from '@tanstack/react-query';
import { runBulk, type BulkCall, type BulkOutcome, type BulkProgress } from '../../../api/bulk/index.js';
import type { ReturnsClient, WriteResult } from '../../../api/client-types.js';
import { ApiError } from '../../../api/client/errors.js';
import type { Page, ReturnOrder, ReviewItem } from '../../../api/schemas.js';
import { sanitizeForTerminal } from '../../../format/sanitize.js';
import { appendAudit, type AuditEntry } from '../../../local/audit-log.js';
import { createDraftStore } from '../../../local/drafts.js';
import { discardStaleDraft } from '../../../local/stale-drafts.js';
import { planApproveAll } from '../../../ops/review-plan.js';
import { orderKeys } from '../../queries/query-keys.js';
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

/** What a worker settled with: the write, and how many decisions came from a draft (approve all). */
interface Done {
  readonly write: WriteResult;
  readonly isAlreadyApplied: boolean;
  readonly fromDraft?: number;
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
    const { isAlreadyApplied, fromDraft } = outcome.result;
    return { id, name: safeName, result: 'ok', isAlreadyApplied, status: status === null ? null : sanitizeForTerminal(status), ...(fromDraft ? { fromDraft } : {}) };
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

function auditEntry(kind: BulkKind, outcome: BulkOutcome<number, Done>, decisions: readonly ReviewItem[] | undefined, name: string | undefined): Omit<AuditEntry, 'time' | 'profile'> {
  const action = kind === 'receive' ? ('receive' as const) : ('review' as const);
  const who = { orderId: outcome.item, ...(name !== undefined && { orderName: name }) };
  // Stopped before its turn: nothing was sent, but the log shows it was left undone.
  if (outcome.status === 'skipped') return { ...who, action, source: 'bulk', outcome: 'not_done' };
  const base = {
    ...who,
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
  const drafts = createDraftStore({ stateDir: deps.stateDir, profile: deps.profile, now: deps.now });
  // A draft of an order that is no longer pending can never be sent: it goes, and the log says so.
  const dropStale = (id: number, status: string) =>
    discardStaleDraft({ store: drafts, stateDir: deps.stateDir, profile: deps.profile, now: deps.now, orderId: id, orderName: names.get(id), status, source: 'bulk' }).catch(
      (error: unknown) => {
        warnings.push(`A stale draft could not be removed: ${sanitizeForTerminal((error as Error).message)}`);
      },
    );
  const sent = new Map<number, readonly ReviewItem[]>();
  const warnings: string[] = [];
  // One append at a time, in settling order: entries of one run never interleave.
  let auditChain = Promise.resolve();

  const worker = async (id: number, call: BulkCall): Promise<Done> => {
    if (kind === 'receive') {
      const write = await client.receive(id, call);
      if (write.order) names.set(id, write.order.order_name);
      await dropStale(id, write.order?.status ?? 'received');
      return { write, isAlreadyApplied: write.isAlreadyApplied };
    }
    const order = await client.getOrder(id, call);
    if (order) names.set(id, order.order_name);
    if (order && order.status !== 'pending') await dropStale(id, order.status);
    const saved = drafts.load(id);
    const plan = planApproveAll(id, order, saved.kind === 'found' ? saved.draft.decisions : []);
    if (!plan.isReady) {
      const { code, message } = plan.refusal;
      throw new ApiError({ kind: code === 'return_order_not_found' ? 'resource' : 'state', code, message });
    }
    sent.set(id, plan.items);
    const write = await client.review(id, plan.items, call);
    // Sent: the draft's decisions are on the service now (a failure to delete is only a warning).
    if (saved.kind === 'found') await drafts.drop(id).catch((error: unknown) => void warnings.push(`A draft could not be removed: ${sanitizeForTerminal((error as Error).message)}`));
    return { write, isAlreadyApplied: write.isAlreadyApplied, fromDraft: plan.fromDraft };
  };

  const report = await runBulk(ids, worker, {
    concurrency: BULK_CONCURRENCY,
    signal: handlers.signal,
    onProgress: (p: BulkProgress) => handlers.onProgress(p),
    onOutcome: (o) => {
      handlers.onOutcome(toOutcome(o, names.get(o.item) ?? null));
      const entry = auditEntry(kind, o, sent.get(o.item), names.get(o.item));
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
