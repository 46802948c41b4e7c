/**
 * The bulk-run store: one per console, created by the app above the list, so a run in
 * progress survives resizes, list refreshes and screen changes. It holds the reducer's
 * state outside React (components read it with useSyncExternalStore) and drives the run,
 * whose module loads only when a run starts (start-up does not pay for it).
 */
import type { NoticeTone } from '../../context/notice-context.js';
import { knownOrderNames, knownOrderStatuses } from '../../queries/order-names.js';
import { isUnknownStatus, unknownStatusCount } from '../../unknown-status.js';
import type { BulkRunnerDeps, BulkRunResult } from './bulk-runner.js';
import { bulkRunReducer, IDLE, succeededIds, type BulkKind, type BulkRunAction, type BulkRunState, type RunProgress } from './bulk-run-state.js';
import { leftOutText } from './bulk-format.js';
import { display, sanitizeForTerminal, type DisplayText } from '../../../format/sanitize.js';

export interface BulkStoreDeps extends BulkRunnerDeps {
  /** After a run: unmark the orders that went through, keep (or make) the others marked. */
  readonly settleMarks: (succeeded: readonly number[], left: readonly number[]) => void;
  readonly notify: (text: DisplayText, tone?: NoticeTone) => void;
  /** Ends the console (after a confirmed quit, once the run has wound down). */
  readonly exit: () => void;
}

export interface BulkRunStore {
  /** The app's latest values (set after each render commits); read at the moment of use. */
  readonly setDeps: (deps: BulkStoreDeps) => void;
  readonly getState: () => BulkRunState;
  readonly subscribe: (listener: () => void) => () => void;
  /** Opens the question for `kind` over `ids` (ignored while a run is in progress, with a notice). */
  readonly ask: (kind: BulkKind, ids: readonly number[]) => void;
  /** Answers the question with yes: the run starts. */
  readonly confirm: () => void;
  readonly cancel: () => void;
  /** Esc during a run: no new requests; those in flight finish. */
  readonly stop: () => void;
  /** q: true when a run is in progress and the store now asks first (the caller must not exit). */
  readonly requestQuit: () => boolean;
  readonly answerQuit: (isYes: boolean) => void;
  readonly scroll: (by: number, visibleRows: number) => void;
  /** Closes the results panel. */
  readonly close: () => void;
}

function pickProgress(p: RunProgress): RunProgress {
  const { total, done, ok, alreadyApplied, failed, skipped, running, rate, isPaused, rateLimited } = p;
  return { total, done, ok, alreadyApplied, failed, skipped, running, rate, isPaused, rateLimited };
}

/** Creates the store; its dependencies are set with `setDeps` before it is used. */
export function createBulkRunStore(): BulkRunStore {
  let latestDeps: BulkStoreDeps | null = null;
  const getDeps = (): BulkStoreDeps => {
    if (!latestDeps) throw new Error('bulk-run store used before setDeps');
    return latestDeps;
  };
  let state: BulkRunState = IDLE;
  let stopper: AbortController | null = null;
  const listeners = new Set<() => void>();
  const dispatch = (action: BulkRunAction) => {
    const next = bulkRunReducer(state, action);
    if (next === state) return;
    state = next;
    for (const listener of listeners) listener();
  };

  const finish = (result: BulkRunResult) => {
    const isQuitting = state.phase === 'running' && state.isQuitting;
    stopper = null;
    dispatch({ type: 'finished', ...result });
    const deps = getDeps();
    const ok = succeededIds(result.outcomes);
    const okSet = new Set(ok);
    deps.settleMarks(ok, result.outcomes.filter((o) => !okSet.has(o.id)).map((o) => o.id));
    if (result.warnings.length > 0) deps.notify(sanitizeForTerminal(result.warnings.join(' ')), 'warning');
    if (isQuitting) deps.exit();
  };

  const start = (kind: BulkKind, ids: readonly number[]) => {
    const deps = getDeps();
    const controller = new AbortController();
    stopper = controller;
    dispatch({ type: 'started', startedAt: deps.now() });
    import('./bulk-runner.js')
      .then(({ runBulkOrders }) =>
        runBulkOrders(deps, kind, ids, {
          signal: controller.signal,
          names: knownOrderNames(deps.queryClient),
          onProgress: (progress) => dispatch({ type: 'progress', progress: pickProgress(progress) }),
          onOutcome: (outcome) => dispatch({ type: 'outcome', outcome }),
        }),
      )
      .then(finish, (error: unknown) => {
        // Only a failure to load the runner gets here (the run itself never rejects): nothing was sent.
        const message = error instanceof Error ? error.message : String(error);
        finish({
          outcomes: ids.map((id) => ({ id, name: null, result: 'not-done' as const })),
          isStopped: true,
          elapsedMs: 0,
          warnings: [`The bulk run could not start: ${message}`],
        });
      });
  };

  return {
    setDeps: (deps) => {
      latestDeps = deps;
    },
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ask: (kind, ids) => {
      if (state.phase === 'running') {
        getDeps().notify(display`A bulk run is in progress: wait for it to finish, or press Esc to stop it.`, 'warning');
        return;
      }
      // Checked before asking, with the statuses the list knows: an order whose status this
      // version does not know is read-only (skipped); one whose status makes the write
      // impossible (a pending order to receive, a reviewed one to approve) is left out, with
      // the step that can succeed. The service stays the judge of the rest.
      const deps = getDeps();
      const statuses = knownOrderStatuses(deps.queryClient);
      const isReadOnly = (id: number) => isUnknownStatus(statuses.get(id));
      const needed = kind === 'receive' ? 'reviewed' : 'pending';
      const skipped = ids.filter(isReadOnly);
      const leftOut = ids.flatMap((id) => {
        const status = statuses.get(id);
        return status !== undefined && status !== null && !isReadOnly(id) && status !== needed ? [{ id, status }] : [];
      });
      const sendable = ids.filter((id) => !isReadOnly(id) && !leftOut.some((o) => o.id === id));
      if (sendable.length === 0) {
        const names = knownOrderNames(deps.queryClient);
        const why = leftOut.length > 0 ? leftOutText(kind, leftOut, (id) => names.get(id) ?? null) : display`${unknownStatusCount(skipped.length)}, read-only in this version.`;
        deps.notify(display`Nothing to ${kind === 'receive' ? display`receive` : display`approve`}: ${why}`, 'warning');
        return;
      }
      dispatch({ type: 'ask', kind, ids: sendable, ...(skipped.length > 0 && { skipped }), ...(leftOut.length > 0 && { leftOut }) });
    },
    confirm: () => {
      if (state.phase === 'confirm') start(state.kind, state.ids);
    },
    cancel: () => dispatch({ type: 'cancel' }),
    stop: () => {
      if (state.phase !== 'running') return;
      dispatch({ type: 'stop' });
      stopper?.abort();
    },
    requestQuit: () => {
      if (state.phase !== 'running') return false;
      dispatch({ type: 'ask-quit' });
      return true;
    },
    answerQuit: (isYes) => {
      if (state.phase !== 'running' || !state.isQuitAsked) return;
      dispatch({ type: 'answer-quit', isYes });
      if (isYes) stopper?.abort();
    },
    scroll: (by, visibleRows) => dispatch({ type: 'scroll', by, visibleRows }),
    close: () => dispatch({ type: 'close' }),
  };
}
