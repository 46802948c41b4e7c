/**
 * Which items fit on screen (pure): as many whole items as the lines allow, the cursor's
 * item always among them, so a long order still fits an 80x24 terminal with its prompts
 * and banner. "↑ N more" / "↓ N more" markers take a line each when items are hidden.
 */

export interface ItemWindow {
  readonly start: number;
  /** Exclusive. */
  readonly end: number;
}

/**
 * The window of items (heights in lines) around `cursor` that fits `lines`. Grows below
 * the cursor first, then above, one item at a time.
 */
export function itemWindow(heights: readonly number[], cursor: number, lines: number): ItemWindow {
  const count = heights.length;
  const total = heights.reduce((a, b) => a + b, 0);
  if (total <= lines) return { start: 0, end: count };
  const at = Math.min(Math.max(0, cursor), count - 1);
  let start = at;
  let end = at + 1;
  let used = heights[at] ?? 0;
  const markers = (s: number, e: number) => (s > 0 ? 1 : 0) + (e < count ? 1 : 0);
  for (;;) {
    const below = end < count ? (heights[end] ?? 0) : Number.POSITIVE_INFINITY;
    const above = start > 0 ? (heights[start - 1] ?? 0) : Number.POSITIVE_INFINITY;
    if (used + below + markers(start, end + 1) <= lines) {
      used += below;
      end++;
    } else if (used + above + markers(start - 1, end) <= lines) {
      used += above;
      start--;
    } else {
      return { start, end };
    }
  }
}
