/**
 * The gap limit of the scan classifier, learned from the scans it sees (pure). A scanner
 * on a remote desktop or a loaded machine arrives at 30-80 ms per character, not 5-10 ms;
 * a fixed 30 ms limit cut such scans into keys. So the classifier watches every run of
 * characters ended by Enter or Tab whose gaps all stayed under the profile's ceiling
 * (`scan_max_gap_ms`): a scan it recognised, or one it missed, whose keys already went out
 * (the deliberate-key rule kept those from changing anything). The limit becomes half as
 * much again as the widest gap of the latest such runs, never below SCAN_GAP_MS (nor above
 * the ceiling). The price is in docs/scanning.md: a typed key waits up to the limit, and
 * typing that never pauses longer than the limit reads as a scan.
 */

/** The limit before anything is learned, and its floor: a person's keys come further apart. */
export const SCAN_GAP_MS = 30;
/** The ceiling when the profile sets none (`scan_max_gap_ms`). */
export const DEFAULT_MAX_GAP_MS = 80;
/** Scans remembered: the limit follows the scanner when it gets faster again. */
export const GAP_HISTORY = 5;
/** Shortest run that counts as a scan (shorter runs before Enter are typing: "jj" then Enter). */
export const MIN_SCAN_LENGTH = 4;

/** The run of characters being watched, whatever the classifier did with them. */
export interface GapWatch {
  /** Characters so far (0: none). */
  readonly count: number;
  /** Widest gap so far. */
  readonly widest: number;
  readonly lastAt: number;
  /** True while every character only moved a selection (a held j then Enter is no scan). */
  readonly isOnlyMoves: boolean;
}

export const NO_WATCH: GapWatch = { count: 0, widest: 0, lastAt: 0, isOnlyMoves: true };

/** The limit for the widest gaps of the latest scans (oldest first), within the ceiling. */
export function learnedGap(widest: readonly number[], maxGapMs: number): number {
  const floor = Math.min(SCAN_GAP_MS, maxGapMs);
  if (widest.length === 0) return floor;
  return Math.min(maxGapMs, Math.max(floor, Math.ceil(Math.max(...widest) * 1.5)));
}

/** The watch after a character at `at`: it goes on while gaps stay within `maxGapMs`. */
export function watchChar(watch: GapWatch, at: number, isMove: boolean, maxGapMs: number): GapWatch {
  const gap = at - watch.lastAt;
  if (watch.count === 0 || gap > maxGapMs) return { count: 1, widest: 0, lastAt: at, isOnlyMoves: isMove };
  return { count: watch.count + 1, widest: Math.max(watch.widest, gap), lastAt: at, isOnlyMoves: watch.isOnlyMoves && isMove };
}

/**
 * A terminator at `at` ends the watch: the widest gap of the run (its terminator's
 * included) when it was a scan, recognised or missed; null when it was not.
 */
export function endWatch(watch: GapWatch, at: number, maxGapMs: number): number | null {
  const gap = at - watch.lastAt;
  if (watch.count < MIN_SCAN_LENGTH || watch.isOnlyMoves || gap > maxGapMs) return null;
  return Math.max(watch.widest, gap);
}

/** The latest widest gaps with `widest` added (at most GAP_HISTORY). */
export function rememberGap(history: readonly number[], widest: number): readonly number[] {
  return [...history, widest].slice(-GAP_HISTORY);
}
