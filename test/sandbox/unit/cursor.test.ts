import { describe, expect, it } from 'vitest';
import { filterHash, signCursor, verifyCursor } from '../../../src/sandbox/cursor.js';

const secret = Buffer.alloc(32, 7);
const now = Date.UTC(2026, 10, 1);
const hash = filterHash({ statuses: ['pending'] });
const token = signCursor({ shop: 'shop_north', lastId: 1234, filterHash: hash, expiresAt: now + 900_000 }, secret);
const expect0 = { shop: 'shop_north', filterHash: hash, now };

describe('cursor sign/verify (D8)', () => {
  it('round-trips shop, position, filters and expiry', () => {
    const check = verifyCursor(token, secret, expect0);
    expect(check).toEqual({ ok: true, payload: { shop: 'shop_north', lastId: 1234, filterHash: hash, expiresAt: now + 900_000 } });
  });

  it('refuses every single altered character', () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.';
    for (let i = 0; i < token.length; i++) {
      const replacement = alphabet[(alphabet.indexOf(token[i]!) + 1) % alphabet.length]!;
      const altered = token.slice(0, i) + replacement + token.slice(i + 1);
      expect(verifyCursor(altered, secret, expect0).ok, `position ${i}`).toBe(false);
    }
  });

  it('refuses another secret, another shop, other filters and expired cursors', () => {
    expect(verifyCursor(token, Buffer.alloc(32, 8), expect0)).toEqual({ ok: false, reason: 'signature' });
    expect(verifyCursor(token, secret, { ...expect0, shop: 'shop_south' })).toEqual({ ok: false, reason: 'shop' });
    expect(verifyCursor(token, secret, { ...expect0, filterHash: filterHash({}) })).toEqual({ ok: false, reason: 'filters' });
    expect(verifyCursor(token, secret, { ...expect0, now: now + 900_000 })).toEqual({ ok: false, reason: 'expired' });
    expect(verifyCursor(token, secret, { ...expect0, now: now + 899_999 }).ok).toBe(true);
  });

  it('checks only integrity when the filters are invalid (their own error comes later)', () => {
    expect(verifyCursor(token, secret, { ...expect0, filterHash: null }).ok).toBe(true);
  });

  it('refuses malformed tokens without throwing', () => {
    for (const bad of ['', '.', 'abc', 'a.b.c', `${token}.x`, 'é.é', 'x'.repeat(10_000), token.replace('.', '')]) {
      expect(verifyCursor(bad, secret, expect0).ok).toBe(false);
    }
    // A correctly signed payload that is not a cursor object.
    const mac = signCursor({ shop: 'x', lastId: 1, filterHash: 'f', expiresAt: 1 }, secret).split('.')[1];
    expect(verifyCursor(`bm90LWpzb24.${mac}`, secret, expect0).ok).toBe(false);
  });

  it('binds filters independently of order, repeats and time zone', () => {
    expect(filterHash({ statuses: ['reviewed', 'pending', 'pending'] })).toBe(filterHash({ statuses: ['pending', 'reviewed'] }));
    expect(filterHash({ submittedAtMin: '2026-11-01T02:00:00+02:00' })).toBe(filterHash({ submittedAtMin: '2026-11-01T00:00:00Z' }));
    expect(filterHash({ ids: [1] })).not.toBe(filterHash({ ids: [2] }));
  });
});
