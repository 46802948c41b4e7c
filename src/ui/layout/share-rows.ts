/**
 * How a screen's rows are shared among its parts (pure). Every part says how many rows it
 * needs to be shown at all (`min`), how many it would use (`want`: all its lines) and how
 * much it matters (`priority`, lower first). Parts are served in priority order twice:
 * first each gets its `min` while that still fits (else it is left out, 0 rows), then each
 * gets more, up to its `want`, from what is left. So the rows given never add up to more
 * than the screen has, every part that fits is shown before any part grows (the footer is
 * not pushed out by a long list: the list scrolls), and a part is either left out or given
 * at least what it needs.
 */

export interface RowNeed {
  /** Rows without which the part is left out (0: it can be shown in any number of rows). */
  readonly min: number;
  /** Rows it would use; never given more. */
  readonly want: number;
  /** Lower is served first; parts of one priority in their order. */
  readonly priority: number;
}

/** The rows of each part (in the order of `parts`) on a screen of `height` rows. */
export function shareRows(height: number, parts: readonly RowNeed[]): number[] {
  const order = parts.map((_, index) => index).sort((a, b) => parts[a]!.priority - parts[b]!.priority || a - b);
  const rows = parts.map(() => 0);
  const isShown = parts.map(() => false);
  let left = Math.max(0, Math.floor(height));
  for (const i of order) {
    const min = Math.max(0, Math.floor(parts[i]!.min));
    if (min > left) continue;
    rows[i] = min;
    isShown[i] = true;
    left -= min;
  }
  for (const i of order) {
    if (!isShown[i]) continue;
    const more = Math.min(left, Math.max(0, Math.floor(parts[i]!.want) - rows[i]!));
    rows[i]! += more;
    left -= more;
  }
  return rows;
}
