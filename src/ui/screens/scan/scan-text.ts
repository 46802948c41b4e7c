/**
 * The words of scan mode (pure): the large banner of an outcome (a title set in spaced
 * capitals and the lines under it), the one-line form for the history, and what the desk
 * says while the service does not answer.
 */
import { sanitizeForTerminal } from '../../../format/sanitize.js';
import type { HeldReason } from '../../../ops/scan-queue.js';
import type { ScannedOrder } from '../../../ops/scan.js';
import type { EntryOutcome, Scan, ScanEntry } from './scan-state.js';
import { isUnknownStatus, unknownStatusText } from '../../unknown-status.js';

export type BannerTone = 'good' | 'warning' | 'danger';

export interface BannerText {
  readonly tone: BannerTone;
  /** Shown large: letter-spaced capitals. */
  readonly title: string;
  readonly lines: readonly string[];
}

/** "RECEIVED" → "R E C E I V E D" (words three spaces apart). */
export function spacedCapitals(text: string): string {
  return text
    .toUpperCase()
    .split(' ')
    .map((word) => [...word].join(' '))
    .join('   ');
}

const who = (o: ScannedOrder) => (o.customer ? `${o.name} · ${o.customer}` : o.name);

/** Seconds, for people: "1.5 s". */
const secondsText = (ms: number) => `${(Math.max(0, ms) / 1000).toFixed(1).replace(/\.0$/, '')} s`;

/** The banner of an order reviewed (and maybe received) after its scan opened the review. */
function laterBanner(order: ScannedOrder, later: string): BannerText {
  if (later === 'received') return { tone: 'good', title: `✓ ${spacedCapitals('received')}`, lines: [`${who(order)}: reviewed and received in its review.`] };
  if (later === 'reviewed') return { tone: 'good', title: `✓ ${spacedCapitals('reviewed')}`, lines: [`${who(order)} is reviewed: scan it again, or press r in its review, to receive it.`] };
  return { tone: 'warning', title: `→ ${spacedCapitals(later)}`, lines: [`${who(order)} is now ${later}.`] };
}

/**
 * The banner for a scan: its outcome, or what its order became later in this session. A
 * repeat shows what its first scan came to (`history`: the scans before, newest first), so
 * the clerk still sees RECEIVED, with a line saying it was not processed again.
 */
export function bannerText(entry: Pick<ScanEntry, 'text' | 'outcome' | 'later'>, history: readonly ScanEntry[] = []): BannerText {
  const { outcome } = entry;
  if (outcome.kind === 'repeat') {
    const first = history.find((e) => e.text === entry.text && e.outcome.kind !== 'repeat');
    if (!first) return outcomeBanner(entry.text, outcome);
    const banner = bannerText(first);
    return { ...banner, lines: [banner.lines[0] ?? '', `↻ Scanned again ${secondsText(outcome.agoMs)} later: not processed again.`] };
  }
  if (entry.later !== undefined && outcome.kind === 'review') return laterBanner(outcome.order, entry.later);
  return outcomeBanner(entry.text, outcome);
}

function outcomeBanner(scanned: string, outcome: EntryOutcome): BannerText {
  const scan = sanitizeForTerminal(scanned);
  switch (outcome.kind) {
    case 'received':
      return {
        tone: 'good',
        title: `✓ ${spacedCapitals('received')}`,
        lines: [
          who(outcome.order),
          ...(outcome.isReadBack
            ? ['(its receive was sent before and its answer lost; read back: received)']
            : outcome.isAlreadyApplied
              ? ['(a retried request found it already received)']
              : []),
        ],
      };
    case 'repeat':
      return { tone: 'warning', title: `↻ ${spacedCapitals('repeat')}`, lines: [`"${scan}" was scanned ${secondsText(outcome.agoMs)} before: not processed again.`] };
    case 'cut':
      return { tone: 'danger', title: `✗ ${spacedCapitals('incomplete scan')}`, lines: [`"${scan}" came without the scanner's end key: not processed.`, 'Scan the label again.'] };
    case 'review':
      return { tone: 'warning', title: `→ ${spacedCapitals('review')}`, lines: [`${who(outcome.order)} is pending: its review was opened.`] };
    case 'not-found':
      return { tone: 'danger', title: `✗ ${spacedCapitals('not found')}`, lines: [`No return order is named or numbered "${scan}".`, 'Check the label, or find it with / on the list.'] };
    case 'several':
      return {
        tone: 'danger',
        title: `✗ ${spacedCapitals('several matches')}`,
        lines: [
          `"${scan}" matches ${outcome.matches.length} orders: ${outcome.matches.slice(0, 4).map((o) => `${o.name} (${o.id}, ${o.status})`).join(', ')}${outcome.matches.length > 4 ? ', …' : ''}.`,
          'Scan the order name instead, or open the right one from the list.',
        ],
      };
    case 'wrong-status':
      if (isUnknownStatus(outcome.order.status)) {
        return { tone: 'danger', title: `✗ ${spacedCapitals('not receivable')}`, lines: [`${who(outcome.order)}: ${unknownStatusText(outcome.order.status)} Nothing was changed.`] };
      }
      return {
        tone: 'danger',
        title: `✗ ${spacedCapitals(outcome.order.status === 'received' ? 'already received' : 'not receivable')}`,
        lines: [`${who(outcome.order)} is ${outcome.order.status}; only reviewed orders are received. Nothing was changed.`],
      };
    case 'invalid':
      return { tone: 'danger', title: `✗ ${spacedCapitals('not a scan')}`, lines: [outcome.message] };
    case 'failed':
      return {
        tone: 'danger',
        title: `✗ ${spacedCapitals('failed')}`,
        lines: [`${outcome.order ? `${who(outcome.order)}: ` : `"${scan}": `}${outcome.message} [${outcome.code}]`],
      };
  }
}

/** The order after the scanned text, without repeating its name when that is what was scanned. */
const whoAfter = (text: string, o: ScannedOrder) => (text === o.name ? o.customer : who(o));

/** One line of the history: "#N1001  ✓ received  Ada Lovelace". */
export function historyLine(entry: Pick<ScanEntry, 'text' | 'outcome' | 'later'>): string {
  const o = entry.outcome;
  const text = sanitizeForTerminal(entry.text);
  switch (o.kind) {
    case 'received':
      return `${text}  ✓ received  ${whoAfter(text, o.order)}${o.isReadBack ? ' (read back)' : o.isAlreadyApplied ? ' (already applied)' : ''}`.trimEnd();
    case 'review':
      return `${text}  → review opened${entry.later !== undefined ? `, now ${entry.later}` : ''}  ${whoAfter(text, o.order)}`.trimEnd();
    case 'repeat':
      return `${text}  ↻ repeat, ${secondsText(o.agoMs)} after the first: not processed again`;
    case 'cut':
      return `${text}  ✗ incomplete scan (no end key)`;
    case 'not-found':
      return `${text}  ✗ not found`;
    case 'several':
      return `${text}  ✗ ${o.matches.length} matches`;
    case 'wrong-status':
      return o.order.status === 'received'
        ? `${text}  ✗ already received  ${whoAfter(text, o.order)}`.trimEnd()
        : `${text}  ✗ ${o.order.status}, not reviewed  ${whoAfter(text, o.order)}`.trimEnd();
    case 'invalid':
      return `${text}  ✗ ${o.message}`;
    case 'failed':
      return `${text}  ✗ failed [${o.code}]`;
  }
}

/** A scan waiting in the queue, as the history lists it above the finished ones. */
export function queuedLine(scan: Scan): string {
  return `${sanitizeForTerminal(scan.text)}  … queued${scan.isFromBefore ? ' (from before)' : ''}`;
}

/** The banner while the scan at the head of the queue waits for the service; `waiting`: scans kept. */
export function heldBanner(reason: HeldReason, waiting: number, retryInMs: number): BannerText {
  const kept = `${waiting} scan${waiting === 1 ? '' : 's'} kept`;
  const next = retryInMs > 0 ? `next try in ${secondsText(retryInMs)}` : 'trying now';
  if (reason === 'key-refused') return { tone: 'danger', title: `⏸ ${spacedCapitals('queued')}`, lines: [`The service refused the key: ${kept}, sent once it is accepted.`] };
  return { tone: 'warning', title: `⏸ ${spacedCapitals('queued')}`, lines: [`The service does not answer: ${kept}, sent in order when it does.`, `${next[0]!.toUpperCase()}${next.slice(1)}. Keep scanning: nothing is lost.`] };
}
