/**
 * The drafts store: an unfinished review's decisions saved to disk as they change, so they
 * survive a crash or a killed process, keyed by profile and order id. Saves are atomic and
 * applied in order per order id; a burst of changes is coalesced into the latest state.
 */
import { readdirSync, renameSync } from 'node:fs';
import { dirname } from 'node:path';
import { unlink } from 'node:fs/promises';
import { writeFileAtomic } from './atomic-write.js';
import { readFileNoFollowSync } from './no-follow.js';
import { parseDraft, serializeDraft, type Draft, type DraftDecision } from './draft-format.js';
import { draftPath } from './state-paths.js';

export type DraftLoadResult =
  | { readonly kind: 'none' }
  | { readonly kind: 'found'; readonly draft: Draft }
  /** The file could not be used; it was set aside (`movedTo`) and the review starts empty. */
  | { readonly kind: 'unreadable'; readonly notice: string; readonly movedTo?: string };

export interface DraftStore {
  /**
   * Reads the draft of an order. Synchronous on purpose: the file is tiny, and restoring it
   * before the first frame means no keypress can race the restore. Never throws.
   */
  load(orderId: number): DraftLoadResult;
  /** Saves the decisions (an empty list deletes the draft). Resolves once on disk. */
  save(orderId: number, decisions: readonly DraftDecision[]): Promise<void>;
  /** Deletes the draft (after a successful review, or once the order is no longer pending). */
  drop(orderId: number): Promise<void>;
  /**
   * The ids of the orders that have a draft on disk (the list marks them). Synchronous: one
   * directory read, no file contents. Drafts being deleted right now are left out.
   */
  orderIds(): ReadonlySet<number>;
}

export interface DraftStoreOptions {
  readonly stateDir: string;
  readonly profile: string;
  readonly now: () => number;
}

/** Creates the drafts store of one profile. */
export function createDraftStore(options: DraftStoreOptions): DraftStore {
  const { stateDir, profile, now } = options;
  const pathOf = (orderId: number) => draftPath(stateDir, profile, orderId);
  // Per order: the latest state still to be written (null = delete), and the running writer.
  const pending = new Map<number, readonly DraftDecision[] | null>();
  const running = new Map<number, Promise<void>>();

  async function writeLoop(orderId: number): Promise<void> {
    let lastError: unknown;
    while (pending.has(orderId)) {
      const decisions = pending.get(orderId) ?? null;
      pending.delete(orderId);
      try {
        if (decisions === null || decisions.length === 0) {
          await unlink(pathOf(orderId)).catch((error: NodeJS.ErrnoException) => {
            if (error.code !== 'ENOENT') throw error;
          });
        } else {
          const draft: Draft = { version: 1, profile, orderId, savedAt: new Date(now()).toISOString(), decisions };
          await writeFileAtomic(pathOf(orderId), serializeDraft(draft));
        }
        lastError = undefined;
      } catch (error) {
        lastError = error;
      }
    }
    if (lastError !== undefined) throw lastError;
  }

  function schedule(orderId: number, decisions: readonly DraftDecision[] | null): Promise<void> {
    pending.set(orderId, decisions);
    const current = running.get(orderId);
    if (current) return current;
    const started = writeLoop(orderId).finally(() => running.delete(orderId));
    running.set(orderId, started);
    return started;
  }

  return {
    load(orderId) {
      const path = pathOf(orderId);
      let text: string;
      try {
        text = readFileNoFollowSync(path);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'none' };
        return { kind: 'unreadable', notice: `The saved draft of this order could not be read (${(error as Error).message}); starting without it.` };
      }
      const parsed = parseDraft(text, { profile, orderId });
      if (parsed.isValid) return { kind: 'found', draft: parsed.draft };
      // Set the file aside rather than deleting it: nothing the user typed is thrown away.
      const movedTo = `${path}.unreadable-${now()}`;
      try {
        renameSync(path, movedTo);
        return { kind: 'unreadable', notice: `The saved draft of this order was ignored because ${parsed.problem}. It was kept as ${movedTo}.`, movedTo };
      } catch {
        return { kind: 'unreadable', notice: `The saved draft of this order was ignored because ${parsed.problem}.` };
      }
    },
    orderIds() {
      let names: string[];
      try {
        names = readdirSync(dirname(pathOf(0)));
      } catch {
        return new Set();
      }
      const ids = new Set<number>();
      for (const name of names) {
        const match = /^order-(\d+)\.json$/.exec(name);
        const id = match ? Number(match[1]) : NaN;
        const queued = pending.get(id);
        const isBeingDeleted = queued === null || queued?.length === 0;
        if (Number.isSafeInteger(id) && !isBeingDeleted) ids.add(id);
      }
      return ids;
    },
    save: (orderId, decisions) => schedule(orderId, decisions),
    drop: (orderId) => schedule(orderId, null),
  };
}
