import { describe, expect, it } from 'vitest';
import { redactKey, boundServiceText, scrubSecrets } from '../../src/api/client/redact.js';
import { KEYS } from '../helpers/fixture.js';

describe('redactKey', () => {
  it('shows sk_… and the last 4 characters', () => {
    expect(redactKey(KEYS.north)).toBe(`sk_…${KEYS.north.slice(-4)}`);
    expect(redactKey(KEYS.north)).not.toContain(KEYS.north.slice(3, 20));
  });
  it('shows no tail for text too short to be a key', () => {
    expect(redactKey('sk_12')).toBe('sk_…');
  });
});

describe('scrubSecrets', () => {
  it('replaces every occurrence of a known secret', () => {
    const text = `bad key ${KEYS.north} and again ${KEYS.north}`;
    const out = scrubSecrets(text, [KEYS.north]);
    expect(out).not.toContain(KEYS.north);
    expect(out).toBe(`bad key ${redactKey(KEYS.north)} and again ${redactKey(KEYS.north)}`);
  });
  it('catches key-shaped text that is not a known secret', () => {
    const out = scrubSecrets(`echo: Bearer ${KEYS.unknown}`);
    expect(out).not.toContain(KEYS.unknown);
    expect(out).toContain('sk_…');
  });
  it('leaves ordinary text alone', () => {
    expect(scrubSecrets('order #N1001 not found', [KEYS.north])).toBe('order #N1001 not found');
  });
});

describe('boundServiceText', () => {
  it('scrubs keys and caps the length, and leaves control characters to the terminal\'s one sanitizer', () => {
    expect(boundServiceText('a\u001b[31mred\u001b]0;t\u0007\nb\u009bc')).toBe('a\u001b[31mred\u001b]0;t\u0007\nb\u009bc');
  });
  it('caps the length', () => {
    expect(boundServiceText('x'.repeat(1000), 10)).toBe(`${'x'.repeat(10)}…`);
  });
  it('never cuts between the halves of a surrogate pair', () => {
    expect(boundServiceText('ab\u{1F600}cd', 3)).toBe('ab…');
  });
});
