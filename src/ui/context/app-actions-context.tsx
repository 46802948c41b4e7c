/**
 * The console's app-level actions, for whatever asks for them besides their keys (the `:`
 * command line dispatches `:overview` and `:profile NAME` here): the app shell provides them.
 */
import { createContext, useContext } from 'react';

export interface AppActions {
  /** Opens the overview (key o on the list). */
  readonly openOverview: () => void;
  /**
   * Switches the console to another profile's shop without a restart. Refused with a notice
   * while a bulk run is in progress or scan mode is open, and for an unknown profile.
   */
  readonly switchProfile: (name: string) => void;
  /** Opens the profile picker (key P). */
  readonly openProfilePicker: () => void;
  /** The profiles one can switch to (for completing `:profile`); the current one included. */
  readonly profileNames: readonly string[];
}

export const AppActionsContext = createContext<AppActions | null>(null);

/** The app shell's actions; null outside the console (isolated screen tests). */
export function useAppActions(): AppActions | null {
  return useContext(AppActionsContext);
}
