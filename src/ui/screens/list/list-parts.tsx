/**
 * The body of the list screen as parts, by mode: the table; the filter panel in its place;
 * quick find above the table (the table takes the rows it leaves); the command line above it.
 */
import type { ReactNode } from 'react';
import { COMMAND_LINE_LINES } from '../../command-line/command-line.js';
import { fixedPart, PRIORITY, type ScreenPart } from '../../layout/screen-parts.js';
import { TABLE_HEADER_LINES } from '../../table/data-table.js';
import { FilterPanel } from './filter-panel.js';
import { formFromFilters } from './filter-form.js';
import { FindPrompt } from './find-prompt.js';
import type { ListStore } from './use-list-state.js';

export interface ListBodyInput {
  readonly store: ListStore;
  /** Rows of the screen (the table and the panels never ask for more). */
  readonly height: number;
  /** The table in `rows` rows, its header included. */
  readonly table: (rows: number) => ReactNode;
  /** The command line, closing with `onClose`. */
  readonly commandLine: (onClose: () => void) => ReactNode;
  readonly onOpen: (id: number) => void;
}

/** The parts below the list's header for its mode; the table's is named "table". */
export function listBodyParts(input: ListBodyInput): readonly ScreenPart[] {
  const [state, dispatch] = input.store;
  const { height } = input;
  const close = () => dispatch({ type: 'set-mode', mode: 'browse' });
  const table: ScreenPart = { key: 'table', min: TABLE_HEADER_LINES + 1, want: height, priority: PRIORITY.content, render: input.table };
  switch (state.mode) {
    case 'filter':
      return [
        {
          key: 'filter',
          min: 2,
          want: height,
          priority: PRIORITY.prompt,
          render: (rows) => (
            <FilterPanel
              initial={state.rejected ? formFromFilters(state.rejected.filters, state.rejected.limit) : formFromFilters(state.filters, state.limit)}
              serverError={state.rejected?.error ?? null}
              rows={rows}
              onApply={(filters, limit) => dispatch({ type: 'apply-filters', filters, limit })}
              onCancel={close}
            />
          ),
        },
      ];
    case 'find':
      return [
        {
          key: 'find',
          min: 1,
          want: height,
          priority: PRIORITY.prompt,
          render: (rows) => (
            <FindPrompt
              initialText={state.findSeed}
              rows={rows}
              below={input.table}
              onOpen={(order) => {
                close();
                input.onOpen(order.id);
              }}
              onClose={close}
            />
          ),
        },
      ];
    case 'command':
      return [fixedPart('command', COMMAND_LINE_LINES, PRIORITY.prompt, () => input.commandLine(close)), table];
    default:
      return [table];
  }
}
