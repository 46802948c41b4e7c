/**
 * Switching the console to another profile's shop: provided by the sessions above the app
 * shell (console-sessions.tsx), used by the shell's `switchProfile` action.
 */
import { createContext, useContext } from 'react';
import type { DisplayText } from '../../format/sanitize.js';

export type SwitchResult =
  | { readonly kind: 'switched' }
  /** That profile is the one shown. */
  | { readonly kind: 'same' }
  | { readonly kind: 'failed'; readonly message: DisplayText };

export interface ProfileSwitch {
  /** Every profile one can switch to (the current one included). */
  readonly names: readonly string[];
  /** The profile shown now. */
  readonly current: string;
  /** Opens `name` (its key, its client, its own cache) and shows it in place of the current one. */
  switchTo(name: string): Promise<SwitchResult>;
}

export const ProfileSwitchContext = createContext<ProfileSwitch | null>(null);

/** The profile switch; null when the console runs with one profile only (e.g. screen tests). */
export function useProfileSwitch(): ProfileSwitch | null {
  return useContext(ProfileSwitchContext);
}
