/**
 * The filter panel ("f"): the 12 statuses as a checklist, submitted from/to with the
 * expected format, ids, order names and page size. Each field shows its error as it is
 * typed, and an error the service gave for a field appears beside that field: its words
 * first, then its code in brackets.
 */
import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import type { ListFilters, ParamError } from '../../../api/list-params.js';
import { RETURN_ORDER_STATUSES } from '../../../api/schemas.js';
import { sanitizeForTerminal } from '../../../format/sanitize.js';
import { TextField } from '../../components/text-field.js';
import { useTheme } from '../../context/theme-context.js';
import { FIELD_INFO, fieldOfParam, FILTER_FIELDS, type FilterField, type FilterFormValues } from './filter-form.js';
import { fieldText, type TextFilterField } from './filter-form-state.js';
import { useFilterPanel } from './use-filter-panel.js';

export interface FilterPanelProps {
  readonly initial: FilterFormValues;
  /** An error from the service naming one of the fields. */
  readonly serverError: ParamError | null;
  readonly onApply: (filters: ListFilters, limit: number) => void;
  readonly onCancel: () => void;
}

const LABEL_WIDTH = 16;

/** Renders the panel; keys come from the "filter" scope of the binding table. */
export function FilterPanel(props: FilterPanelProps) {
  const { state, checked } = useFilterPanel(props);
  const theme = useTheme();
  const serverField = fieldOfParam(state.serverError?.param);

  const errorLine = (field: FilterField) => {
    if (serverField === field && state.serverError) {
      return `✗ The service says: ${sanitizeForTerminal(state.serverError.message)} [${sanitizeForTerminal(state.serverError.code)}]`;
    }
    const error = checked.errors[field];
    return error ? `✗ ${sanitizeForTerminal(error.message)} [${error.code}]` : null;
  };

  const row = (field: FilterField, body: ReactNode) => {
    const isFocused = state.focus === field;
    const error = errorLine(field);
    return (
      <Box key={field} flexDirection="column">
        <Box>
          <Box flexShrink={0} width={LABEL_WIDTH + 3}>
            <Text bold={isFocused}>{`${isFocused ? '›' : ' '} ${FIELD_INFO[field].label}`}</Text>
          </Box>
          {body}
        </Box>
        {isFocused ? <Text dimColor wrap="truncate">{`${' '.repeat(LABEL_WIDTH + 3)}${FIELD_INFO[field].format}`}</Text> : null}
        {error ? (
          <Box paddingLeft={LABEL_WIDTH + 3}>
            <Text color={theme.color('danger')} wrap="wrap">
              {error}
            </Text>
          </Box>
        ) : null}
      </Box>
    );
  };

  const statuses = (
    <Box flexWrap="wrap" flexShrink={1}>
      {RETURN_ORDER_STATUSES.map((s, i) => {
        const isChecked = state.values.statuses.includes(s);
        const isCursor = state.focus === 'statuses' && i === state.statusCursor;
        return (
          <Text key={s} inverse={isCursor}>
            {`${isCursor ? '›' : ' '}${isChecked ? '[x]' : '[ ]'} ${s}`}
          </Text>
        );
      })}
    </Box>
  );

  const text = (field: TextFilterField) => (
    <TextField state={fieldText(state, field)} isFocused={state.focus === field} placeholder={field === 'limit' ? '50' : 'any'} />
  );

  return (
    <Box flexDirection="column">
      <Text bold>Filters</Text>
      {FILTER_FIELDS.map((field) => row(field, field === 'statuses' ? statuses : text(field)))}
    </Box>
  );
}
