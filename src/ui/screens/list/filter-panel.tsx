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
import type { ReactNode } from 'react';
import { wrapToWidth } from '../../../format/width.js';
import type { ListFilters, ParamError } from '../../../api/list-params.js';
import { RETURN_ORDER_STATUSES } from '../../../api/schemas.js';
import { sanitizeForTerminal } from '../../../format/sanitize.js';
import { TextField } from '../../components/text-field.js';
import { useTheme, type Theme } from '../../context/theme-context.js';
import { useTerminalSize } from '../../hooks/use-terminal-size.js';
import { itemWindow } from '../order/item-window.js';
import { FIELD_INFO, fieldMessage, fieldOfParam, FILTER_FIELDS, inFieldWords, type FilterField, type FilterFormValues } from './filter-form.js';
import { fieldText, type TextFilterField } from './filter-form-state.js';
import { useFilterPanel, type FilterPanelModel } from './use-filter-panel.js';

export interface FilterPanelProps {
  readonly initial: FilterFormValues;
  /** An error from the service naming one of the fields. */
  readonly serverError: ParamError | null;
  readonly onApply: (filters: ListFilters, limit: number) => void;
  readonly onCancel: () => void;
  /** Rows of the panel (the terminal's when absent). */
  readonly rows?: number;
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

/** One line of a field's block, and whether it is the line the focus is on. */
interface BlockLine {
  readonly node: ReactNode;
  readonly isFocusLine?: boolean;
}

/** The lines from `block` that `rows` rows show: all, or a window around its focus line (a checklist taller than the screen). */
function blockWindow(block: readonly BlockLine[], rows: number): readonly BlockLine[] {
  if (block.length <= rows) return block;
  const focus = Math.max(0, block.findIndex((l) => l.isFocusLine));
  const start = Math.max(0, Math.min(focus - Math.floor(rows / 2), block.length - rows));
  return block.slice(start, start + Math.max(1, rows));
}

/** What the blocks of the fields are made from. */
interface BlockInput {
  readonly state: FilterPanelModel['state'];
  readonly checked: FilterPanelModel['checked'];
  readonly valueWidth: number;
  readonly theme: Theme;
}

/** The line under a field: the service's error for it, else its own, else null. */
function errorLine(input: BlockInput, field: FilterField): string | null {
  const { state, checked } = input;
  if (fieldOfParam(state.serverError?.param) === field && state.serverError) {
    return `✗ The service says: ${inFieldWords(sanitizeForTerminal(state.serverError.message))} [${sanitizeForTerminal(state.serverError.code)}]`;
  }
  const error = checked.errors[field];
  return error ? `✗ ${fieldMessage(error)} [${error.code}]` : null;
}

/** Each field as its lines: the value line(s), the format hint when focused (unless its error says what to type), the error. */
function fieldBlocks(input: BlockInput): BlockLine[][] {
  const { state, valueWidth, theme } = input;
  const entries = RETURN_ORDER_STATUSES.map((s, i) => {
    const isChecked = state.values.statuses.includes(s);
    const isCursor = state.focus === 'statuses' && i === state.statusCursor;
    return { status: s, isCursor, text: `${isCursor ? '›' : ' '}${isChecked ? '[x]' : '[ ]'} ${s}` };
  });
  const checklist = statusLines(entries.map((e) => e.text), valueWidth);
  const label = (field: FilterField, isFocused: boolean) => (
    <Box flexShrink={0} width={VALUE_COLUMN}>
      <Text bold={isFocused}>{`${isFocused ? '›' : ' '} ${FIELD_INFO[field].label}`}</Text>
    </Box>
  );
  const indented = (key: string, line: string, style: { readonly color?: string; readonly dimColor?: boolean }): BlockLine => ({
    node: <Text key={key} color={style.color} dimColor={style.dimColor} wrap="truncate">{`${' '.repeat(VALUE_COLUMN)}${line}`}</Text>,
  });
  return FILTER_FIELDS.map((field): BlockLine[] => {
    const isFocused = state.focus === field;
    const error = errorLine(input, field);
    const hint = isFocused && error === null ? wrapToWidth(FIELD_INFO[field].format, valueWidth) : [];
    const errors = error ? wrapToWidth(error, valueWidth) : [];
    const values: BlockLine[] =
      field === 'statuses'
        ? checklist.map((line, i) => ({
            isFocusLine: line.some((text) => entries.find((e) => e.text === text)?.isCursor),
            node: (
              <Box key={`v${i}`} flexShrink={0}>
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
            ),
          }))
        : [
            {
              isFocusLine: true,
              node: (
                <Box key="v" flexShrink={0}>
                  {label(field, isFocused)}
                  <TextField state={fieldText(state, field as TextFilterField)} isFocused={isFocused} placeholder={field === 'limit' ? '50' : 'any'} width={valueWidth} />
                </Box>
              ),
            },
          ];
    return [
      ...values,
      ...hint.map((line, i) => indented(`h${i}`, line, { dimColor: true })),
      ...errors.map((line, i) => indented(`e${i}`, line, { color: theme.color('danger') })),
    ];
  });
}

/** Renders the panel in `rows` rows; keys come from the "filter" scope of the binding table. */
export function FilterPanel(props: FilterPanelProps) {
  const { state, checked } = useFilterPanel(props);
  const theme = useTheme();
  const { columns, rows: terminalRows } = useTerminalSize();
  // One column spare: a line that fills the terminal makes some terminals wrap.
  const valueWidth = Math.max(10, columns - 1 - VALUE_COLUMN);
  const blocks = fieldBlocks({ state, checked, valueWidth, theme });
  const rows = Math.max(1, props.rows ?? terminalRows);
  const available = Math.max(1, rows - 1);
  const focusIndex = Math.max(0, FILTER_FIELDS.indexOf(state.focus));
  const shown = itemWindow(blocks.map((b) => b.length), focusIndex, available);
  const isBelowShown = shown.end < blocks.length && blocks.slice(shown.start, shown.end).reduce((a, b) => a + b.length, 0) < available;
  const room = available - (isBelowShown ? 1 : 0);

  return (
    <Box flexDirection="column" flexShrink={0}>
      <Text bold>{shown.start > 0 ? `Filters  (↑ ${shown.start} more)` : 'Filters'}</Text>
      {blocks.slice(shown.start, shown.end).map((block, i) => (
        <Box key={FILTER_FIELDS[shown.start + i]} flexDirection="column" flexShrink={0}>
          {blockWindow(block, room).map((line) => line.node)}
        </Box>
      ))}
      {isBelowShown ? <Text dimColor>{`  ↓ ${blocks.length - shown.end} more (Tab)`}</Text> : null}
    </Box>
  );
}
