/**
 * Why a key does nothing now (lazygit's GetDisabledReason): the functions the key table's
 * bindings carry as `disabledReason` (bindings.ts). The footer, the help, the read-only
 * notice and the order screen's reducer all read these, so a key is shown off exactly when
 * pressing it is refused, in the same words.
 */
import { display, sanitizeForTerminal, type DisplayText } from '../../format/sanitize.js';
import { isUnknownStatus, UNKNOWN_STATUS_OFF, unknownStatusText } from '../unknown-status.js';

/** What a binding's `disabledReason` reads: the order on screen, and what the shop lacks. */
export interface KeyState {
  /** The open order's status; null while it loads or once it is gone. */
  readonly status: string | null;
  /** When the service refused keep item for this profile's shop (ISO time), else null. */
  readonly keepUnsupportedSince: string | null;
}

/** Why a key does nothing now: the full words shown when it is pressed, and a few for the footer. */
export interface DisabledReason {
  readonly text: DisplayText;
  /** The footer's words after the key: "approve (off: not pending)". */
  readonly short: string;
  /** True when a second press of the key acts anyway (keep item on a shop that refused it once). */
  readonly isOverridable?: boolean;
}

/** The reason of a key that acts on a pending order's items (approve, reject, keep, …). */
export function needsPending(state: KeyState): DisabledReason | undefined {
  const { status } = state;
  if (status === 'pending') return undefined;
  if (isUnknownStatus(status)) return { text: unknownStatusText(status), short: UNKNOWN_STATUS_OFF };
  const shown = status === null ? display`not available` : sanitizeForTerminal(status);
  return { text: display`This order is ${shown}: only pending orders are reviewed.`, short: status === null ? 'loading' : 'not pending' };
}

/** The reason of keep item: as every review key, and off (a second press keeps) once the shop refused it. */
export function keepReason(state: KeyState): DisabledReason | undefined {
  const off = needsPending(state);
  if (off || state.keepUnsupportedSince === null) return off;
  const since = sanitizeForTerminal(state.keepUnsupportedSince.slice(0, 10));
  return {
    text: display`Keep item is off: this shop does not have the keep item feature (the service refused it on ${since}). Press e again to use it anyway.`,
    short: 'shop lacks it',
    isOverridable: true,
  };
}

/** The reason of receive: only a reviewed order is received. */
export function needsReviewed(state: KeyState): DisabledReason | undefined {
  const { status } = state;
  if (status === 'reviewed') return undefined;
  if (isUnknownStatus(status)) return { text: unknownStatusText(status), short: UNKNOWN_STATUS_OFF };
  const shown = status === null ? display`not available` : sanitizeForTerminal(status);
  return { text: display`Only reviewed orders can be received; this one is ${shown}.`, short: status === null ? 'loading' : 'not reviewed' };
}
