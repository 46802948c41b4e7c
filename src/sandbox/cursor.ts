/**
 * Signed keyset cursors (D8): `base64url(payload).base64url(HMAC-SHA256(payload part))`.
 * The payload binds the shop, the last id returned, a hash of the normalized filters and
 * an expiry. The signature covers the encoded text, so any altered character fails.
 */
import { createHmac, createSecretKey, hash, timingSafeEqual, type KeyObject } from 'node:crypto';
import { normalizeFilters, type ListFilters } from '../api/list-params.js';

export interface CursorPayload {
  /** Public shop id the cursor was issued to. */
  readonly shop: string;
  /** The last (smallest) id of the page the cursor follows. */
  readonly lastId: number;
  /** `filterHash` of the filters of the walk. */
  readonly filterHash: string;
  /** Expiry, ms since the epoch. */
  readonly expiresAt: number;
}

export type CursorCheck =
  | { readonly ok: true; readonly payload: CursorPayload }
  | { readonly ok: false; readonly reason: 'malformed' | 'signature' | 'shop' | 'filters' | 'expired' };

/** Longest token accepted before any work is done (a real one is about 150 characters). */
const MAX_TOKEN_LENGTH = 512;
const B64URL = /^[A-Za-z0-9_-]+$/;

/** A short, stable hash of a filter set, independent of order, repeats and time zones. */
export function filterHash(filters: ListFilters): string {
  // crypto.hash, one call: a createHash object per request cost ten times as much.
  return hash('sha256', normalizeFilters(filters), 'base64url').slice(0, 22);
}

/**
 * The secret as a KeyObject, made once per secret: createHmac with a plain Buffer builds
 * one on every call, which was most of a cursor's cost.
 * Secrets are never changed in place, so the buffer identifies its key.
 */
const secretKeys = new WeakMap<Buffer, KeyObject>();

function mac(secret: Buffer, text: string): string {
  let key = secretKeys.get(secret);
  if (!key) secretKeys.set(secret, (key = createSecretKey(secret)));
  return createHmac('sha256', key).update(text).digest('base64url');
}

/** Encodes and signs a cursor. */
export function signCursor(payload: CursorPayload, secret: Buffer): string {
  const body = Buffer.from(
    JSON.stringify({ v: 1, s: payload.shop, p: payload.lastId, f: payload.filterHash, e: payload.expiresAt }),
    'utf8',
  ).toString('base64url');
  return `${body}.${mac(secret, body)}`;
}

/**
 * Verifies a cursor: shape, signature, then shop, expiry and filter binding.
 * `filterHash` null means the request's filters are invalid; their own error is
 * reported later, so only the cursor's integrity is checked here.
 */
export function verifyCursor(
  token: string,
  secret: Buffer,
  expect: { readonly shop: string; readonly filterHash: string | null; readonly now: number },
): CursorCheck {
  if (token.length > MAX_TOKEN_LENGTH) return { ok: false, reason: 'malformed' };
  const parts = token.split('.');
  if (parts.length !== 2) return { ok: false, reason: 'malformed' };
  const [body, sig] = parts as [string, string];
  if (!B64URL.test(body) || !B64URL.test(sig)) return { ok: false, reason: 'malformed' };
  const expected = Buffer.from(mac(secret, body));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'signature' };
  }
  const payload = decodePayload(body);
  if (!payload) return { ok: false, reason: 'malformed' };
  if (payload.shop !== expect.shop) return { ok: false, reason: 'shop' };
  if (payload.expiresAt <= expect.now) return { ok: false, reason: 'expired' };
  if (expect.filterHash !== null && payload.filterHash !== expect.filterHash) {
    return { ok: false, reason: 'filters' };
  }
  return { ok: true, payload };
}

function decodePayload(body: string): CursorPayload | null {
  try {
    const raw: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    if (typeof raw !== 'object' || raw === null) return null;
    const { v, s, p, f, e } = raw as Record<string, unknown>;
    if (v !== 1 || typeof s !== 'string' || typeof f !== 'string') return null;
    if (!Number.isSafeInteger(p) || !Number.isSafeInteger(e)) return null;
    return { shop: s, lastId: p as number, filterHash: f, expiresAt: e as number };
  } catch {
    return null;
  }
}
