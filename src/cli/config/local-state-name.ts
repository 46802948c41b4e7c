/**
 * The name a connection's local state is kept under: its drafts, its entries in the activity
 * log, what the console remembers about its shop and its command-line history.
 *
 * The interface names no shop; only the key decides which shop a client sees. A profile's own
 * connection (base URL and key both set in the config file) keeps the profile's name, so its
 * drafts survive a new key. A base URL or key given from outside the profile (--base-url,
 * RETURNS_BASE_URL, RETURNS_API_KEY) may be another shop's, so its state gets a name of its
 * own: `<profile>+<fingerprint>`, the fingerprint being 12 hex digits of a SHA-256 over a
 * label of ours, the base URL and the key. It tells connections apart without revealing
 * anything of the key, and "+" is not allowed in profile names, so it never meets one.
 */
import { createHash } from 'node:crypto';
import { parseBaseUrl } from '../../api/client/routes.js';
import { isProfileSource, type ResolvedConfig, type Sourced } from './resolve.js';

const FINGERPRINT_LABEL = 'returns-console local state\0';
const FINGERPRINT_HEX_DIGITS = 12;

type Connection = ResolvedConfig & { readonly baseUrl: Sourced<string> };

/** True when the base URL and the key both come from the config file's profile: its state keeps the profile's name. */
export function isProfilesOwnConnection(config: Connection): boolean {
  return isProfileSource(config.baseUrl.source) && isProfileSource(config.keySource.source);
}

/**
 * 12 hex digits naming a service and key (the same service however its URL is written:
 * "https://x/v1/" and "https://x/v1"), revealing nothing of the key.
 */
export function connectionFingerprint(baseUrl: string, apiKey: string): string {
  const parsed = parseBaseUrl(baseUrl);
  const service = parsed.ok ? parsed.origin + parsed.basePath : baseUrl;
  return createHash('sha256')
    .update(FINGERPRINT_LABEL + service + '\0' + apiKey)
    .digest('hex')
    .slice(0, FINGERPRINT_HEX_DIGITS);
}

/** The local-state name of `config`'s connection with `apiKey` (see the module comment). */
export function localStateName(config: Connection, apiKey: string): string {
  const profile = config.profile.value;
  if (isProfilesOwnConnection(config)) return profile;
  return `${profile}+${connectionFingerprint(config.baseUrl.value, apiKey)}`;
}
