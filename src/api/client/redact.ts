/**
 * Text from the service made fit for the client's own messages. Keys are scrubbed by the
 * one scrubber in `src/api/key-scrub.ts` (re-exported here for the client's callers).
 */
import { scrubSecrets } from '../key-scrub.js';

export { looksLikeKey, redactKey, scrubDeep, scrubSecrets } from '../key-scrub.js';

/**
 * Scrubs every form of a key from text that came from the service and caps its length, so
 * it can go into an ApiError. Nothing else is changed: how control characters, escape
 * sequences and line breaks look is decided in one place, where text reaches a terminal
 * (`sanitizeForTerminal` in src/format/sanitize.ts, which the api layer does not know); the
 * JSON output escapes them. Keys are scrubbed before the cut, so it cannot leave part of one.
 */
export function boundServiceText(text: string, maxLength = 500): string {
  // Only what can be shown is scrubbed (a hostile message may be megabytes); the margin keeps
  // a key that straddles the cut whole for the scrubber.
  const scrubbed = scrubSecrets(text.length > 2 * maxLength + 256 ? text.slice(0, 2 * maxLength + 256) : text);
  if (scrubbed.length <= maxLength) return scrubbed;
  // Never between the halves of a surrogate pair.
  const last = scrubbed.charCodeAt(maxLength - 1);
  const end = last >= 0xd800 && last <= 0xdbff ? maxLength - 1 : maxLength;
  return `${scrubbed.slice(0, end)}…`;
}
