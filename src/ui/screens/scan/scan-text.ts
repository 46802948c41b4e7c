/**
 * The words of scan mode (pure): the large banner of an outcome (a title set in spaced
 * capitals and the lines under it) and the one-line form for the history.
 */
import { sanitizeForTerminal } from '../../../format/sanitize.js';
import type { ScannedOrder, ScanOutcome } from '../../../ops/scan.js';
import type { ScanEntry } from './scan-state.js';
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

/** The banner for the outcome of `scan` (the text as scanned). */
export function bannerText(scanned: string, outcome: ScanOutcome): BannerText {
  const scan = sanitizeForTerminal(scanned);
  switch (outcome.kind) {
    case 'received':
      return {
        tone: 'good',
        title: `✓ ${spacedCapitals('received')}`,
        lines: [who(outcome.order), ...(outcome.isAlreadyApplied ? ['(a retried request found it already received)'] : [])],
      };
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
export function historyLine(entry: ScanEntry): string {
  const o = entry.outcome;
  const text = sanitizeForTerminal(entry.text);
  switch (o.kind) {
    case 'received':
      return `${text}  ✓ received  ${whoAfter(text, o.order)}${o.isAlreadyApplied ? ' (already applied)' : ''}`.trimEnd();
    case 'review':
      return `${text}  → review opened  ${whoAfter(text, o.order)}`.trimEnd();
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
