/**
 * Remembered text functions for Ink's renderer, put in place by the build and by vitest
 * (scripts/source-patch-plugin.mjs, patch "ink-text-memo"). Every frame Ink measures
 * (`widest-line`) and cleans (its `sanitizeAnsi`) the text of every Text on screen again,
 * also the rows that did not change; for a row with a non-ASCII character (›, ✓, ·, …)
 * string-width segments it into graphemes each time. Both are functions of their string
 * alone, so each is wrapped, as it is imported by that one Ink module, with a memo of its
 * own answers: the same function, asked once per text (Ink keeps such a cache itself for
 * layout, measure-text.js). test/ui/text-memo.test.ts compares them with the originals.
 */

/** Texts remembered per function (a few screens' worth; the oldest go first). */
export const MAX_MEMO_TEXTS = 4096;

const stats = { computed: 0, remembered: 0 };

/** How many answers were computed and how many remembered, over every memo (tests, benchmarks). */
export function textMemoStats(): { readonly computed: number; readonly remembered: number } {
  return { ...stats };
}

/** `fn` remembering its answer for each of the last MAX_MEMO_TEXTS texts it was asked about. */
export function memoizeText<T>(fn: (text: string) => T, maxSize = MAX_MEMO_TEXTS): (text: string) => T {
  const answers = new Map<string, T>();
  return (text: string): T => {
    if (answers.has(text)) {
      stats.remembered++;
      return answers.get(text) as T;
    }
    stats.computed++;
    const answer = fn(text);
    answers.set(text, answer);
    if (answers.size > maxSize) answers.delete(answers.keys().next().value!);
    return answer;
  };
}
