/**
 * Which orders of the list have a saved draft (the list marks them with "✎"), read again
 * whenever the page changes or the list comes back on screen. A draft of an order that the
 * list shows as no longer pending (reviewed elsewhere, by a bulk run, by a scan) is removed
 * and the activity log says so: it could never be sent.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ReturnOrder } from '../../../api/schemas.js';
import { useDraftStore } from '../../draft-store.js';
import { discardStaleDraft } from '../../../ops/reconcile.js';
import { useNotice } from '../../context/notice-context.js';
import { useServices } from '../../context/services-context.js';
import { useIsScreenActive } from '../../keys/screen-active-context.js';
import { display, sanitizeForTerminal } from '../../../format/sanitize.js';
import { isKnownStatus } from '../../../api/schemas.js';

/** The ids of the rows' orders that have a draft on disk. */
export function useDraftIds(rows: readonly ReturnOrder[]): ReadonlySet<number> {
  const { stateDir, profile, now } = useServices();
  const { show } = useNotice();
  const isActive = useIsScreenActive();
  const store = useDraftStore();
  // Drafts this hook removed (stale), left out without reading the directory again.
  const [removed, setRemoved] = useState<ReadonlySet<number>>(() => new Set());
  // Orders whose draft is being removed: a re-render meanwhile must not log it twice.
  const removing = useRef(new Set<number>());
  // Read on every page and whenever the list is back on top (a draft may have been saved meanwhile).
  const ids = useMemo(() => {
    if (!isActive) return new Set<number>();
    const onDisk = store.orderIds();
    return new Set(rows.filter((o) => onDisk.has(o.id) && !removed.has(o.id)).map((o) => o.id));
  }, [store, rows, isActive, removed]);

  // A status this version does not know is not "no longer pending" for sure: its draft is kept.
  const stale = useMemo(() => rows.filter((o) => ids.has(o.id) && o.status !== 'pending' && isKnownStatus(o.status)), [rows, ids]);
  useEffect(() => {
    const toRemove = stale.filter((o) => !removing.current.has(o.id));
    if (toRemove.length === 0) return;
    let isCurrent = true;
    for (const o of toRemove) removing.current.add(o.id);
    void Promise.all(
      toRemove.map((o) =>
        discardStaleDraft({ drafts: store, stateDir, profile: profile.stateName, now, source: 'list' }, { orderId: o.id, orderName: o.order_name, status: o.status }).finally(() =>
          removing.current.delete(o.id),
        ),
      ),
    ).then(
      () => {
        if (isCurrent) setRemoved((before) => new Set([...before, ...toRemove.map((o) => o.id)]));
      },
      (error: unknown) => show(display`A stale draft could not be removed: ${sanitizeForTerminal((error as Error).message)}`, 'warning'),
    );
    return () => {
      isCurrent = false;
    };
  }, [stale, store, stateDir, profile.stateName, now, show]);
  return ids;
}
