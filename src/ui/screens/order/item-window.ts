/**
 * Which items fit on screen (pure): a window of at most `size` items that keeps the cursor
 * visible, so a long order still fits an 80x24 terminal with its prompts and banner.
 */

export interface ItemWindow {
  readonly start: number;
  /** Exclusive. */
  readonly end: number;
}

/** The window of `size` items around `cursor` among `count` items. */
export function itemWindow(count: number, cursor: number, size: number): ItemWindow {
  const n = Math.max(1, Math.floor(size));
  if (count <= n) return { start: 0, end: count };
  // Keep the cursor near the middle, clamped to the ends of the list.
  const start = Math.min(count - n, Math.max(0, cursor - Math.floor((n - 1) / 2)));
  return { start, end: start + n };
}

/** Lines an item takes at most (title, details, and a reason or a problem). */
export const LINES_PER_ITEM = 3;
