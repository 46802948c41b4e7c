/**
 * Saved views: named sets of filters and list columns from the config file's `views`, e.g.
 * `{"today": {"statuses": ["pending"], "from": "today", "columns": ["id", "order_name"]}}`.
 * The same view gives the same filters to `list --view`, the console's `--view` and its
 * `:view` command. Dates are read when the view is applied ("today" is today then). Pure.
 */
import type { ListFilters } from '../api/list-params.js';
import type { ReturnOrderStatus } from '../api/schemas.js';
import type { DateInputContext } from '../format/date-input.js';
import { knownNamesHint } from '../format/did-you-mean.js';
import { listQueryText, readListQuery } from './list-query.js';

/** One view as the config file holds it (checked by the config schema). */
export interface SavedView {
  readonly statuses?: readonly ReturnOrderStatus[];
  /** A date form of `list --from` (a date-time, a date, today, yesterday, 7d …). */
  readonly from?: string;
  readonly to?: string;
  readonly ids?: readonly number[];
  readonly order_names?: readonly string[];
  /** Page size, 1 to 100. */
  readonly limit?: number;
  /** List columns, named as `list --fields`. */
  readonly columns?: readonly string[];
}

export type SavedViews = Readonly<Record<string, SavedView>>;

export type ViewFiltersResult =
  | { readonly ok: true; readonly filters: ListFilters; readonly limit?: number }
  | { readonly ok: false; readonly message: string };

/** The filters (and page size) a view stands for, its dates read now (src/ops/list-query.ts). */
export function viewFilters(view: SavedView, dates: DateInputContext): ViewFiltersResult {
  const read = readListQuery(
    {
      ...listQueryText({
        ...(view.statuses && { statuses: view.statuses }),
        ...(view.ids && { ids: view.ids }),
        ...(view.order_names && { orderNames: view.order_names }),
      }),
      ...(view.from !== undefined && { from: view.from }),
      ...(view.to !== undefined && { to: view.to }),
      ...(view.limit !== undefined && { limit: String(view.limit) }),
    },
    dates,
  );
  return read.ok ? read : { ok: false, message: read.errors[read.first]!.message };
}

/** "no view named X (views: a, b). Did you mean a?" for a name that is not a view. */
export function unknownViewMessage(name: string, views: SavedViews): string {
  return `no view named "${name}" ${knownNamesHint(name, Object.keys(views), 'views', 'none; add "views" to the config file')}`;
}
