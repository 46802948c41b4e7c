/**
 * The overview's figures as text (pure): lines with bar charts, fitted to a width (the
 * console's overview screen and `returns-console overview` on a terminal), and plain
 * sentences (the console in screen-reader mode). Order names come from the service and
 * are sanitized here, the one place this text is made.
 */
import { RETURN_ORDER_STATUSES } from '../api/schemas.js';
import { columnChart, horizontalBar } from '../format/bars.js';
import { formatDuration, formatLocalDateTime } from '../format/dates.js';
import { sanitizeForTerminal } from '../format/sanitize.js';
import { displayWidth, fitToWidth, truncateToWidth } from '../format/width.js';
import { formatCount, type DayActivity, type OverviewFigures, type StatusCount } from './overview.js';

export interface OverviewLine {
  readonly text: string;
  /** A section title (shown bold). */
  readonly isTitle?: boolean;
  /** The oldest pending order (Enter opens it). */
  readonly isOldest?: boolean;
}

export interface OverviewTextOptions {
  /** Columns available (every line fits). */
  readonly width: number;
  readonly timeZone?: string;
}

/** Widest status name (pending_payment_from_customer). */
const STATUS_NAME_WIDTH = Math.max(...RETURN_ORDER_STATUSES.map((s) => s.length));
/** Status names are cut (…) to no less than this before the counts go to fewer columns. */
const MIN_NAME_WIDTH = 14;
const AXIS = '0     6     12    18    ';
const ACTIVITY_LABEL_WIDTH = 23;

const countText = (s: StatusCount) => formatCount(s.count, s.isCapped);

/** The statuses in as many columns as fit (3, 2 or 1): 4, 6 or 12 lines. */
function statusLines(statuses: readonly StatusCount[], width: number): string[] {
  const countWidth = Math.max(...statuses.map((s) => countText(s).length), 1);
  const cell = (s: StatusCount, nameWidth: number) => `${fitToWidth(s.status, nameWidth)} ${countText(s).padStart(countWidth)}`;
  const gap = 3;
  const fits = (n: number, nameWidth: number) => 2 + n * (nameWidth + 1 + countWidth) + (n - 1) * gap <= width;
  // Three columns with whole names, else two (long names cut to no less than 14), else one.
  const columns = fits(3, STATUS_NAME_WIDTH) ? 3 : fits(2, MIN_NAME_WIDTH) ? 2 : 1;
  // The names give way, the counts never do.
  const roomPerName = Math.floor((width - 2 - (columns - 1) * gap) / columns) - 1 - countWidth;
  const nameWidth = Math.max(4, Math.min(STATUS_NAME_WIDTH, roomPerName));
  const rows = Math.ceil(statuses.length / columns);
  const lines: string[] = [];
  for (let r = 0; r < rows; r++) {
    const cells: string[] = [];
    for (let c = 0; c < columns; c++) {
      const s = statuses[c * rows + r];
      if (s) cells.push(cell(s, nameWidth));
    }
    lines.push(`  ${cells.join(' '.repeat(gap))}`);
  }
  return lines;
}

function ageLines(figures: OverviewFigures, width: number): string[] {
  const labelWidth = Math.max(...figures.pendingByAge.map((b) => b.label.length));
  const countWidth = Math.max(...figures.pendingByAge.map((b) => formatCount(b.count).length));
  const max = Math.max(...figures.pendingByAge.map((b) => b.count));
  const barWidth = Math.max(1, Math.min(40, width - 2 - labelWidth - 2 - countWidth - 2));
  return figures.pendingByAge.map(
    (b) => `  ${b.label.padEnd(labelWidth)}  ${formatCount(b.count).padStart(countWidth)}  ${horizontalBar(b.count, max, barWidth)}`,
  );
}

/** "Oldest pending: #N1001 (id 1001), submitted 2026-10-28 09:15, 23d ago". */
function oldestText(figures: OverviewFigures, timeZone: string | undefined): string {
  const o = figures.oldestPending;
  if (!o) return 'Oldest pending: none, no order waits for review.';
  const age = formatDuration(figures.takenAt - Date.parse(o.submittedAt));
  const among = figures.isPendingPartial ? ` (of the newest ${formatCount(figures.cap)})` : '';
  return `Oldest pending${among}: ${sanitizeForTerminal(o.orderName)} (id ${o.id}), submitted ${formatLocalDateTime(o.submittedAt, timeZone)}, ${age} ago`;
}

function activityLines(figures: OverviewFigures, chartAt: number): string[] {
  const days: [string, DayActivity][] = [['today', figures.activity.today], ['yesterday', figures.activity.yesterday]];
  const max = Math.max(1, ...days.flatMap(([, d]) => d.hours.flatMap((h) => [h.decisions, h.receipts])));
  const lines: string[] = [];
  for (const [name, day] of days) {
    for (const kind of ['decisions', 'receipts'] as const) {
      const label = `  ${kind === 'decisions' ? name : ''}`.padEnd(13) + kind;
      lines.push(`${label.padEnd(chartAt)}${columnChart(day.hours.map((h) => h[kind]), max)} ${formatCount(day[kind]).padStart(5)}`);
    }
  }
  return lines;
}

/** The figures as lines for a terminal `width` wide (19 lines at 80 columns). */
export function overviewLines(figures: OverviewFigures, options: OverviewTextOptions): OverviewLine[] {
  const { width } = options;
  const fit = (text: string) => truncateToWidth(text, width);
  // The hours' axis sits on the title line, above the charts: the charts start after the
  // title when it is longer than the labels and the line still fits, else without the axis.
  const activityTitle = `Activity of profile ${sanitizeForTerminal(figures.profile)}, per hour`;
  const titleWidth = displayWidth(activityTitle) + 2;
  const isAxisShown = titleWidth + AXIS.length + 6 <= width || titleWidth <= ACTIVITY_LABEL_WIDTH;
  const chartAt = isAxisShown ? Math.max(ACTIVITY_LABEL_WIDTH, titleWidth) : ACTIVITY_LABEL_WIDTH;
  const titleWithAxis = isAxisShown ? `${activityTitle}${' '.repeat(chartAt - displayWidth(activityTitle))}${AXIS.trimEnd()}` : activityTitle;
  return [
    { text: fit(`Orders by status (each counted up to ${formatCount(figures.cap)})`), isTitle: true },
    ...statusLines(figures.statuses, width).map((text) => ({ text: fit(text) })),
    { text: fit(`Pending by age${figures.isPendingPartial ? ` (the newest ${formatCount(figures.cap)})` : ''}`), isTitle: true },
    ...ageLines(figures, width).map((text) => ({ text: fit(text) })),
    { text: fit(oldestText(figures, options.timeZone)), isOldest: figures.oldestPending !== null },
    { text: fit(titleWithAxis), isTitle: true },
    ...activityLines(figures, chartAt).map((text) => ({ text: fit(text) })),
  ];
}

const plural = (n: number, word: string) => `${formatCount(n)} ${word}${n === 1 ? '' : 's'}`;

/** "23 days", "5 hours", "under an hour": an age said in words. */
function spokenAge(ms: number): string {
  const hours = Math.floor(Math.max(0, ms) / 3_600_000);
  if (hours >= 24) return plural(Math.floor(hours / 24), 'day');
  return hours > 0 ? plural(hours, 'hour') : 'under an hour';
}

function daySentence(name: string, day: DayActivity): string {
  if (day.decisions + day.receipts === 0) return `${name}: no decisions and no receipts.`;
  const hours = day.hours
    .filter((h) => h.decisions + h.receipts > 0)
    .map((h) => {
      const parts = [h.decisions > 0 ? plural(h.decisions, 'decision') : '', h.receipts > 0 ? plural(h.receipts, 'receipt') : ''].filter(Boolean);
      return `from ${h.hour}:00, ${parts.join(' and ')}`;
    });
  return `${name}: ${plural(day.decisions, 'decision')} and ${plural(day.receipts, 'receipt')}; ${hours.join('; ')}.`;
}

/** The same figures as plain sentences, one per line (screen-reader mode). */
export function overviewSentences(figures: OverviewFigures, options: { readonly timeZone?: string } = {}): string[] {
  const counts = figures.statuses.map((s) => `${s.status} ${s.isCapped ? `more than ${formatCount(s.count)}` : formatCount(s.count)}`);
  const ages = figures.pendingByAge.map((b) => `${formatCount(b.count)} ${b.label}`);
  const o = figures.oldestPending;
  return [
    `Orders by status, each counted up to ${formatCount(figures.cap)}: ${counts.join('; ')}.`,
    `Pending orders by age${figures.isPendingPartial ? `, of the newest ${formatCount(figures.cap)}` : ''}: ${ages.join('; ')}.`,
    o
      ? `The oldest pending order is ${sanitizeForTerminal(o.orderName)}, id ${o.id}, submitted ${formatLocalDateTime(o.submittedAt, options.timeZone)}, ${spokenAge(figures.takenAt - Date.parse(o.submittedAt))} ago.`
      : 'No order is pending.',
    `Activity of profile ${sanitizeForTerminal(figures.profile)} in this console, by local hour.`,
    daySentence('Today', figures.activity.today),
    daySentence('Yesterday', figures.activity.yesterday),
  ];
}
