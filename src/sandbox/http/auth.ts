/**
 * Authentication (section 5, D11): Bearer parse, SHA-256 lookup, constant-time compare,
 * revocation check and last_used_at. The lookup answers from memory only while no other
 * connection has committed (db/keys.ts), so a key revoked by another process fails on
 * its very next request.
 */
import { API_KEY_PATTERN } from '../../api/schemas.js';
import type { KeyLookup, KeyRow } from '../db/keys.js';
import { ApiError } from '../errors.js';
import { hashApiKey, hashesEqual } from '../keys.js';

const PREFIX = 'Bearer ';

/** The authenticated key, or throws missing_api_key / invalid_api_key. */
export function authenticate(header: string | undefined, keys: KeyLookup): KeyRow {
  if (header === undefined || !header.startsWith(PREFIX) || header.length === PREFIX.length) {
    throw new ApiError(
      'missing_api_key',
      'No API key: send the header "Authorization: Bearer <API_KEY>".',
    );
  }
  const token = header.slice(PREFIX.length);
  const invalid = () =>
    new ApiError('invalid_api_key', 'The API key is invalid, unknown or revoked. Create a new key and try again.');
  if (!API_KEY_PATTERN.test(token)) throw invalid();
  const hash = hashApiKey(token);
  const row = keys.findByHash(hash);
  if (!row || !hashesEqual(row.key_hash, hash) || row.revoked_at !== null) throw invalid();
  return row;
}

/**
 * Writes last_used_at at most once per second per key: the time has second precision,
 * and skipping identical writes keeps list requests free of write transactions.
 */
export class LastUsedTracker {
  /** Key pk -> the epoch second last written. */
  private readonly written = new Map<number, number>();

  constructor(private readonly keys: KeyLookup) {}

  touch(row: KeyRow, nowMs: number): void {
    const second = Math.floor(nowMs / 1000);
    if (this.written.get(row.pk) === second) return;
    try {
      this.keys.setLastUsed(row.pk, new Date(second * 1000).toISOString().slice(0, 19) + 'Z');
      this.written.set(row.pk, second);
    } catch {
      // Best effort: another process may hold the write lock past the busy timeout; the
      // request itself must not fail for a usage timestamp. The next request tries again.
    }
  }
}
