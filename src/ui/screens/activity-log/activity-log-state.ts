/**
 * Scrolling of the activity log (pure): the first visible entry, kept within the list.
 */

export interface ActivityLogState {
  /** Index of the first visible entry. */
  readonly offset: number;
}

export type ActivityLogAction =
  | { readonly type: 'scroll'; readonly delta: number; readonly total: number; readonly visible: number }
  | { readonly type: 'reset' };

export const initialActivityLogState: ActivityLogState = { offset: 0 };

/** The reducer of the activity log. */
export function activityLogReducer(state: ActivityLogState, action: ActivityLogAction): ActivityLogState {
  switch (action.type) {
    case 'scroll': {
      const last = Math.max(0, action.total - Math.max(1, action.visible));
      const offset = Math.min(last, Math.max(0, state.offset + action.delta));
      return offset === state.offset ? state : { offset };
    }
    case 'reset':
      return initialActivityLogState;
  }
}
