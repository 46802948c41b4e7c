/**
 * Runs the console's bulk run as a React Query mutation (write-mutations.ts) over the one
 * bulk operation of src/ops (the same one `returns-console receive` runs), outside React so
 * it completes whatever the screen does. Each order's outcome is shown sanitized for the
 * terminal. Loaded only when a run starts.
 */
import { MutationObserver, type QueryClient } from '@tanstack/react-query';
import type { BulkProgress } from '../../../api/bulk/index.js';
import { sanitizeForTerminal } from '../../../format/sanitize.js';
import type { WriteOutcome } from '../../../ops/outcome.js';
import { bulkMutation, settledOf } from '../../queries/write-mutations.js';
import type { DraftStore } from '../../../local/drafts.js';
import type { ConsoleServices } from '../../services.js';
import type { BulkKind, OrderOutcome, RunProgress } from './bulk-run-state.js';

export interface BulkRunnerDeps extends Pick<ConsoleServices, 'client' | 'stateDir' | 'now' | 'writeStops'> {
  readonly queryClient: QueryClient;
  /** The profile's name. */
  readonly profile: string;
  /** The console's drafts store (draft-store.ts); absent: the run makes its own. */
  readonly drafts?: DraftStore;
}

export interface BulkRunHandlers {
  /** Stop: no new requests; those in flight finish. */
  readonly signal: AbortSignal;
  /** Order names known to the console, by id. */
  readonly names: ReadonlyMap<number, string>;
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

/** An order's outcome as the bulk panel shows it (sanitized). */
function toOrderOutcome(outcome: WriteOutcome): OrderOutcome {
  const id = outcome.orderId;
  const name = outcome.orderName === undefined ? null : sanitizeForTerminal(outcome.orderName);
  if (outcome.status === 'ok') {
    const status = outcome.result.order?.status ?? null;
    const { isAlreadyApplied, fromDraft } = outcome;
    return { id, name, result: 'ok', isAlreadyApplied, status: status === null ? null : sanitizeForTerminal(status), ...(fromDraft ? { fromDraft } : {}) };
  }
  if (outcome.status === 'not_done') return { id, name, result: 'not-done' };
  const e = outcome.error;
  return {
    id,
    name,
    result: 'failed',
    code: sanitizeForTerminal(e.code),
    message: sanitizeForTerminal(e.message),
    ...(e.status !== undefined && { httpStatus: e.status }),
    ...(e.requestId !== undefined && { requestId: sanitizeForTerminal(e.requestId) }),
  };
}

/** Runs `kind` over `ids`; resolves when every order has its outcome and its log entry. */
export async function runBulkOrders(deps: BulkRunnerDeps, kind: BulkKind, ids: readonly number[], handlers: BulkRunHandlers): Promise<BulkRunResult> {
  const observer = new MutationObserver(deps.queryClient, bulkMutation(deps.queryClient, { ...deps, source: 'bulk' }, kind));
  const report = await settledOf(
    observer.mutate({
      ids,
      names: handlers.names,
      signal: handlers.signal,
      onProgress: (p: BulkProgress) => handlers.onProgress(p),
      onOutcome: (o) => handlers.onOutcome(toOrderOutcome(o)),
    }),
  );
  return { outcomes: report.outcomes.map(toOrderOutcome), isStopped: report.isStopped, elapsedMs: report.elapsedMs, warnings: report.warnings };
}
