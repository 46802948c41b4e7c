/**
 * The filter panel's input mapping: Tab/↓ and S-Tab/↑ move between fields, ←/→ and Space
 * work the status checklist, Enter applies when every field passes the interface's rules.
 */
import { useMemo, useReducer } from 'react';
import type { ListFilters, ParamError } from '../../../api/list-params.js';
import { useNotice } from '../../context/notice-context.js';
import { useKeyBindings } from '../../keys/use-key-bindings.js';
import { checkForm, FIELD_INFO, FILTER_FIELDS, type CheckedForm, type FilterField, type FilterFormValues } from './filter-form.js';
import { filterFormReducer, initialFilterForm, type FilterFormState } from './filter-form-state.js';

export interface UseFilterPanelOptions {
  readonly initial: FilterFormValues;
  readonly serverError: ParamError | null;
  readonly onApply: (filters: ListFilters, limit: number) => void;
  readonly onCancel: () => void;
}

export interface FilterPanelModel {
  readonly state: FilterFormState;
  readonly checked: CheckedForm;
  readonly setText: (field: Exclude<FilterField, 'statuses'>, value: string) => void;
}

/** State, live checks and key handling of the filter panel. */
export function useFilterPanel(options: UseFilterPanelOptions): FilterPanelModel {
  const [state, dispatch] = useReducer(filterFormReducer, undefined, () =>
    initialFilterForm(options.initial, options.serverError),
  );
  const checked = useMemo(() => checkForm(state.values), [state.values]);
  const { show } = useNotice();

  useKeyBindings(
    'filter',
    (action) => {
      switch (action) {
        case 'next-field':
          dispatch({ type: 'focus', by: 1 });
          return;
        case 'prev-field':
          dispatch({ type: 'focus', by: -1 });
          return;
        case 'back':
          options.onCancel();
          return;
        case 'apply': {
          if (!checked.result) {
            const first = FILTER_FIELDS.find((f) => checked.errors[f]);
            show(`Fix the field marked ✗ first${first ? ` (${FIELD_INFO[first].label})` : ''}.`, 'warning');
            return;
          }
          options.onApply(checked.result.filters, checked.result.limit);
          return;
        }
        default:
          return;
      }
    },
    {
      onUnmatched: (input, key) => {
        if (state.focus !== 'statuses') return;
        if (key.leftArrow) dispatch({ type: 'move-status', by: -1 });
        else if (key.rightArrow) dispatch({ type: 'move-status', by: 1 });
        else if (input === ' ') dispatch({ type: 'toggle-status' });
      },
    },
  );

  return { state, checked, setText: (field, value) => dispatch({ type: 'set-text', field, value }) };
}
