/**
 * API key helpers (interface section 5, D11): generation, hashing, masking and the
 * deterministic demo keys. Pure apart from the random source of `generateApiKey`.
 */
import { createHmac, hash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new random key: `sk_` and 64 lower-case hex characters. */
export function generateApiKey(): string {
  return 'sk_' + randomBytes(32).toString('hex');
}

/** SHA-256 of the key, hex. Keys are stored only as this hash. */
export function hashApiKey(key: string): string {
  // crypto.hash: one call, far cheaper per request than a createHash object.
  return hash('sha256', key, 'hex');
}

/** Constant-time equality of two hex hashes of the same algorithm. */
export function hashesEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The last 4 characters, the only part of a key ever shown after creation. */
export function keyLast4(key: string): string {
  return key.slice(-4);
}

/** How a key is shown everywhere: `sk_…` and the last 4 characters. */
export function maskKey(last4: string): string {
  return `sk_…${last4}`;
}

/**
 * The demo key of a shop for a demo seed. Derived, not random, so a console that starts
 * the sandbox on its persistent demo database can always compute a working key.
 */
export function deriveDemoKey(seed: string, shopId: string): string {
  return 'sk_' + createHmac('sha256', 'returns-console demo key v1').update(`${seed}\u0000${shopId}`).digest('hex');
}
