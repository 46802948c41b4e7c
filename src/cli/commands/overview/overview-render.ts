/**
 * Output of `returns-console overview`: the figures as lines with bar charts (the same lines
 * as the console's overview screen), or as JSON for scripts, and the progress line.
 */
import { progressText } from '../../output/progress-line.js';
import { formatCount, statusCountRecord, type DayActivity, type OverviewFigures } from '../../../ops/overview.js';
import { overviewLines } from '../../../ops/overview-text.js';
import type { CountProgress } from '../../../ops/overview-count.js';
import { progressBar } from '../../../format/bars.js';
import { formatLocalDateTime } from '../../../format/dates.js';
import { sanitizeForTerminal } from '../../../format/sanitize.js';
import type { Style } from '../../../format/style.js';

/** The figures for people, `width` columns wide (piped: 100). */
export function renderOverviewText(figures: OverviewFigures, options: { readonly width: number; readonly style: Style; readonly timeZone?: string }): string {
  const taken = formatLocalDateTime(new Date(figures.takenAt).toISOString(), options.timeZone);
  const head = sanitizeForTerminal(`Overview of profile ${figures.profile}, taken ${taken}`);
  const lines = overviewLines(figures, { width: options.width, ...(options.timeZone !== undefined && { timeZone: options.timeZone }) });
  return [options.style.bold(head), ...lines.map((l) => (l.isTitle ? options.style.bold(l.text) : l.text))].join('\n').concat('\n');
}

const dayJson = (day: DayActivity) => ({
  date: day.date,
  decisions: day.decisions,
  receipts: day.receipts,
  hours: day.hours.map((h) => ({ hour: h.hour, decisions: h.decisions, receipts: h.receipts })),
});

/** The figures as a JSON value (snake_case like the interface; order names as the service sent them), for the exporter. */
export function overviewJson(figures: OverviewFigures): unknown {
  const o = figures.oldestPending;
  const json = {
    profile: figures.profile,
    taken_at: new Date(figures.takenAt).toISOString(),
    cap: figures.cap,
    statuses: statusCountRecord(figures.statuses),
    pending_by_age: figures.pendingByAge.map((b) => ({ age: b.key, label: b.label, count: b.count })),
    pending_by_age_is_partial: figures.isPendingPartial,
    oldest_pending: o
      ? { id: o.id, order_name: o.orderName, submitted_at: o.submittedAt, age_seconds: Math.floor((figures.takenAt - Date.parse(o.submittedAt)) / 1000) }
      : null,
    activity: { today: dayJson(figures.activity.today), yesterday: dayJson(figures.activity.yesterday) },
  };
  return json;
}

/** "\r[█████░░░░░] 5/12 statuses · counting completing · 1,234 orders" (stderr, on a terminal). */
export function overviewProgressLine(progress: CountProgress): string {
  const bar = progressBar(progress.statusesDone, progress.statusesTotal, 12);
  const current = progress.current ? ` · counting ${progress.current}` : '';
  return progressText(`[${bar}] ${progress.statusesDone}/${progress.statusesTotal} statuses${current} · ${formatCount(progress.ordersCounted)} orders`);
}
