import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RETURN_ORDER_STATUSES } from '../../src/api/schemas.js';
import { closestMatches, didYouMean, editDistance, knownNamesHint } from '../../src/format/did-you-mean.js';

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and swaps', () => {
    expect(editDistance('pending', 'pending')).toBe(0);
    expect(editDistance('pendng', 'pending')).toBe(1);
    expect(editDistance('recieved', 'received')).toBe(1); // a swap of neighbours is one slip
    expect(editDistance('ab', 'ba')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });

  it('is a metric: symmetric, zero only for equal strings, and within the length bounds (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), (a, b) => {
        const d = editDistance(a, b);
        expect(d).toBe(editDistance(b, a));
        expect(d === 0).toBe(a === b);
        expect(d).toBeGreaterThanOrEqual(Math.abs(a.length - b.length));
        expect(d).toBeLessThanOrEqual(Math.max(a.length, b.length));
      }),
    );
  });
});

describe('closestMatches and didYouMean', () => {
  it('finds the word meant after a typo, a wrong case or a prefix', () => {
    expect(closestMatches('pendng', RETURN_ORDER_STATUSES)).toEqual(['pending']);
    expect(closestMatches('Reviewed', RETURN_ORDER_STATUSES)).toEqual(['reviewed']);
    expect(closestMatches('recieved', RETURN_ORDER_STATUSES)[0]).toBe('received');
    expect(closestMatches('archive', RETURN_ORDER_STATUSES)).toEqual(['archived']);
    expect(closestMatches('handle', RETURN_ORDER_STATUSES)).toEqual(['handle_manually']);
    expect(closestMatches('lst', ['console', 'list', 'show', 'review', 'receive', 'config', 'sandbox'])).toEqual(['list']);
  });

  it('suggests nothing for a word far from every known one', () => {
    expect(closestMatches('x', RETURN_ORDER_STATUSES)).toEqual([]);
    expect(closestMatches('banana', RETURN_ORDER_STATUSES)).toEqual([]);
    expect(didYouMean('banana', RETURN_ORDER_STATUSES)).toBe('');
  });

  it('words one or several suggestions', () => {
    expect(didYouMean('--stauts', ['--status', '--ids'])).toBe(' Did you mean --status?');
    expect(didYouMean('--form', ['--from', '--fields', '--to'])).toBe(' Did you mean --from?');
    expect(didYouMean('rec', ['receive', 'review', 'received'])).toBe(' Did you mean receive or received?');
  });

  it('one wording for a name that is not among the known ones (profiles, views, the command line)', () => {
    expect(knownNamesHint('mian', ['main', 'north'], 'profiles')).toBe('(profiles: main, north). Did you mean main?');
    expect(knownNamesHint('x', [], 'views', 'none; add "views"')).toBe('(views: none; add "views").');
  });
});
