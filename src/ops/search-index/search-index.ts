/**
 * The search index of one connection, as the console and the `search` command use it: open
 * it, bring it up to date (the first walk, or a refresh; one run at a time), search it, and
 * watch its state. It is a cache: what is opened or changed from a result is read from the
 * service first (the callers do that), and an order found gone is taken out.
 *
 * Shops are never mixed: the file is the connection's own (its local-state name), and it
 * remembers the connection (a fingerprint of the base URL and the key) it was filled through.
 * Opened through another one (a new key in the same profile), it is kept only when the
 * service shows this connection some of the indexed orders, as they were indexed: a key of
 * another shop is shown none of them (the interface answers another shop's orders as not
 * found). Otherwise it is emptied before anything is shown.
 */
import type { ReturnsClient } from '../../api/client-types.js';
import { profileSearchIndexPaths, searchIndexPath } from '../../local/state-paths.js';
import { deleteIndexFiles, SearchIndexStore, type SearchResult } from '../../local/search-index/index.js';
import { SETTLED_STATUSES } from './index-records.js';
import { refreshWalkedIndex } from './index-refresh.js';
import { beginWalk, completeWalk, runWalk, savedWalk, type WalkProgress } from './index-walk.js';

/** Where the index is in its life. */
export type IndexPhase = 'walking' | 'ready';

export interface SearchIndexStatus {
  readonly phase: IndexPhase;
  /** Orders in the index. */
  readonly count: number;
  /** When the last completed walk or refresh started (the index is at least that fresh); null: never. */
  readonly freshAt: number | null;
  readonly isRefreshing: boolean;
  /** The walk's progress while one runs in this process. */
  readonly walk: WalkProgress | null;
  /** Why the last run failed (plain text; the next run tries again), or null. */
  readonly error: string | null;
}

export interface OpenSearchIndexOptions {
  readonly client: ReturnsClient;
  readonly stateDir: string;
  /** The connection's local-state name (config/local-state-name.ts). */
  readonly stateName: string;
  /** A fingerprint of the base URL and key (config/local-state-name.ts: connectionFingerprint). */
  readonly connection: string;
  readonly now: () => number;
}

export interface RefreshOptions {
  readonly signal?: AbortSignal;
  readonly onProgress?: (progress: WalkProgress) => void;
}

/** A complete walk older than this is walked again (it finds what the refreshes cannot: late arrivals below the top). */
export const FULL_WALK_AFTER_MS = 24 * 3_600_000;

const CONNECTION_KEY = 'connection';
const FRESH_KEY = 'fresh_at';
/** Indexed orders shown to a new connection to tell whether it is the same shop. */
const SAME_SHOP_SAMPLE = 20;

export class SearchIndex {
  private listeners = new Set<() => void>();
  private current: SearchIndexStatus;
  private running: Promise<void> | null = null;
  private readonly stop = new AbortController();

  private constructor(
    private readonly store: SearchIndexStore,
    private readonly options: OpenSearchIndexOptions,
  ) {
    this.current = this.statusFromStore(null, null, false);
  }

  /** Opens the connection's index (creating it when missing), emptied when it belongs to another shop. */
  static async open(options: OpenSearchIndexOptions): Promise<SearchIndex> {
    const store = await SearchIndexStore.open(searchIndexPath(options.stateDir, options.stateName), { settledStatuses: SETTLED_STATUSES });
    try {
      await checkConnection(store, options);
    } catch (error) {
      store.close();
      throw error;
    }
    return new SearchIndex(store, options);
  }

  get status(): SearchIndexStatus {
    return this.current;
  }

  /** Calls `listener` on every change of `status`; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The indexed orders matching `text`, best first. */
  search(text: string, limit: number): SearchResult {
    return this.store.find(text, limit);
  }

  /** Takes out orders the service no longer lists (found gone when opened from a result). */
  forget(ids: readonly number[]): void {
    this.store.remove(ids);
    this.update({ count: this.store.count() });
  }

  /**
   * Brings the index up to date: the first walk (or the rest of it), else a refresh. One run
   * at a time: a call while one runs waits for it. Rejects with the run's error.
   */
  refresh(options: RefreshOptions = {}): Promise<void> {
    this.running ??= this.run(options).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Stops a run in progress and closes the file. */
  async close(): Promise<void> {
    this.stop.abort();
    await this.running?.catch(() => undefined);
    this.store.close();
  }

  private async run(options: RefreshOptions): Promise<void> {
    const { store, options: o } = this;
    const signal = options.signal ? AbortSignal.any([options.signal, this.stop.signal]) : this.stop.signal;
    const startedAt = o.now();
    this.update({ isRefreshing: true, error: null });
    try {
      const complete = completeWalk(store);
      if (complete && !savedWalk(store) && startedAt - complete.startedAt > FULL_WALK_AFTER_MS) beginWalk(store, startedAt);
      if (savedWalk(store) || !complete) {
        this.update({ phase: 'walking' });
        await runWalk({
          store,
          client: o.client,
          now: o.now,
          signal,
          onProgress: (walk) => {
            options.onProgress?.(walk);
            // The orders of this walk so far, or more when the index held some already.
            this.update({ walk, count: Math.max(this.current.count, walk.seen) });
          },
        });
      } else {
        await refreshWalkedIndex({ store, client: o.client, now: o.now, signal });
      }
      store.setMeta(FRESH_KEY, startedAt);
      this.current = this.statusFromStore(null, null, false);
      this.emit();
    } catch (error) {
      this.current = this.statusFromStore(this.current.walk, error instanceof Error ? error.message : String(error), false);
      this.emit();
      throw error;
    }
  }

  private statusFromStore(walk: WalkProgress | null, error: string | null, isRefreshing: boolean): SearchIndexStatus {
    const isWalking = savedWalk(this.store) !== null || completeWalk(this.store) === null;
    return {
      phase: isWalking ? 'walking' : 'ready',
      count: this.store.count(),
      freshAt: (this.store.getMeta(FRESH_KEY) as number | undefined) ?? null,
      isRefreshing,
      walk,
      error,
    };
  }

  /** A change of status; the count is read again only when `change` gives it (a count of 100,000 rows is not free). */
  private update(change: Partial<SearchIndexStatus>): void {
    this.current = { ...this.current, ...change };
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}

/** Keeps the index only for the connection it was filled through, or the same shop's (see the module comment). */
async function checkConnection(store: SearchIndexStore, options: OpenSearchIndexOptions): Promise<void> {
  const known = store.getMeta(CONNECTION_KEY);
  if (known === options.connection) return;
  const sample = store.newestIds(SAME_SHOP_SAMPLE);
  let isSameShop = false;
  if (typeof known === 'string' && sample.length > 0) {
    const page = await options.client.listPage({ filters: { ids: sample }, limit: sample.length, lane: 'background' });
    isSameShop = page.data.some((order) => {
      const indexed = store.get(order.id);
      return indexed !== null && indexed.orderName === order.order_name && indexed.email === order.cust_email;
    });
  }
  if (!isSameShop) store.clear();
  store.setMeta(CONNECTION_KEY, options.connection);
}

/**
 * Deletes a profile's index files, its own and those of its connections from outside it
 * (`search --forget`, `search_index: false`); returns how many there were.
 */
export function forgetSearchIndexes(stateDir: string, profile: string): number {
  return profileSearchIndexPaths(stateDir, profile).filter((path) => deleteIndexFiles(path)).length;
}
