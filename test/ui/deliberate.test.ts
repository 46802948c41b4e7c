/**
 * The deliberate-key rule as a pure function: what a person's answer looks like counts, and
 * no barcode scan typed at person speed (10-80 ms a character, with jitter and a stall after
 * its first character) ever answers a question, whatever its code and whenever it comes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ARM_MS, HOLD_CHAR_MS, HOLD_SPECIAL_MS, isHoldKept, judgePress, QUIET_MS, type KeyMeta } from '../../src/ui/keys/deliberate.js';
import { HICCUP_MS } from '../../src/ui/keys/scan-classifier.js';

const meta = (at: number, quietMs: number, seq = 1, isAlone = true): KeyMeta => ({ at, quietMs, isAlone, seq });

describe('a deliberate press', () => {
  it('counts after quiet, alone, once the question has armed, and acts after its hold', () => {
    expect(judgePress(meta(10_000, 2_000), { isChar: true, armedAt: 9_000 })).toEqual({ kind: 'hold', until: 10_000 + HOLD_CHAR_MS });
    expect(judgePress(meta(10_000, 2_000), { isChar: false, armedAt: 9_000 })).toEqual({ kind: 'hold', until: 10_000 + HOLD_SPECIAL_MS });
    // No question (q, S): arming does not apply.
    expect(judgePress(meta(10_000, QUIET_MS), { isChar: true })).toEqual({ kind: 'hold', until: 10_000 + HOLD_CHAR_MS });
    expect(isHoldKept(meta(10_000, 2_000, 7), 7)).toBe(true);
    expect(isHoldKept(meta(10_000, 2_000, 7), 8)).toBe(false);
  });

  it('is refused too soon after the question, after other keys, in a burst, or made up by the console', () => {
    expect(judgePress(meta(10_000, 2_000), { isChar: true, armedAt: 10_000 - ARM_MS + 1 })).toEqual({ kind: 'refused', why: 'too-soon' });
    expect(judgePress(meta(10_000, QUIET_MS - 1), { isChar: false, armedAt: 0 })).toEqual({ kind: 'refused', why: 'burst' });
    expect(judgePress(meta(10_000, 2_000, 1, false), { isChar: false, armedAt: 0 })).toEqual({ kind: 'refused', why: 'burst' });
    expect(judgePress(undefined, { isChar: false, armedAt: 0 })).toEqual({ kind: 'refused', why: 'burst' });
  });

  it('waits longer for a character than a scanner may stall after its first one', () => {
    expect(HOLD_CHAR_MS).toBeGreaterThanOrEqual(HICCUP_MS);
    expect(ARM_MS).toBeGreaterThanOrEqual(QUIET_MS);
  });
});

/** One key of a timeline: its character ("\r" Enter, "\t" Tab) and arrival. */
interface Typed {
  readonly char: string;
  readonly at: number;
}

/**
 * Runs a question over `typed`, as the console does: it arms at `shownAt` (undefined: the
 * key at `opener` opened it), answer keys are judged, any other key arms it again (so does a
 * refused answer), and a held answer counts if no key came before its hold ended. Returns
 * the keys that answered yes. Each key comes in a read of its own: the worst case.
 */
function answers(typed: readonly Typed[], question: { readonly shownAt?: number; readonly opener?: number }): Typed[] {
  const yes: Typed[] = [];
  let armedAt = question.shownAt ?? Number.POSITIVE_INFINITY;
  let lastAt = Number.NEGATIVE_INFINITY;
  typed.forEach((key, i) => {
    const m = meta(key.at, key.at - lastAt, i + 1);
    lastAt = key.at;
    if (question.opener !== undefined && i <= question.opener) {
      if (i === question.opener) armedAt = key.at;
      return;
    }
    if (key.char !== 'y' && key.char !== '\r') {
      armedAt = key.at;
      return;
    }
    const judged = judgePress(m, { isChar: key.char === 'y', armedAt });
    if (judged.kind === 'refused') {
      armedAt = key.at;
      return;
    }
    const next = typed[i + 1];
    if (isHoldKept(m, next !== undefined && next.at <= judged.until ? i + 2 : i + 1)) yes.push(key);
  });
  return yes;
}

/** The console's own command letters and a code's other characters. */
const CODE_CHARS = [...'yYnqrsaAxeSjkgGupRLfo#-0123456789NBZ'];

/** Longest stall of a scanner after its first character that the console covers: within the classifier's lead window. */
const MAX_STALL_MS = HICCUP_MS - 20;

/**
 * A scan as a slow terminal delivers it: 4-12 characters 10-80 ms apart with jitter, often a
 * stall after the first (the second up to MAX_STALL_MS after it), then Enter or Tab.
 */
const slowScan = fc
  .record({
    code: fc.array(fc.constantFrom(...CODE_CHARS), { minLength: 4, maxLength: 12 }),
    gaps: fc.array(fc.integer({ min: 10, max: 80 }), { minLength: 12, maxLength: 12 }),
    jitter: fc.array(fc.integer({ min: -8, max: 20 }), { minLength: 12, maxLength: 12 }),
    stall: fc.option(fc.integer({ min: 100, max: MAX_STALL_MS })),
    terminator: fc.constantFrom('\r', '\t'),
    start: fc.integer({ min: 0, max: 5_000 }),
  })
  .map(({ code, gaps, jitter, stall, terminator, start }) => {
    const typed: Typed[] = [];
    let at = start;
    [...code, terminator].forEach((char, i) => {
      if (i === 1 && stall !== null) at += stall;
      else if (i > 0) at += Math.max(1, gaps[i - 1]! + jitter[i - 1]!);
      typed.push({ char, at });
    });
    return typed;
  });

describe('no slow scan answers a question', () => {
  it('typed into a question open for any time, or one its own letter opened', () => {
    fc.assert(
      fc.property(slowScan, fc.integer({ min: 0, max: 10_000 }), fc.nat(), (typed, openFor, openerPick) => {
        expect(answers(typed, { shownAt: typed[0]!.at - openFor })).toEqual([]);
        expect(answers(typed, { opener: openerPick % (typed.length - 1) })).toEqual([]);
      }),
      { numRuns: 2_000 },
    );
  });

  it('a scan starting with y after a long pause, and a scan ending in Enter at 80 ms gaps', () => {
    const at = (chars: string, gaps: readonly number[], start: number) => {
      let t = start;
      return [...chars].map((char, i) => ({ char, at: (t += i === 0 ? 0 : gaps[i - 1]!) }));
    };
    // The dialog has been open for a minute; the scanner stalls after its y for 400 ms.
    expect(answers(at('y1830\r', [400, 80, 80, 80, 80], 60_000), { shownAt: 0 })).toEqual([]);
    expect(answers(at('AO1830\r', [80, 80, 80, 80, 80, 80], 60_000), { shownAt: 0 })).toEqual([]);
    // The scan's own A opened the question (approve all), its Enter 80 ms after the last digit.
    expect(answers(at('AO1830\r', [80, 80, 80, 80, 80, 80], 60_000), { opener: 0 })).toEqual([]);
  });

  it('while a person answers: a y, or an Enter, on its own after reading', () => {
    expect(answers([{ char: 'y', at: 1_200 }], { shownAt: 0 })).toEqual([{ char: 'y', at: 1_200 }]);
    expect(answers([{ char: 'r', at: 0 }, { char: '\r', at: 900 }], { opener: 0 })).toEqual([{ char: '\r', at: 900 }]);
    // Too soon after the question: not taken; pressed again later, it is.
    expect(answers([{ char: 'r', at: 0 }, { char: 'y', at: 300 }, { char: 'y', at: 1_100 }], { opener: 0 })).toEqual([{ char: 'y', at: 1_100 }]);
  });
});
