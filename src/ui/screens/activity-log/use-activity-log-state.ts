/** The activity log's reducer hook. */
import { useReducer } from 'react';
import { activityLogReducer, initialActivityLogState } from './activity-log-state.js';

/** Scroll state and its dispatcher. */
export function useActivityLogState() {
  return useReducer(activityLogReducer, initialActivityLogState);
}
