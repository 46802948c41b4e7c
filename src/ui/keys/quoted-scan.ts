/**
 * A scanned text as a notice quotes it: sanitized and, when long, cut in the middle, so the
 * notice's instruction after it still fits an 80-column notice line. Pure.
 */
import { sanitizeForTerminal, type DisplayText } from '../../format/sanitize.js';
import { truncateMiddleToWidth } from '../../format/width.js';

/** The most columns a quoted scan takes (carriers' codes run to 30 characters and more). */
export const QUOTED_SCAN_MAX_WIDTH = 20;

/** `text` (what a scanner typed) for a notice: `"RMA-#N10…99-07"`'s inside. */
export function quotedScan(text: string): DisplayText {
  return truncateMiddleToWidth(sanitizeForTerminal(text), QUOTED_SCAN_MAX_WIDTH);
}
