/**
 * The local API key check (interface section 5: `sk_` and 64 hexadecimal characters, 67 in
 * total), made before any request so a typo gets a clear message at once instead of a 401.
 * A malformed key is never shown, not even redacted: its tail might not be the tail of a key.
 */
import { API_KEY_LENGTH, API_KEY_PATTERN } from '../schemas.js';
import { ApiError } from './errors.js';
import { redactKey } from './redact.js';

function configError(code: string, message: string): ApiError {
  return new ApiError({ kind: 'config', code, message });
}

/** Null when the key is well-formed, otherwise the `config` error to report. */
export function checkApiKey(key: string | undefined): ApiError | null {
  if (key === undefined || key === '') {
    return configError('api_key_missing', 'No API key is configured.');
  }
  if (API_KEY_PATTERN.test(key)) return null;
  const trimmed = key.trim();
  if (trimmed !== key && API_KEY_PATTERN.test(trimmed)) {
    return configError(
      'api_key_whitespace',
      `The API key ${redactKey(trimmed)} has spaces or a line break around it; remove them.`,
    );
  }
  let why: string;
  if (!key.startsWith('sk_')) why = 'it does not start with sk_';
  else if (key.length !== API_KEY_LENGTH) why = `it has ${key.length} characters instead of ${API_KEY_LENGTH}`;
  else why = 'it has characters other than hexadecimal digits (0-9, a-f) after sk_';
  return configError(
    'api_key_malformed',
    `The API key is malformed: ${why}. A key is sk_ followed by 64 hexadecimal characters.`,
  );
}
