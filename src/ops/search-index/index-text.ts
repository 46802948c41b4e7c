/**
 * The search index's state in words, for the `search` command's progress line and the
 * console's find prompt: the walk's bar with its count, pace and time left; how fresh the
 * index is. Pure.
 */
import { progressBar } from '../../format/bars.js';
import { formatDuration } from '../../format/dates.js';
import type { WalkProgress } from './index-walk.js';
import type { SearchIndexStatus } from './search-index.js';

const count = (n: number) => Math.round(n).toLocaleString('en-US');

/** "28 s", "3 min", "2 h". */
export function leftText(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 90) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  return minutes < 90 ? `${minutes} min` : `${Math.round(minutes / 60)} h`;
}

/** "45,210 of ~100,271 · 1,950/s · 28 s left" (the parts known so far). */
export function walkFigures(p: WalkProgress): string {
  const parts = [p.estimatedTotal !== null ? `${count(p.seen)} of ~${count(Math.max(p.seen, p.estimatedTotal))}` : count(p.seen)];
  if (p.perSecond > 0) parts.push(`${count(p.perSecond)}/s`);
  if (p.leftMs !== null) parts.push(`${leftText(p.leftMs)} left`);
  return parts.join(' · ');
}

/** The walk's line: a bar (when there is an estimate and room) and its figures, in `width` columns. */
export function walkProgressLine(label: string, p: WalkProgress, width: number): string {
  const figures = walkFigures(p);
  const room = width - label.length - figures.length - 4;
  const bar = p.estimatedTotal !== null && room >= 10 ? ` ${progressBar(p.seen, Math.max(p.seen, p.estimatedTotal), Math.min(30, room))}` : '';
  return `${label}${bar} ${figures}`;
}

/** "index of 100,271 orders, updated 12s ago", or how far the first walk has come. */
export function indexStateText(status: SearchIndexStatus, nowMs: number): string {
  if (status.phase === 'walking') {
    const walked = status.walk ? walkFigures(status.walk) : `${count(status.count)} so far`;
    // A walk again (once a day) over an index that is whole: its searches cover every order.
    if (status.freshAt !== null) return `Index of ${count(status.count)} orders, walked again: ${walked}`;
    return `Indexing every order (searches cover those read so far): ${walked}`;
  }
  const orders = `${count(status.count)} order${status.count === 1 ? '' : 's'}`;
  if (status.freshAt === null) return `Index of ${orders}`;
  const age = nowMs - status.freshAt;
  return `Index of ${orders}, updated ${age < 60_000 ? `${Math.max(0, Math.floor(age / 1000))}s` : formatDuration(age)} ago${status.isRefreshing ? ' (refreshing…)' : ''}`;
}
