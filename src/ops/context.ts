/**
 * What every operation works with: the client, the profile's local state (drafts, the
 * activity log, profile memory), the clock, and where the operation was started, which the
 * activity log records.
 */
import type { ReturnsClient } from '../api/client-types.js';
import { createDraftStore, type DraftStore } from '../local/drafts.js';
import type { WriteStops } from './write-stops.js';

/** Where a write was started: the order screen, the list, a bulk run, scan mode, or a command (`cli`). */
export type ActivitySource = 'order' | 'list' | 'bulk' | 'scan' | 'cli';

/** The local side of an operation: no client needed (a stale draft, a log entry). */
export interface LocalContext {
  /** Directory of drafts, the activity log and per-profile memory. */
  readonly stateDir: string;
  /** The name the local state is kept under: the profile's, or its own for a connection from outside the profile (cli/config/local-state-name.ts). */
  readonly profile: string;
  readonly now: () => number;
  readonly source: ActivitySource;
  /**
   * The drafts store to use; a screen that saves drafts passes its own, so a removal is
   * ordered after its saves. Absent: the profile's store.
   */
  readonly drafts?: DraftStore;
}

export interface OpsContext extends LocalContext {
  readonly client: ReturnsClient;
  /** The console's stops at quit (write-stops.ts); the commands have none. */
  readonly writeStops?: WriteStops;
}

/** The drafts store of the context's profile. */
export function draftsOf(ctx: LocalContext): DraftStore {
  return ctx.drafts ?? createDraftStore({ stateDir: ctx.stateDir, profile: ctx.profile, now: ctx.now });
}
