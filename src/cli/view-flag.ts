/**
 * `--view NAME` for `list` and the console: a saved view of the config file (src/ops/
 * saved-views.ts) as the starting filters, page size and columns, which the filter flags
 * given with it refine (`--view today --status reviewed`). A name that is not a view, or a
 * combination the interface refuses, stops with exit 2 before anything is sent.
 */
import { validateFilters, type ListFilters } from '../api/list-params.js';
import type { DateInputContext } from '../format/date-input.js';
import { unknownViewMessage, viewFilters, type SavedViews } from '../ops/saved-views.js';
import { configError } from './cli-error.js';
import { stringFlag } from './command-runner.js';
import { paramErrorToCli } from './errors-output.js';
import type { FlagSpec, ParsedArgs } from './flags.js';

export const VIEW_FLAG: FlagSpec = {
  name: 'view',
  type: 'string',
  valueName: 'NAME',
  description: 'A saved view of the config file ("views"): its filters and columns; filter flags refine it',
};

/** The filters and columns of `list` or the console once --view (if given) is applied. */
export interface ViewedRequest {
  readonly filters: ListFilters;
  readonly limit: number;
  /** The view's name and columns (names as `list --fields`), or null without --view. */
  readonly view: { readonly name: string; readonly columns: readonly string[] | null } | null;
}

/**
 * Applies --view under the filter flags already parsed (`flagged`: only the flags given);
 * the page size of --limit wins, then the view's, then `flagged.limit`.
 */
export function applyViewFlag(args: ParsedArgs, views: SavedViews, flagged: { readonly filters: ListFilters; readonly limit: number }, dates: DateInputContext): ViewedRequest {
  const name = stringFlag(args, 'view');
  if (name === undefined) return { ...flagged, view: null };
  const view = Object.hasOwn(views, name) ? views[name] : undefined;
  if (!view) throw configError(`--view: ${unknownViewMessage(name, views)}`, 'view', 'Views are the "views" of the config file; `returns-console config` lists them.');
  const applied = viewFilters(view, dates);
  if (!applied.ok) throw configError(`--view ${name}: ${applied.message}`, 'view');
  const filters: ListFilters = { ...applied.filters, ...flagged.filters };
  const problem = validateFilters(filters);
  if (problem) throw paramErrorToCli(problem, `--view ${name} with the filter flags`);
  const limit = stringFlag(args, 'limit') !== undefined ? flagged.limit : (applied.limit ?? flagged.limit);
  return { filters, limit, view: { name, columns: view.columns ?? null } };
}
