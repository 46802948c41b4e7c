/**
 * Navigation of the console as a pure reducer: a stack of screens over the orders list,
 * the help overlay, the profile picker, and the authentication failure that replaces everything.
 */
import type { AuthProblem } from './errors/classify.js';

export type Screen =
  | { readonly kind: 'list' }
  | { readonly kind: 'order'; readonly orderId: number }
  | { readonly kind: 'log' }
  | { readonly kind: 'overview' };

/** Why the console cannot talk to the service with its key. */
export interface AuthFailure {
  readonly problem: AuthProblem;
  readonly code: string;
  readonly message: string;
}

export interface AppState {
  /** Never empty; the list is always at the bottom. */
  readonly stack: readonly Screen[];
  readonly isHelpOpen: boolean;
  /** The profile (shop) picker is open over the screens (or over the auth screen). */
  readonly isProfilesOpen: boolean;
  readonly auth: AuthFailure | null;
}

export type AppAction =
  | { readonly type: 'open-order'; readonly orderId: number }
  | { readonly type: 'open-log' }
  | { readonly type: 'open-overview' }
  | { readonly type: 'open-profiles' }
  | { readonly type: 'close-profiles' }
  | { readonly type: 'back' }
  | { readonly type: 'toggle-help' }
  | { readonly type: 'close-help' }
  | { readonly type: 'auth-failed'; readonly failure: AuthFailure };

/** The console's first state (an authentication failure known before start shows at once). */
export function initialAppState(auth: AuthFailure | null = null): AppState {
  return { stack: [{ kind: 'list' }], isHelpOpen: false, isProfilesOpen: false, auth };
}

/** The screen on top. */
export function topScreen(state: AppState): Screen {
  return state.stack[state.stack.length - 1] ?? { kind: 'list' };
}

/** The navigation reducer. */
export function appReducer(state: AppState, action: AppAction): AppState {
  switch (action.type) {
    case 'open-order': {
      const top = topScreen(state);
      if (top.kind === 'order' && top.orderId === action.orderId) return state;
      return { ...state, stack: [...state.stack, { kind: 'order', orderId: action.orderId }], isHelpOpen: false };
    }
    case 'open-log':
      if (topScreen(state).kind === 'log') return { ...state, isHelpOpen: false };
      return { ...state, stack: [...state.stack, { kind: 'log' }], isHelpOpen: false };
    case 'open-overview':
      // One overview at most: from an order opened on it, it comes back to the top.
      return {
        ...state,
        stack: [...state.stack.filter((screen) => screen.kind !== 'overview'), { kind: 'overview' }],
        isHelpOpen: false,
        isProfilesOpen: false,
      };
    case 'open-profiles':
      return { ...state, isProfilesOpen: true, isHelpOpen: false };
    case 'close-profiles':
      return { ...state, isProfilesOpen: false };
    case 'back':
      if (state.isProfilesOpen) return { ...state, isProfilesOpen: false };
      if (state.isHelpOpen) return { ...state, isHelpOpen: false };
      return state.stack.length > 1 ? { ...state, stack: state.stack.slice(0, -1) } : state;
    case 'toggle-help':
      return { ...state, isHelpOpen: !state.isHelpOpen };
    case 'close-help':
      return { ...state, isHelpOpen: false };
    case 'auth-failed':
      // The first failure says it best; later ones are the same key failing again.
      return state.auth ? state : { ...state, auth: action.failure, isHelpOpen: false, isProfilesOpen: false };
  }
}
