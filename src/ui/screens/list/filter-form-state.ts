/**
 * The filter panel's state as a pure reducer: field values, which field has focus, the
 * cursor in the status checklist, and an error the service gave for one field.
 */
import type { ParamError } from '../../../api/list-params.js';
import { RETURN_ORDER_STATUSES, type ReturnOrderStatus } from '../../../api/schemas.js';
import type { TextEditState } from '../../components/text-edit.js';
import { FILTER_FIELDS, fieldOfParam, type FilterField, type FilterFormValues } from './filter-form.js';

/** The panel's text fields. */
export type TextFilterField = Exclude<FilterField, 'statuses'>;

export interface FilterFormState {
  readonly values: FilterFormValues;
  /** Cursor position in each text field (code points). */
  readonly cursors: Readonly<Record<TextFilterField, number>>;
  readonly focus: FilterField;
  /** Index into RETURN_ORDER_STATUSES of the checklist cursor. */
  readonly statusCursor: number;
  /** An error the service returned naming one of the fields (cleared when it is edited). */
  readonly serverError: ParamError | null;
}

export type FilterFormAction =
  | { readonly type: 'edit'; readonly field: TextFilterField; readonly text: TextEditState }
  | { readonly type: 'toggle-status' }
  | { readonly type: 'move-status'; readonly by: number }
  | { readonly type: 'focus'; readonly by: number };

/** The panel opened on `values`, with the service's error for one field if there was one. */
export function initialFilterForm(values: FilterFormValues, serverError: ParamError | null = null): FilterFormState {
  const errorField = fieldOfParam(serverError?.param);
  const end = (text: string) => [...text].length;
  return {
    values,
    cursors: { from: end(values.from), to: end(values.to), ids: end(values.ids), names: end(values.names), limit: end(values.limit) },
    focus: errorField ?? 'statuses',
    statusCursor: 0,
    serverError: errorField ? serverError : null,
  };
}

const wrap = (n: number, size: number) => ((n % size) + size) % size;

/** The text and cursor of a text field. */
export function fieldText(state: FilterFormState, field: TextFilterField): TextEditState {
  return { value: state.values[field], cursor: state.cursors[field] };
}

/** The filter panel's reducer. */
export function filterFormReducer(state: FilterFormState, action: FilterFormAction): FilterFormState {
  switch (action.type) {
    case 'edit': {
      const isChanged = action.text.value !== state.values[action.field];
      const isErrorField = fieldOfParam(state.serverError?.param) === action.field;
      return {
        ...state,
        values: { ...state.values, [action.field]: action.text.value },
        cursors: { ...state.cursors, [action.field]: action.text.cursor },
        serverError: isErrorField && isChanged ? null : state.serverError,
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
