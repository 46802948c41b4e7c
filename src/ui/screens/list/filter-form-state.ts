/**
 * The filter panel's state as a pure reducer: field values, which field has focus, the
 * cursor in the status checklist, and an error the service gave for one field.
 */
import type { ParamError } from '../../../api/list-params.js';
import { RETURN_ORDER_STATUSES, type ReturnOrderStatus } from '../../../api/schemas.js';
import { FILTER_FIELDS, fieldOfParam, type FilterField, type FilterFormValues } from './filter-form.js';

export interface FilterFormState {
  readonly values: FilterFormValues;
  readonly focus: FilterField;
  /** Index into RETURN_ORDER_STATUSES of the checklist cursor. */
  readonly statusCursor: number;
  /** An error the service returned naming one of the fields (cleared when it is edited). */
  readonly serverError: ParamError | null;
}

export type FilterFormAction =
  | { readonly type: 'set-text'; readonly field: Exclude<FilterField, 'statuses'>; readonly value: string }
  | { readonly type: 'toggle-status' }
  | { readonly type: 'move-status'; readonly by: number }
  | { readonly type: 'focus'; readonly by: number };

/** The panel opened on `values`, with the service's error for one field if there was one. */
export function initialFilterForm(values: FilterFormValues, serverError: ParamError | null = null): FilterFormState {
  const errorField = fieldOfParam(serverError?.param);
  return { values, focus: errorField ?? 'statuses', statusCursor: 0, serverError: errorField ? serverError : null };
}

const wrap = (n: number, size: number) => ((n % size) + size) % size;

/** The filter panel's reducer. */
export function filterFormReducer(state: FilterFormState, action: FilterFormAction): FilterFormState {
  switch (action.type) {
    case 'set-text': {
      const isErrorField = fieldOfParam(state.serverError?.param) === action.field;
      return {
        ...state,
        values: { ...state.values, [action.field]: action.value },
        serverError: isErrorField ? null : state.serverError,
      };
    }
    case 'toggle-status': {
      const status: ReturnOrderStatus = RETURN_ORDER_STATUSES[state.statusCursor] ?? 'pending';
      const has = state.values.statuses.includes(status);
      const statuses = has ? state.values.statuses.filter((s) => s !== status) : [...state.values.statuses, status];
      const isErrorField = fieldOfParam(state.serverError?.param) === 'statuses';
      return { ...state, values: { ...state.values, statuses }, serverError: isErrorField ? null : state.serverError };
    }
    case 'move-status':
      return { ...state, statusCursor: wrap(state.statusCursor + action.by, RETURN_ORDER_STATUSES.length) };
    case 'focus': {
      const at = FILTER_FIELDS.indexOf(state.focus);
      return { ...state, focus: FILTER_FIELDS[wrap(at + action.by, FILTER_FIELDS.length)] ?? 'statuses' };
    }
  }
}
