/**
 * When a profile's console opens, the writes an earlier session left unknown (stopped with
 * the service unreadable, or killed while they were in flight) are read back and logged as
 * applied or not (ops/settle-unknown.ts); a notice says what they came to, and the orders are
 * read again.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { display, joinDisplay, sanitizeForTerminal } from '../../format/sanitize.js';
import { settleUnknownWrites } from '../../ops/settle-unknown.js';
import { useNotice } from '../context/notice-context.js';
import { useServices } from '../context/services-context.js';
import { actionLabel } from '../keys/match.js';
import { useLatest } from './use-latest.js';
import { useKeyTable } from '../keys/use-key-table.js';
import { opsContext } from '../queries/write-mutations.js';

/** The sessions whose unknown writes were settled (or are being settled). */
const settledSessions = new WeakSet<object>();

/** Settles this profile's unknown writes once, when the profile's console opens. */
export function useSettleUnknownWrites(): void {
  const services = useServices();
  const queryClient = useQueryClient();
  const { show } = useNotice();
  const logKey = useLatest(actionLabel('global', 'activity-log', useKeyTable()));
  useEffect(() => {
    // Once per session: switching back to a profile mounts its console again, with the same services.
    if (settledSessions.has(services)) return undefined;
    settledSessions.add(services);
    let isCancelled = false;
    void settleUnknownWrites(opsContext(services, 'order')).then((settled) => {
      if (isCancelled || settled.length === 0) return;
      const each = settled.map(({ unknown, isApplied }) =>
        sanitizeForTerminal(`${unknown.orderName ?? `id ${unknown.orderId}`} ${unknown.action} ${isApplied ? 'applied' : 'not applied'}`),
      );
      const writes = sanitizeForTerminal(`${settled.length} write${settled.length === 1 ? '' : 's'}`);
      // The instruction before the list, so a narrow line cuts the list, not where to look.
      show(display`Read back ${writes} left unknown before (${logKey.current}: activity log): ${joinDisplay(each, display`; `)}.`, 'warning');
      void queryClient.invalidateQueries();
    });
    return () => {
      isCancelled = true;
    };
    // Once per profile session: the services are the session's.
  }, [services, queryClient, show, logKey]);
}
