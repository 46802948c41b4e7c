/**
 * The console's desk: bulk runs and scan mode, created by the app shell above the list so
 * that a run in progress survives resizes, list refreshes and screen changes. It takes the
 * list's receive / approve-all / scan-mode actions, settles the marks after a run, and
 * tells the shell when quitting must ask first.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { scanQueueFor, type ScanQueueLoad } from '../../../local/scan-queue.js';
import { useNotice } from '../../context/notice-context.js';
import { useServices } from '../../context/services-context.js';
import { useDraftStore } from '../../draft-store.js';
import { useLatest } from '../../hooks/use-latest.js';
import type { ListStore } from '../list/use-list-state.js';
import type { TargetsAction } from '../list/use-orders-list.js';
import type { BulkRunState } from './bulk-run-state.js';
import { createBulkRunStore, type BulkRunStore, type BulkStoreDeps } from './bulk-run-store.js';
import { display, sanitizeForTerminal } from '../../../format/sanitize.js';
import { actionLabel } from '../../keys/match.js';

export interface Desk {
  readonly bulk: BulkRunStore;
  readonly bulkState: BulkRunState;
  readonly isScanOpen: boolean;
  /** True while the desk has the screen (a bulk question, run or results, or scan mode). */
  readonly isOpen: boolean;
  /** The list's receive / approve-all / scan-mode keys, with the marked ids (or the current one). */
  readonly onTargetsAction: (action: TargetsAction, ids: readonly number[]) => void;
  /** For the shell's quit key: true when a run is in progress and the desk asks first. */
  readonly requestQuit: () => boolean;
  readonly closeScan: () => void;
  /** Scans kept in the scan queue from before (sent when scan mode opens); the list shows the count until then. */
  readonly queuedScans: number;
}

export interface UseDeskOptions {
  readonly list: ListStore;
  /** Ends the console. */
  readonly exit: () => void;
}

/** Creates the desk (once per console) and keeps its dependencies current. */
export function useDesk(options: UseDeskOptions): Desk {
  const { client, profile, stateDir, now, writeStops } = useServices();
  const queryClient = useQueryClient();
  const { show } = useNotice();
  const [listState, listDispatch] = options.list;

  // The store reads these when it needs them (set as each render commits), so it is created once and never stale.
  const markedRef = useLatest(listState.marked);
  const deps: BulkStoreDeps = {
    client,
    queryClient,
    stateDir,
    profile: profile.stateName,
    now,
    drafts: useDraftStore(),
    ...(writeStops && { writeStops }),
    notify: show,
    exit: options.exit,
    settleMarks: (succeeded, left) => {
      if (succeeded.length > 0) listDispatch({ type: 'unmark', ids: succeeded });
      // Failed and not-done orders stay (or become) marked, ready for another run.
      for (const id of left) if (!markedRef.current.includes(id)) listDispatch({ type: 'toggle-mark', id });
    },
  };
  const [bulk] = useState(createBulkRunStore);
  useLayoutEffect(() => bulk.setDeps(deps));
  const bulkState = useSyncExternalStore(bulk.subscribe, bulk.getState);
  const [isScanOpen, setScanOpen] = useState(false);

  const onTargetsAction = useCallback(
    (action: TargetsAction, ids: readonly number[]) => {
      if (action === 'scan-mode') {
        if (bulk.getState().phase === 'running') show(display`A bulk run is in progress: scan mode opens when it has finished.`, 'warning');
        else setScanOpen(true);
      } else {
        bulk.ask(action === 'receive' ? 'receive' : 'approve', ids);
      }
    },
    [bulk, show],
  );
  // Scans a console left in the scan queue (killed, or the service down) are sent when scan
  // mode opens: the start says so in a notice, and since a later notice can replace it, the
  // list's header counts them until scan mode has sent them (read again when scan mode closes).
  const { stateName } = profile;
  const [atStart] = useState(() => scanQueueFor(stateDir, stateName).load());
  const [queuedScans, setQueuedScans] = useState(() => queuedCount(atStart));
  const closeScan = useCallback(() => {
    setScanOpen(false);
    setQueuedScans(queuedCount(scanQueueFor(stateDir, stateName).load()));
  }, [stateDir, stateName]);

  const { keyTable } = useServices();
  useEffect(() => {
    if (atStart.kind === 'unreadable') show(sanitizeForTerminal(atStart.notice), 'warning');
    else if (atStart.scans.length > 0) {
      const count = sanitizeForTerminal(`${atStart.scans.length} scan${atStart.scans.length === 1 ? ' is' : 's are'}`);
      show(display`${count} queued from before: ${actionLabel('list', 'scan-mode', keyTable)} opens scan mode and sends them.`, 'warning');
    }
  }, [atStart, keyTable, show]);

  return {
    bulk,
    bulkState,
    isScanOpen,
    isOpen: bulkState.phase !== 'idle' || isScanOpen,
    onTargetsAction,
    requestQuit: bulk.requestQuit,
    queuedScans,
    closeScan,
  };
}

/** How many scans a read of the scan queue holds (0 when it could not be read: the start says why). */
function queuedCount(kept: ScanQueueLoad): number {
  return kept.kind === 'unreadable' ? 0 : kept.scans.length;
}
