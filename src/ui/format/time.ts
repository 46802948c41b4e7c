/**
 * Times as the console shows them: local wall-clock time and a short age ("3d").
 * Pure; the clock is passed in.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** `2026-11-02 10:15` in the local time zone. */
export function formatLocalDateTime(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** `11-02 10:15` in the local time zone (the year left out for narrow columns). */
export function formatLocalShort(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A short age: `now`, `45s`, `12m`, `5h`, `3d`, `2y` (future times count as `now`). */
export function formatAge(fromMs: number, nowMs: number): string {
  const s = Math.floor((nowMs - fromMs) / 1000);
  if (s < 1) return 'now';
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m`;
  const h = Math.floor(m / 60);
  if (h < 24) return `${h}h`;
  const d = Math.floor(h / 24);
  if (d < 365) return `${d}d`;
  return `${Math.floor(d / 365)}y`;
}

/** "updated 5s ago" wording for the header. */
export function formatUpdatedAgo(updatedMs: number, nowMs: number): string {
  const age = formatAge(updatedMs, nowMs);
  return age === 'now' ? 'updated just now' : `updated ${age} ago`;
}
