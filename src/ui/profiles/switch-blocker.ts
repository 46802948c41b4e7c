/** Whether the desk lets the console switch shops now (pure): why not, or null. */
import { display, type DisplayText } from '../../format/sanitize.js';
import type { BulkRunState } from '../screens/bulk/bulk-run-state.js';

/**
 * A bulk run in progress belongs to its shop and would be cut off by a switch; scan mode's
 * queue too. Anything else (an open order, a draft, the results of a finished run) is safe:
 * drafts are on disk, per profile. Shown as a notice: each fits 80 columns (notice-width.test.ts).
 */
export function switchBlocker(bulk: BulkRunState, isScanOpen: boolean): DisplayText | null {
  if (bulk.phase === 'running') {
    return display`A bulk run is in progress: switch shops once it is done (Esc stops it).`;
  }
  if (isScanOpen) return display`Scan mode is open: leave it (Esc) before switching shops.`;
  return null;
}
