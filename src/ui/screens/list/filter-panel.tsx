/**
 * The filter panel ("f"): the 12 statuses as a checklist, submitted from/to with the
 * expected format, ids, order names and page size. Each field shows its error as it is
 * typed, and an error the service gave for a field appears beside that field: its words
 * first, then its code in brackets.
 * Every line is wrapped to the width beforehand, so the panel knows its height: when the
 * fields and their errors do not fit, it shows the fields around the focused one whole
 * (with "↑/↓ more"), never squeezing one onto another.
 */
import { Box, Text } from 'ink';
import { wrapToWidth } from '../../../format/width.js';
import type { ListFilters, ParamError } from '../../../api/list-params.js';
import { RETURN_ORDER_STATUSES } from '../../../api/schemas.js';
import { sanitizeForTerminal } from '../../../format/sanitize.js';
import { TextField } from '../../components/text-field.js';
import { useTheme } from '../../context/theme-context.js';
import { useTerminalSize } from '../../hooks/use-terminal-size.js';
import { itemWindow } from '../order/item-window.js';
import { FIELD_INFO, fieldOfParam, FILTER_FIELDS, type FilterField, type FilterFormValues } from './filter-form.js';
import { fieldText, type TextFilterField } from './filter-form-state.js';
import { useFilterPanel } from './use-filter-panel.js';

export interface FilterPanelProps {
  readonly initial: FilterFormValues;
  /** An error from the service naming one of the fields. */
  readonly serverError: ParamError | null;
  readonly onApply: (filters: ListFilters, limit: number) => void;
  readonly onCancel: () => void;
  /** Lines available to the panel (all of them when absent). */
  readonly height?: number;
}

const LABEL_WIDTH = 16;
/** Columns before a field's value: the focus mark, a space, the label, two spaces. */
const VALUE_COLUMN = LABEL_WIDTH + 3;

/** The status checklist as lines of at most `width` columns (pure; whole entries per line). */
export function statusLines(entries: readonly string[], width: number): string[][] {
  const lines: string[][] = [];
  let line: string[] = [];
  let used = 0;
  for (const entry of entries) {
    const w = [...entry].length;
    if (line.length > 0 && used + w > width) {
      lines.push(line);
      line = [];
      used = 0;
    }
    line.push(entry);
    used += w;
  }
  if (line.length > 0) lines.push(line);
  return lines;
}

/** Renders the panel; keys come from the "filter" scope of the binding table. */
export function FilterPanel(props: FilterPanelProps) {
  const { state, checked } = useFilterPanel(props);
  const theme = useTheme();
  const { columns, rows } = useTerminalSize();
  const serverField = fieldOfParam(state.serverError?.param);
  // One column spare: a line that fills the terminal makes some terminals wrap.
  const valueWidth = Math.max(10, columns - 1 - VALUE_COLUMN);

  const errorLine = (field: FilterField) => {
    if (serverField === field && state.serverError) {
      return `✗ The service says: ${sanitizeForTerminal(state.serverError.message)} [${sanitizeForTerminal(state.serverError.code)}]`;
    }
    const error = checked.errors[field];
    return error ? `✗ ${sanitizeForTerminal(error.message)} [${error.code}]` : null;
  };

  const entries = RETURN_ORDER_STATUSES.map((s, i) => {
    const isChecked = state.values.statuses.includes(s);
    const isCursor = state.focus === 'statuses' && i === state.statusCursor;
    return { status: s, isCursor, text: `${isCursor ? '›' : ' '}${isChecked ? '[x]' : '[ ]'} ${s}` };
  });
  const checklist = statusLines(entries.map((e) => e.text), valueWidth);

  // Each field as its lines: the value line(s), the format hint when focused, the error.
  const blocks = FILTER_FIELDS.map((field) => {
    const isFocused = state.focus === field;
    const error = errorLine(field);
    const hint = isFocused ? wrapToWidth(FIELD_INFO[field].format, valueWidth) : [];
    const errors = error ? wrapToWidth(error, valueWidth) : [];
    const valueLines = field === 'statuses' ? checklist.length : 1;
    return { field, isFocused, hint, errors, height: valueLines + hint.length + errors.length };
  });
  const available = Math.max(3, (props.height ?? rows) - 1);
  const focusIndex = Math.max(0, FILTER_FIELDS.indexOf(state.focus));
  const shown = itemWindow(blocks.map((b) => b.height), focusIndex, available);

  const label = (field: FilterField, isFocused: boolean) => (
    <Box flexShrink={0} width={VALUE_COLUMN}>
      <Text bold={isFocused}>{`${isFocused ? '›' : ' '} ${FIELD_INFO[field].label}`}</Text>
    </Box>
  );

  return (
    <Box flexDirection="column" flexShrink={0}>
      <Text bold>{shown.start > 0 ? `Filters  (↑ ${shown.start} more)` : 'Filters'}</Text>
      {blocks.slice(shown.start, shown.end).map(({ field, isFocused, hint, errors }) => (
        <Box key={field} flexDirection="column" flexShrink={0}>
          {field === 'statuses' ? (
            checklist.map((line, i) => (
              <Box key={i} flexShrink={0}>
                {i === 0 ? label(field, isFocused) : <Box width={VALUE_COLUMN} flexShrink={0} />}
                <Text wrap="truncate">
                  {line.map((text) => {
                    const entry = entries.find((e) => e.text === text)!;
                    return (
                      <Text key={entry.status} inverse={entry.isCursor}>
                        {text}
                      </Text>
                    );
                  })}
                </Text>
              </Box>
            ))
          ) : (
            <Box flexShrink={0}>
              {label(field, isFocused)}
              <Box width={valueWidth} height={1} overflow="hidden">
                <TextField state={fieldText(state, field as TextFilterField)} isFocused={isFocused} placeholder={field === 'limit' ? '50' : 'any'} />
              </Box>
            </Box>
          )}
          {hint.map((line, i) => (
            <Text key={`h${i}`} dimColor wrap="truncate">{`${' '.repeat(VALUE_COLUMN)}${line}`}</Text>
          ))}
          {errors.map((line, i) => (
            <Text key={`e${i}`} color={theme.color('danger')} wrap="truncate">{`${' '.repeat(VALUE_COLUMN)}${line}`}</Text>
          ))}
        </Box>
      ))}
      {shown.end < blocks.length ? <Text dimColor>{`  ↓ ${blocks.length - shown.end} more (Tab)`}</Text> : null}
    </Box>
  );
}
