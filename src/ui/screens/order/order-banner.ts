/** The order screen's banner: what it can say, and the one way to word a message in it. */
import { sanitizeForTerminal, type DisplayText } from '../../../format/sanitize.js';

export type BannerTone = 'info' | 'success' | 'warning' | 'error';

export type Banner =
  /** Display text: made by `message`, which sanitizes what the service said in it. */
  | { readonly kind: 'message'; readonly tone: BannerTone; readonly text: DisplayText; readonly detail?: DisplayText; readonly requestId?: DisplayText }
  /** Rendered with the order's current status, which arrives with the refresh. */
  | { readonly kind: 'not-pending' | 'not-reviewed' | 'gone'; readonly requestId?: DisplayText };

/** A banner; its texts hold the service's words (statuses, messages, request ids), so they are sanitized here. */
export function message(tone: BannerTone, text: string, extra: { detail?: string; requestId?: string } = {}): Banner {
  return {
    kind: 'message',
    tone,
    text: sanitizeForTerminal(text),
    ...(extra.detail !== undefined && { detail: sanitizeForTerminal(extra.detail) }),
    ...(extra.requestId !== undefined && { requestId: sanitizeForTerminal(extra.requestId) }),
  };
}
