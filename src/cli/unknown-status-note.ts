/**
 * The note on stderr about orders whose status this version does not know: they are
 * printed with the status as the service sent it (sanitized in text output), and the note
 * says so once, at the end, so a script reading stdout is not disturbed.
 */
import { isKnownStatus, type ReturnOrder } from '../api/schemas.js';
import { scrubSecrets } from '../api/key-scrub.js';
import { sanitizeForTerminal } from '../format/sanitize.js';

/** Most distinct unknown statuses named in the note. */
const MAX_NAMED = 5;
/** Longest status named (a hostile service may send a long one). */
const MAX_STATUS_CHARS = 40;

/** Collects the unknown statuses of the orders printed. */
export class UnknownStatusNote {
  private count = 0;
  private readonly statuses = new Set<string>();

  /** Notes one printed order. */
  add(order: ReturnOrder): void {
    if (isKnownStatus(order.status)) return;
    this.count++;
    if (this.statuses.size < MAX_NAMED) this.statuses.add(order.status);
  }

  /** The note (one line), or '' when every status was known. */
  text(): string {
    if (this.count === 0) return '';
    const names = [...this.statuses].map((s) => {
      // The status is the service's text: keys scrubbed (as in the data output), then sanitized.
      const clean = sanitizeForTerminal(scrubSecrets(s));
      return JSON.stringify(clean.length > MAX_STATUS_CHARS ? `${clean.slice(0, MAX_STATUS_CHARS)}…` : clean);
    });
    const more = this.count > names.length && this.statuses.size >= MAX_NAMED ? ', …' : '';
    const orders = this.count === 1 ? '1 order has a status' : `${this.count} orders have a status`;
    return `note: ${orders} this version does not know (${names.join(', ')}${more}); shown as the service sent it, read-only. A newer returns-console may know it.\n`;
  }
}
