/**
 * The profile's search index in the console: opened a moment after the console starts (the
 * first page and the first frame come first), walked or refreshed at once and then on the
 * list's refresh timer, closed with the profile's session. Quick find (`/`) reads it.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { SearchIndex, SearchIndexStatus } from '../../ops/search-index/index.js';
import { useServices } from '../context/services-context.js';

/** Where the index is: none offered (tests, screens alone), not opened yet, open, kept off by the profile, or failed to open. */
export type IndexAvailability = 'none' | 'starting' | 'open' | 'off' | 'failed';

export interface SearchIndexContextValue {
  readonly index: SearchIndex | null;
  readonly availability: IndexAvailability;
  /** Why it could not be opened (plain text), or null. */
  readonly problem: string | null;
  /** Opens it now if it is not yet, or refreshes it when the list does not refresh by itself (`/` was pressed). */
  readonly wake: () => void;
}

const NONE: SearchIndexContextValue = { index: null, availability: 'none', problem: null, wake: () => {} };
const SearchIndexContext = createContext<SearchIndexContextValue>(NONE);

/** How long after the console starts the index is opened (unless `/` asks for it first). */
export const INDEX_START_DELAY_MS = 1_500;

/** Opens, refreshes and closes the profile's index; provides it below. */
export function SearchIndexProvider(props: { readonly children?: ReactNode }) {
  const { openSearchIndex, profile } = useServices();
  const [index, setIndex] = useState<SearchIndex | null>(null);
  const [availability, setAvailability] = useState<IndexAvailability>(openSearchIndex ? 'starting' : 'none');
  const [problem, setProblem] = useState<string | null>(null);
  const opening = useRef<(() => void) | null>(null);

  useEffect(() => {
    if (!openSearchIndex) return;
    let isGone = false;
    let opened: SearchIndex | null = null;
    let isStarted = false;
    const start = () => {
      if (isStarted) return;
      isStarted = true;
      openSearchIndex().then(
        (idx) => {
          if (isGone) return void idx?.close();
          if (!idx) return setAvailability('off');
          opened = idx;
          setIndex(idx);
          setAvailability('open');
          // A failed run is in the index's status (shown by quick find); the next one tries again.
          idx.refresh().catch(() => undefined);
        },
        (error: unknown) => {
          if (isGone) return;
          setProblem(error instanceof Error ? error.message : String(error));
          setAvailability('failed');
        },
      );
    };
    opening.current = start;
    const timer = setTimeout(start, INDEX_START_DELAY_MS);
    return () => {
      isGone = true;
      opening.current = null;
      clearTimeout(timer);
      void opened?.close();
    };
  }, [openSearchIndex]);

  // Screen tests give partial services (no profile): nothing refreshes by itself then.
  const interval = profile?.refreshIntervalMs ?? 0;
  useEffect(() => {
    if (!index || interval <= 0) return;
    const timer = setInterval(() => index.refresh().catch(() => undefined), interval);
    return () => clearInterval(timer);
  }, [index, interval]);

  const wake = useCallback(() => {
    if (!index) opening.current?.();
    else if (interval <= 0) index.refresh().catch(() => undefined);
  }, [index, interval]);

  const value = useMemo(() => ({ index, availability, problem, wake }), [index, availability, problem, wake]);
  return <SearchIndexContext.Provider value={value}>{props.children}</SearchIndexContext.Provider>;
}

/** The profile's search index, as far as it is open. */
export function useSearchIndex(): SearchIndexContextValue {
  return useContext(SearchIndexContext);
}

/** The index's status, drawn again on every change (null while it is not open). */
export function useIndexStatus(index: SearchIndex | null): SearchIndexStatus | null {
  const subscribe = useCallback((listener: () => void) => (index ? index.subscribe(listener) : () => {}), [index]);
  return useSyncExternalStore(subscribe, () => index?.status ?? null);
}
