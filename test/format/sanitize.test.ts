import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DISPLAY_MAX_CHARS, display, ESCAPE_MARKER, joinDisplay, sanitizeForTerminal } from '../../src/format/sanitize.js';
import { displayWidth } from '../../src/format/width.js';

/** Characters that build escape sequences, mixed with arbitrary ones (cheaper to generate than full binary strings). */
const hostileChar = fc.oneof(
  fc.constantFrom('\u001b', '[', ']', 'P', '_', '\\', '\u0007', '\u009b', '\u009c', '\u009d', '\u202e', '\u2066', '\u200b', '\n', '\t', ';', 'm', '\ud800', '\udc00', '👍'),
  fc.integer({ min: 0, max: 0x30ff }).map((c) => String.fromCharCode(c)),
);

/** Anything a terminal would act on rather than print. */
const DANGEROUS = /[\u0000-\u001f\u007f-\u009f\u061c\u200b\u200e\u200f\u2028-\u202e\u2060\u2066-\u2069\ufeff]/;

describe('sanitizeForTerminal', () => {
  it('cuts a field longer than a screen before anything measures it, saying how much was left out', () => {
    const huge = `Zoë ${'山'.repeat(1_000_000)}\u001b]52;c;x\u0007`;
    const shown = sanitizeForTerminal(huge);
    expect(shown.length).toBeLessThan(DISPLAY_MAX_CHARS + 40);
    expect(shown.startsWith('Zoë 山山')).toBe(true);
    expect(shown).toMatch(/… \(998,\d{3} more characters\)$/);
    expect(shown).not.toMatch(DANGEROUS);
    // Never in the middle of a surrogate pair; whole output on request (TSV, CSV).
    expect(sanitizeForTerminal('a👍👍', { maxChars: 2 })).toBe('a… (4 more characters)');
    expect(sanitizeForTerminal(huge, { maxChars: Number.POSITIVE_INFINITY })).toBe(`${huge.slice(0, -9)}${ESCAPE_MARKER}`);
  });

  it('builds display text from the console\'s own words and sanitized parts', () => {
    const name = sanitizeForTerminal('#A1\u001b]0;x\u0007');
    expect(display`Mark ${name} (${3}) as received?`).toBe(`Mark #A1${ESCAPE_MARKER} (3) as received?`);
    expect(joinDisplay([name, display`b`], display`, `)).toBe(`#A1${ESCAPE_MARKER}, b`);
  });

  it('leaves printable text of any script untouched', () => {
    for (const text of ['Ana Lima', 'Zoë Ørsted', '山田 太郎', 'José 👍🏽', 'e\u0301', '#N1001', '']) {
      expect(sanitizeForTerminal(text)).toBe(text);
    }
  });

  it('replaces a colour sequence (CSI) by one marker and keeps the text around it', () => {
    expect(sanitizeForTerminal('\u001b[31mRed\u001b[0m')).toBe(`${ESCAPE_MARKER}Red${ESCAPE_MARKER}`);
    expect(sanitizeForTerminal('a\u001b[2J\u001b[Hb')).toBe(`a${ESCAPE_MARKER}${ESCAPE_MARKER}b`);
  });

  it('removes an OSC 52 clipboard write with its payload, terminated by BEL or ST', () => {
    const bel = 'Eve\u001b]52;c;cm0gLXJmIH4=\u0007Smith';
    const st = 'Eve\u001b]52;c;cm0gLXJmIH4=\u001b\\Smith';
    expect(sanitizeForTerminal(bel)).toBe(`Eve${ESCAPE_MARKER}Smith`);
    expect(sanitizeForTerminal(st)).toBe(`Eve${ESCAPE_MARKER}Smith`);
    expect(sanitizeForTerminal('\u001b]0;new title\u0007x')).toBe(`${ESCAPE_MARKER}x`);
  });

  it('handles DCS/APC strings, 8-bit C1 introducers and two-byte escapes', () => {
    expect(sanitizeForTerminal('a\u001bPq#0;2;0;0;0\u001b\\b')).toBe(`a${ESCAPE_MARKER}b`);
    expect(sanitizeForTerminal('a\u001b_payload\u009cb')).toBe(`a${ESCAPE_MARKER}b`);
    expect(sanitizeForTerminal('a\u009b31mb')).toBe(`a${ESCAPE_MARKER}b`);
    expect(sanitizeForTerminal('a\u009d52;c;x\u0007b')).toBe(`a${ESCAPE_MARKER}b`);
    expect(sanitizeForTerminal('reset\u001bc')).toBe(`reset${ESCAPE_MARKER}`);
    expect(sanitizeForTerminal('a\u001b(Bb')).toBe(`a${ESCAPE_MARKER}b`);
  });

  it('shows an unterminated OSC as text after one marker instead of swallowing the rest', () => {
    expect(sanitizeForTerminal('x\u001b]52;c;abc')).toBe(`x${ESCAPE_MARKER}]52;c;abc`);
  });

  it('shows C0 controls and DEL as control pictures, C1 controls as code points', () => {
    expect(sanitizeForTerminal('a\u0007b\u0008c\rd\te\nf\u007f')).toBe('a\u2407b\u2408c\u240dd\u2409e\u240af\u2421');
    expect(sanitizeForTerminal('a\u0085b')).toBe('a<U+0085>b');
  });

  it('keeps line feeds as line breaks only when asked', () => {
    expect(sanitizeForTerminal('one\ntwo', { keepNewlines: true })).toBe('one\ntwo');
    expect(sanitizeForTerminal('one\r\ntwo', { keepNewlines: true })).toBe('one\u240d\ntwo');
  });

  it('makes bidi overrides, isolates and invisible characters visible (Trojan Source)', () => {
    expect(sanitizeForTerminal('abc\u202Edcb')).toBe('abc<U+202E>dcb');
    expect(sanitizeForTerminal('\u2066x\u2069')).toBe('<U+2066>x<U+2069>');
    expect(sanitizeForTerminal('#N10\u200b01')).toBe('#N10<U+200B>01');
    expect(sanitizeForTerminal('\ufeffBOM')).toBe('<U+FEFF>BOM');
  });

  it('keeps emoji joined with ZWJ and replaces lone surrogates', () => {
    const family = '👩\u200d👩\u200d👧';
    expect(sanitizeForTerminal(family)).toBe(family);
    expect(sanitizeForTerminal('a\ud800b\udc00c')).toBe('a\ufffdb\ufffdc');
  });

  it('never lets a dangerous character through, for any input (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: hostileChar, maxLength: 60 }), (text) => {
        const out = sanitizeForTerminal(text);
        expect(out).not.toMatch(DANGEROUS);
        // Idempotent: sanitized text is already safe.
        expect(sanitizeForTerminal(out)).toBe(out);
      }),
      { numRuns: 500 },
    );
  });

  it('gives text whose width is the width of what is shown (no zero-width tricks)', () => {
    const out = sanitizeForTerminal('\u001b[31mab\u202e\u0000');
    expect(displayWidth(out)).toBe([...out].length);
  });
});
