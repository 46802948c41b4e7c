/**
 * Text from the service made safe for the client's own messages. Keys are scrubbed by the
 * one scrubber in `src/api/key-scrub.ts` (re-exported here for the client's callers).
 */
import { scrubSecrets } from '../key-scrub.js';

export { looksLikeKey, redactKey, scrubDeep, scrubSecrets } from '../key-scrub.js';

/** Shown for a line break in service text: the text stays on one line. */
export const LINE_BREAK_SYMBOL = '\u240A'; // ␊ (as src/format/sanitize.ts shows one)

/**
 * Strips terminal control characters (C0 except tab, DEL, C1 incl. ESC sequences) from
 * text that came from the service, shows its line breaks as ␊ (so a service cannot start
 * a line of its own, e.g. a forged `hint:`), and caps its length, so it is safe to print.
 * Keys are scrubbed before anything is removed or cut, so neither can leave part of one behind.
 */
export function sanitizeServiceText(text: string, maxLength = 500): string {
  // Only what can be shown is scrubbed (a hostile message may be megabytes); the margin keeps
  // a key that straddles the cut whole for the scrubber.
  const cleaned = scrubSecrets(text.length > 2 * maxLength + 256 ? text.slice(0, 2 * maxLength + 256) : text)
    .replace(/\r\n|[\n\r\u0085\u2028\u2029]/g, LINE_BREAK_SYMBOL)
    // eslint-disable-next-line no-control-regex
    .replace(/\u001b\[[0-?]*[ -/]*[@-~]/g, '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '');
  return cleaned.length > maxLength ? `${cleaned.slice(0, maxLength)}…` : cleaned;
}
