/**
 * Last line of defence for what we write to disk: anything shaped like an API key is
 * masked to `sk_…` plus its last 4 characters, the form people know from the dashboard.
 */
const KEY_LIKE = /sk_[A-Za-z0-9]{8,}/g;

/** Masks every API-key-like token in `text`. */
export function redactKeys(text: string): string {
  return text.replace(KEY_LIKE, (key) => `sk_…${key.slice(-4)}`);
}
