/**
 * The filter panel's input mapping: Tab/↓ and S-Tab/↑ move between fields, ←/→ and Space
 * work the status checklist, typing edits the focused text field, Enter applies when every
 * field passes the interface's rules.
 */
import { useMemo } from 'react';
import type { ListFilters, ParamError } from '../../../api/list-params.js';
import { editText } from '../../components/text-edit.js';
import { useNotice } from '../../context/notice-context.js';
import { useServices } from '../../context/services-context.js';
import { useSyncReducer } from '../../hooks/use-sync-reducer.js';
import { useKeyBindings } from '../../keys/use-key-bindings.js';
import { checkForm, FIELD_INFO, FILTER_FIELDS, type CheckedForm, type FilterFormValues } from './filter-form.js';
import { fieldText, filterFormReducer, initialFilterForm, type FilterFormState } from './filter-form-state.js';
import { sanitizeForTerminal } from '../../../format/sanitize.js';

export interface UseFilterPanelOptions {
  readonly initial: FilterFormValues;
  readonly serverError: ParamError | null;
  readonly onApply: (filters: ListFilters, limit: number) => void;
  readonly onCancel: () => void;
}

export interface FilterPanelModel {
  readonly state: FilterFormState;
  readonly checked: CheckedForm;
}

/** State, live checks and key handling of the filter panel. */
export function useFilterPanel(options: UseFilterPanelOptions): FilterPanelModel {
  const [state, dispatch, latest] = useSyncReducer(filterFormReducer, options, (o) => initialFilterForm(o.initial, o.serverError));
  const { now } = useServices();
  // Dates are read in the process's time zone; `7d` is resolved when the filters are applied.
  const checked = useMemo(() => checkForm(state.values, { nowMs: now() }), [state.values, now]);
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
          const latestCheck = checkForm(latest().values, { nowMs: now() });
          if (!latestCheck.result) {
            const first = FILTER_FIELDS.find((f) => latestCheck.errors[f]);
            show(sanitizeForTerminal(`Fix the field marked ✗ first${first ? ` (${FIELD_INFO[first].label})` : ''}.`), 'warning');
            return;
          }
          options.onApply(latestCheck.result.filters, latestCheck.result.limit);
          return;
        }
        default:
          return;
      }
    },
    {
      onUnmatched: (input, key) => {
        const now = latest();
        if (now.focus === 'statuses') {
          if (key.leftArrow) dispatch({ type: 'move-status', by: -1 });
          else if (key.rightArrow) dispatch({ type: 'move-status', by: 1 });
          else if (input === ' ') dispatch({ type: 'toggle-status' });
          return;
        }
        const field = now.focus;
        const next = editText(fieldText(now, field), input, key);
        if (next) dispatch({ type: 'edit', field, text: next });
      },
    },
  );

  return { state, checked };
}
