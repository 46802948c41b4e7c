/**
 * The console's words for an order whose status this version does not know (a newer
 * service may add one). Such an order is listed and shown with its status as sent
 * (sanitized), and nothing acts on it: the footer, the keys' refusals, the order screen's
 * note and the bulk question all say why, in these words.
 */
import { isKnownStatus } from '../api/schemas.js';
import { display, sanitizeForTerminal, type DisplayText } from '../format/sanitize.js';

/** Longest status quoted (a hostile service may send a long one; the full value stays in the data). */
const MAX_STATUS_CHARS = 40;

/** The footer's few words after a key that is off: "approve (off: unknown status)". */
export const UNKNOWN_STATUS_OFF = 'unknown status';

/** True for a status this version does not know (not for "loading", null). */
export function isUnknownStatus(status: string | null | undefined): status is string {
  return typeof status === 'string' && !isKnownStatus(status);
}

/** `Unknown status "refund_hold": read-only in this version (a newer returns-console may know it).` */
export function unknownStatusText(status: string): DisplayText {
  const shown = sanitizeForTerminal(status, { maxChars: MAX_STATUS_CHARS });
  return display`Unknown status "${shown}": read-only in this version (a newer returns-console may know it).`;
}

/** "1 order has a status this version does not know", "3 orders have …". */
export function unknownStatusCount(n: number): DisplayText {
  return n === 1 ? display`1 order has a status this version does not know` : display`${n} orders have a status this version does not know`;
}
