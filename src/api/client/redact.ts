/**
 * Keeping API keys out of everything the client produces. Keys are shown only the way the
 * retailer dashboard identifies them: `sk_…` and the last 4 characters.
 */

/** A key shown safely: `sk_…abcd`. Text too short to have a safe tail shows as `sk_…`. */
export function redactKey(key: string): string {
  const tail = key.length >= 12 ? key.slice(-4) : '';
  return `sk_…${tail}`;
}

/**
 * Anything shaped like a key (`sk_` and a run of hex digits long enough to matter): caught
 * even when it is not one of the known secrets, e.g. a key a hostile server echoes back.
 */
const KEY_LIKE = /sk_[0-9a-fA-F]{8,}/g;

/** True when `text` holds something shaped like a key (so it must never be sent or shown). */
export function looksLikeKey(text: string): boolean {
  return new RegExp(KEY_LIKE.source).test(text);
}

/**
 * Replaces every occurrence of each secret, and anything key-shaped, by its redacted form.
 * Used on every string that could echo a key: messages from the service, network error
 * texts, configuration messages.
 */
export function scrubSecrets(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const secret of secrets) {
    // Short strings would redact unrelated text; real keys are 67 characters.
    if (secret.length >= 8) out = out.split(secret).join(redactKey(secret));
  }
  return out.replace(KEY_LIKE, (match) => redactKey(match));
}

/**
 * Strips terminal control characters (C0 except tab/newline, DEL, C1 incl. ESC sequences)
 * from text that came from the service, and caps its length, so it is safe to print.
 */
export function sanitizeServiceText(text: string, maxLength = 500): string {
  const cleaned = text
    // eslint-disable-next-line no-control-regex
    .replace(/\u001b\[[0-?]*[ -/]*[@-~]/g, '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '');
  return cleaned.length > maxLength ? `${cleaned.slice(0, maxLength)}…` : cleaned;
}
