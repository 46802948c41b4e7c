/**
 * The list requests the benchmark measures (limit 100, realistic filters). Pure: the
 * query strings depend only on the dataset's end time, three order names and the
 * collected cursors, so the same dataset always gives the same requests.
 */

export const PAGE_LIMIT = 100;
const DAY_MS = 86_400_000;

export interface Scenario {
  readonly key: string;
  readonly title: string;
  /** The filters (without limit or cursor) as a query string. */
  readonly filters: string;
  /**
   * Query strings to request. One for a repeated page; for a walk, the pages in order,
   * handed out round-robin across all connections so consecutive requests ask for
   * different pages.
   */
  readonly queries: readonly string[];
}

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 19) + 'Z';

/** A week of submissions ending `daysBack` days before the dataset's last order. */
export function weekWindow(endAt: number, daysBack: number): { min: string; max: string } {
  const max = endAt - daysBack * DAY_MS;
  return { min: iso(max - 7 * DAY_MS), max: iso(max - 1000) };
}

/** Filters of the cursor walk f (and of scenario b). */
export const WALK_FILTERS = new URLSearchParams({ statuses: 'pending,reviewed' }).toString();

/** Filters of the long walk g: none (every listable order of the shop, newest first). */
export const LONG_WALK_FILTERS = '';

function query(filters: string, cursor?: string): string {
  const q = new URLSearchParams(filters);
  q.set('limit', String(PAGE_LIMIT));
  if (cursor) q.set('cursor', cursor);
  return q.toString();
}

function single(key: string, title: string, filters: URLSearchParams | string): Scenario {
  const text = filters.toString();
  return { key, title, filters: text, queries: [query(text)] };
}

/**
 * The scenarios a to g. `walk` holds next_cursor values of a walk with WALK_FILTERS,
 * `longWalk` those of a walk with LONG_WALK_FILTERS.
 */
export function buildScenarios(
  endAt: number,
  orderNames: readonly string[],
  walk: readonly string[],
  longWalk: readonly string[],
): Scenario[] {
  const week = weekWindow(endAt, 30);
  const range = { submitted_at_min: week.min, submitted_at_max: week.max };
  return [
    single('a', 'no filter', ''),
    single('b', 'statuses=pending,reviewed', WALK_FILTERS),
    single('c', `date range, 7 days (${week.min.slice(0, 10)} to ${week.max.slice(0, 10)})`, new URLSearchParams(range)),
    single('d', `order_names, 3 names`, new URLSearchParams({ order_names: orderNames.join(',') })),
    single('e', 'statuses=pending,reviewed + 7-day range', new URLSearchParams({ statuses: 'pending,reviewed', ...range })),
    {
      key: 'f',
      title: `cursor walk, ${walk.length} pages of statuses=pending,reviewed`,
      filters: WALK_FILTERS,
      queries: walk.map((c) => query(WALK_FILTERS, c)),
    },
    {
      key: 'g',
      title: `long cursor walk, ${longWalk.length} pages, no filter`,
      filters: LONG_WALK_FILTERS,
      queries: longWalk.map((c) => query(LONG_WALK_FILTERS, c)),
    },
  ];
}

/** The query of the first page of a scenario's filters (used to probe and to walk). */
export function firstPageQuery(filters: string): string {
  return query(filters);
}

/** The query of the page after `cursor`. */
export function nextPageQuery(filters: string, cursor: string): string {
  return query(filters, cursor);
}
