/**
 * The console's drafts store, made once per profile: the order screen, the list's draft
 * marks, the bulk question and the writes all use this one, so a draft being deleted by one
 * is already left out by the others (the store knows its own writes in flight).
 */
import { createDraftStore, type DraftStore } from '../local/drafts.js';
import { useServices } from './context/services-context.js';
import type { ConsoleServices } from './services.js';

// Keyed by the clock first: services rebuilt for a reloaded config keep their clock and so their store.
const stores = new WeakMap<() => number, Map<string, DraftStore>>();

/** The drafts store of the services' profile (the same object on every call). */
export function draftStoreOf(services: Pick<ConsoleServices, 'stateDir' | 'profile' | 'now'>): DraftStore {
  const { stateDir, now } = services;
  const profile = services.profile.stateName;
  let byPlace = stores.get(now);
  if (!byPlace) stores.set(now, (byPlace = new Map()));
  const key = JSON.stringify([stateDir, profile]);
  let store = byPlace.get(key);
  if (!store) byPlace.set(key, (store = createDraftStore({ stateDir, profile, now })));
  return store;
}

/** The drafts store of this console's profile. */
export function useDraftStore(): DraftStore {
  return draftStoreOf(useServices());
}
