/**
 * The overview's figures for the screen: taken once per profile and kept (React Query,
 * never stale) with the time they were taken, taken again on R. The walk reports its
 * progress for the progress bar. Keys: Esc back, Enter opens the oldest pending order.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { readAudit } from '../../../local/audit-log.js';
import { DEFAULT_OVERVIEW_CAP, type OverviewFigures } from '../../../ops/overview.js';
import { takeOverview, type CountProgress } from '../../../ops/overview-count.js';
import { display } from '../../../format/sanitize.js';
import { useNotice } from '../../context/notice-context.js';
import { useServices } from '../../context/services-context.js';
import { useKeyBindings } from '../../keys/use-key-bindings.js';
import { overviewKeys } from '../../queries/query-keys.js';

export interface OverviewModel {
  readonly figures: OverviewFigures | undefined;
  /** Counting now (the first time, or again after R). */
  readonly isCounting: boolean;
  readonly progress: CountProgress | null;
  readonly error: unknown;
}

/** Takes (or reads from the cache) the figures of the current profile. */
export function useOverviewFigures(): OverviewModel & { readonly recount: () => void } {
  const { client, profile, stateDir, now } = useServices();
  const cap = profile.overviewCap ?? DEFAULT_OVERVIEW_CAP;
  const [progress, setProgress] = useState<CountProgress | null>(null);
  const query = useQuery({
    queryKey: overviewKeys.figures(profile.name, cap),
    queryFn: ({ signal }) =>
      takeOverview(client, {
        cap,
        signal,
        profile: profile.name,
        stateName: profile.stateName,
        now,
        onProgress: setProgress,
        readActivity: async (sinceMs) => (await readAudit(stateDir, { limit: Number.MAX_SAFE_INTEGER, profile: profile.stateName, sinceMs })).entries,
      }),
    // The figures are a snapshot with its time: kept until R, never thrown away while the console runs.
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
  return {
    figures: query.data,
    isCounting: query.isFetching,
    progress: query.isFetching ? progress : null,
    error: query.error,
    recount: () => void query.refetch(),
  };
}

/** Wires the overview's keys. */
export function useOverviewInput(input: {
  readonly figures: OverviewFigures | undefined;
  readonly onBack: () => void;
  readonly onOpen: (orderId: number) => void;
  readonly recount: () => void;
  readonly scroll: (by: number) => void;
}): void {
  const { show } = useNotice();
  useKeyBindings('overview', (action) => {
    if (action === 'back') input.onBack();
    else if (action === 'move-up' || action === 'move-down') input.scroll(action === 'move-up' ? -1 : 1);
    else if (action === 'refresh') input.recount();
    else if (action === 'open') {
      const oldest = input.figures?.oldestPending;
      if (!input.figures) show(display`Still counting: the oldest pending order is known at the end.`);
      else if (!oldest) show(display`No order is pending.`);
      else input.onOpen(oldest.id);
    }
  });
}
