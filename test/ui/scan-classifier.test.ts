/**
 * The scan classifier without I/O: timelines of key presses with arrival times, classified
 * as a driver would (quiet checks at each deadline). Scanner speed plus Enter or Tab is one
 * scan; anything a person types comes out as the same keys in the same order.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  classifyFlush,
  classifyPress,
  classifyQuiet,
  classifyTimeline,
  DEFAULT_MAX_GAP_MS,
  dropLead,
  HICCUP_MS,
  initialClassifierState,
  MIN_SCAN_LENGTH,
  PREFIXED_QUIET_MS,
  quietDeadline,
  SCAN_GAP_MS,
  SUFFIX_ENTER_MS,
  type Classified,
  type ClassifierState,
  type KeyPress,
  type TimedPress,
} from '../../src/ui/keys/scan-classifier.js';
import { learnedGap } from '../../src/ui/keys/scan-gap.js';
import { isMoveOnlyChar } from '../../src/ui/keys/match.js';
import { keyOf, splitBurst } from '../../src/ui/keys/split-burst.js';
import { orderRefOfScan, parseScanCodePattern } from '../../src/ops/scan-code.js';

const press = (char: string): KeyPress => keyOf(char);
const MOVES = { isMoveOnly: isMoveOnlyChar };
const UP: KeyPress = ['', { ...keyOf('x')[1], upArrow: true }];

/** `text` typed one character every `gapMs` from `start`. */
function typed(text: string, gapMs: number, start = 0) {
  return [...text].map((char, i) => ({ at: start + i * gapMs, press: press(char) }));
}

/** Feeds `timeline` from `state` with no quiet check between (input read as it came). */
function pressAll(state: ClassifierState, timeline: readonly { readonly at: number; readonly press: KeyPress }[]): Classified[] {
  const out: Classified[] = [];
  for (const { at, press: p } of timeline) {
    const step = classifyPress(state, p, at);
    state = step.state;
    out.push(...step.out);
  }
  return out;
}

/** The output as a readable list: keys by their character ("⏎" for Enter), scans as "scan:TEXT⏎". */
function show(out: readonly Classified[]): string[] {
  const name = ([input, key]: KeyPress) => (key.return ? '⏎' : key.tab ? '⇥' : key.upArrow ? '↑' : input);
  return out.map((c) => (c.kind === 'key' ? name(c.press) : `scan:${c.scan.text}${c.scan.terminator === 'enter' ? '⏎' : '⇥'}${c.scan.echoed ? `(echoed ${c.scan.echoed})` : ''}`));
}

/** Feeds `timeline` with typing echoed (a field that takes scans itself), quiet checks between. */
function echoed(timeline: readonly { readonly at: number; readonly press: KeyPress }[]): { out: Classified[]; at: number[] } {
  let state = initialClassifierState;
  const out: Classified[] = [];
  const at: number[] = [];
  for (const { at: t, press: p } of timeline) {
    const quiet = classifyQuiet(state, t);
    state = quiet.state;
    const step = classifyPress(state, p, t, { isMoveOnly: isMoveOnlyChar, isTypingEchoed: true });
    state = step.state;
    for (const c of [...quiet.out, ...step.out]) {
      out.push(c);
      at.push(t);
    }
  }
  return { out, at };
}

/** Feeds `timeline` with typing echoed and no quiet check between. */
function pressAllEchoed(timeline: readonly { readonly at: number; readonly press: KeyPress }[]): Classified[] {
  let state = initialClassifierState;
  const out: Classified[] = [];
  for (const { at, press: p } of timeline) {
    const step = classifyPress(state, p, at, { isMoveOnly: isMoveOnlyChar, isTypingEchoed: true });
    state = step.state;
    out.push(...step.out);
  }
  return out;
}

describe('typing echoed (quick find)', () => {
  it('lets every typed character out the moment it comes, and still takes a scan whole', () => {
    const person = echoed(typed('olivia\r', 120));
    expect(show(person.out)).toEqual(['o', 'l', 'i', 'v', 'i', 'a', '⏎']);
    // Not held back: each key goes out at its own arrival.
    expect(person.at).toEqual([0, 120, 240, 360, 480, 600, 720]);
    // A scanner's run is typed as it comes, then given whole: the field replaces what it typed.
    expect(show(echoed(typed('#N1001\r', 8)).out)).toEqual(['#', 'N', '1', '0', '0', '1', 'scan:#N1001⏎(echoed 6)']);
    // Typing, a pause, then a scan: two runs, even when no quiet check came between.
    const typedThenScan = [...typed('zz', 0), ...typed('#N1015\r', 8, SCAN_GAP_MS + 10)];
    expect(show(pressAllEchoed(typedThenScan))).toEqual(['z', 'z', '#', 'N', '1', '0', '1', '5', 'scan:#N1015⏎(echoed 6)']);
    // j and k are letters here, not moves: a scan of them is still a scan.
    expect(show(echoed(typed('jkjk\r', 5)).out)).toEqual(['j', 'k', 'j', 'k', 'scan:jkjk⏎(echoed 4)']);
  });
});

describe('the scan classifier', () => {
  it('takes a scanner typing one character every 8 ms and Enter as one scan', () => {
    expect(show(classifyTimeline(typed('#N1001\r', 8)))).toEqual(['scan:#N1001⏎']);
    expect(show(classifyTimeline(typed('AO1711\t', 5)))).toEqual(['scan:AO1711⇥']);
    // A whole scan in one read: every gap is 0.
    expect(show(classifyTimeline(typed('#N1001\r#N1002\r', 0)))).toEqual(['scan:#N1001⏎', 'scan:#N1002⏎']);
  });

  it('lets a person’s typing through as keys, in order', () => {
    expect(show(classifyTimeline(typed('#N1001\r', 80)))).toEqual(['#', 'N', '1', '0', '0', '1', '⏎']);
    // Fast, but too short to be a scan.
    expect(show(classifyTimeline(typed('abc\r', 5)))).toEqual(['a', 'b', 'c', '⏎']);
    // Scanner speed without Enter (a paste): keys, once the input has been quiet.
    expect(show(classifyTimeline(typed('jjnA', 0)))).toEqual(['j', 'j', 'n', 'A']);
    // Quick for a person (20 ms gaps), then a pause: typing.
    const quick = [...typed('AB12', 20), ...typed('34\r', 20, 60 + SCAN_GAP_MS + 10)];
    expect(show(classifyTimeline(quick))).toEqual(['A', 'B', '1', '2', '3', '4', '⏎']);
    // Machine speed, then a pause longer than HICCUP_MS: the first part is let go as keys.
    const split = [...typed('AB12', 8), ...typed('34\r', 8, 24 + HICCUP_MS + 10)];
    expect(show(classifyTimeline(split))).toEqual(['A', 'B', '1', '2', '3', '4', '⏎']);
  });

  it('holds a machine-speed run through one pause (a busy machine or terminal delivered it late)', () => {
    const hiccup = [...typed('#AS', 8), ...typed('Ey1057\r', 8, 16 + 90)];
    expect(show(classifyTimeline(hiccup))).toEqual(['scan:#ASEy1057⏎']);
    // A stall of a few hundred ms (a remote session, a loaded machine): still one scan, its
    // letters never typed as commands (the CI run that cut "RMA-#N1029-07" after "RMA").
    const stall = [...typed('RMA', 8), ...typed('-#N1029-07\r', 8, 16 + 400)];
    expect(show(classifyTimeline(stall))).toEqual(['scan:RMA-#N1029-07⏎']);
    // Still, a single held key waits no longer than SCAN_GAP_MS.
    expect(show(classifyTimeline([...typed('A', 0), ...typed('s', 0, SCAN_GAP_MS + 5)]))).toEqual(['A', 's']);
  });

  it('a scanner that stalls after its first character: the key went out, the scan is still whole', () => {
    // "#" held SCAN_GAP_MS and let go as a key (a person's key waits no longer), then the rest.
    const stalled = (first: string, stallMs: number, rest = 'N1001\r') => [...typed(first, 0), ...typed(rest, 8, stallMs)];
    expect(show(classifyTimeline(stalled('#', 80), MOVES))).toEqual(['#', 'scan:#N1001⏎(echoed 1)']);
    expect(show(classifyTimeline(stalled('R', 400, 'MA-#N1029-07\r'), MOVES))).toEqual(['R', 'scan:RMA-#N1029-07⏎(echoed 1)']);
    // As long as a held run waits through a pause, no longer.
    expect(show(classifyTimeline(stalled('#', HICCUP_MS), MOVES))).toEqual(['#', 'scan:#N1001⏎(echoed 1)']);
    expect(show(classifyTimeline(stalled('#', HICCUP_MS + 1), MOVES))).toEqual(['#', 'scan:N1001⏎']);
    // The key that may lead is marked, for the driver (which drops the lead when a binding took it).
    const released = classifyQuiet(classifyPress(initialClassifierState, press('S'), 0).state, SCAN_GAP_MS);
    expect(released.out).toEqual([{ kind: 'key', press: press('S'), isLead: true }]);
    expect(show(pressAll(released.state, typed('KU-4410\r', 8, 60)))).toEqual(['scan:SKU-4410⏎(echoed 1)']);
    expect(show(pressAll(dropLead(released.state), typed('KU-4410\r', 8, 60)))).toEqual(['scan:KU-4410⏎']);
    // After moves sent at once: the held character and the moves before it lead together.
    expect(show(classifyTimeline([...typed('j#', 5), ...typed('N1001\r', 8, 100)], MOVES))).toEqual(['j', '#', 'scan:j#N1001⏎(echoed 2)']);
    // The lead counts towards MIN_SCAN_LENGTH, but one key and Enter after it is typing.
    expect(show(classifyTimeline(stalled('#', 60, 'N10\r'), MOVES))).toEqual(['#', 'scan:#N10⏎(echoed 1)']);
    expect(show(classifyTimeline(stalled('#', 60, 'N1\r'), MOVES))).toEqual(['#', 'N', '1', '⏎']);
    expect(show(classifyTimeline(stalled('#', 60, 'N\r'), MOVES))).toEqual(['#', 'N', '⏎']);
    // Another key between the lead and the scan ends it.
    expect(show(classifyTimeline([...typed('#', 0), { at: 50, press: UP }, ...typed('N1001\r', 8, 60)]))).toEqual(['#', '↑', 'scan:N1001⏎']);
  });

  it('a paste lets held characters go and ends any lead', () => {
    const flushed = classifyFlush(classifyPress(initialClassifierState, press('#'), 0).state);
    expect(show(flushed.out)).toEqual(['#']);
    expect(show(pressAll(flushed.state, typed('N1001\r', 8, 40)))).toEqual(['scan:N1001⏎']);
  });

  it('lets held characters go before any other key', () => {
    const timeline = [...typed('Ab1', 5), { at: 16, press: UP }, ...typed('9\r', 5, 20)];
    expect(show(classifyTimeline(timeline))).toEqual(['A', 'b', '1', '↑', '9', '⏎']);
  });

  it('holds a character no longer than SCAN_GAP_MS after it arrived', () => {
    const first = classifyPress(initialClassifierState, press('A'), 1000);
    expect(first.out).toEqual([]);
    expect(quietDeadline(first.state)).toBe(1000 + SCAN_GAP_MS);
    expect(classifyQuiet(first.state, 1000 + SCAN_GAP_MS - 1).out).toEqual([]);
    expect(show(classifyQuiet(first.state, 1000 + SCAN_GAP_MS).out)).toEqual(['A']);
  });

  it('only the quiet check ends a run: characters read late, in a clump, still make one scan', () => {
    // The console was busy for 120 ms: "01\r" was read late, but no quiet check came between.
    const late = ([['#', 0], ['N', 8], ['1', 16], ['0', 24], ['0', 144], ['1', 144], ['\r', 144]] as const).map(([char, at]) => ({ at, press: press(char) }));
    expect(show(pressAll(initialClassifierState, late))).toEqual(['scan:#N1001⏎']);
  });

  it('sends selection moves at once and still counts them into a scan that follows', () => {
    const first = classifyPress(initialClassifierState, press('j'), 0, MOVES);
    expect(show(first.out)).toEqual(['j']);
    expect(show(classifyTimeline(typed('j123\r', 8), MOVES))).toEqual(['j', 'scan:j123⏎(echoed 1)']);
    // A repeating j key (gaps under 30 ms) moves at every repeat.
    expect(show(classifyTimeline(typed('jjjj', 20), MOVES))).toEqual(['j', 'j', 'j', 'j']);
    // A held j and then Enter at once (read together by a busy console) opens the order: moves
    // alone are never a scan.
    expect(show(classifyTimeline(typed('jjjjjjjj\r', 5), MOVES))).toEqual(['j', 'j', 'j', 'j', 'j', 'j', 'j', 'j', '⏎']);
    // Only the run's start is sent: an "a" (approve) inside it is held.
    expect(show(classifyTimeline(typed('jab\u001b', 5), MOVES))).toEqual(['j', 'a', 'b', '\u001b']);
    expect(['j', 'k', 'g', 'G'].every(isMoveOnlyChar)).toBe(true);
    expect(['A', 'a', 'r', 'q', 's', 'y', ' ', '1', '#'].some(isMoveOnlyChar)).toBe(false);
  });

  it('never loses, adds or reorders a key: typing at any pace comes out whole', () => {
    const chars = fc.constantFrom(...'ajkqAsSy1#N0 \r\t'.split(''));
    fc.assert(
      fc.property(fc.array(fc.tuple(chars, fc.integer({ min: 0, max: 200 })), { maxLength: 40 }), (keysAndGaps) => {
        let at = 0;
        const timeline = keysAndGaps.map(([char, gap]) => ({ at: (at += gap), press: press(char) }));
        const out = classifyTimeline(timeline, MOVES);
        // Every character comes out once: as a key, or inside a scan (with its terminator).
        const text = out
          .map((c) =>
            c.kind === 'key'
              ? (c.press[1].return ? '\r' : c.press[1].tab ? '\t' : c.press[0])
              : c.scan.text.slice(c.scan.echoed) + (c.scan.terminator === 'enter' ? '\r' : '\t'),
          )
          .join('');
        expect(text).toBe(keysAndGaps.map(([char]) => char).join(''));
        // A scan is never slower than scanner speed, never shorter than MIN_SCAN_LENGTH.
        for (const c of out) if (c.kind === 'scan') expect([...c.scan.text].length).toBeGreaterThanOrEqual(MIN_SCAN_LENGTH);
      }),
    );
  });

  it('finds no scan in typing that is never faster than SCAN_GAP_MS, while nothing taught it more', () => {
    const chars = fc.constantFrom(...'ajkqAsSy1#N0 \r\t'.split(''));
    fc.assert(
      fc.property(fc.array(fc.tuple(chars, fc.integer({ min: SCAN_GAP_MS, max: 400 })), { maxLength: 40 }), (keysAndGaps) => {
        let at = 0;
        const timeline = keysAndGaps.map(([char, gap]) => ({ at: (at += gap), press: press(char) }));
        expect(classifyTimeline(timeline, { ...MOVES, maxGapMs: SCAN_GAP_MS }).every((c) => c.kind === 'key')).toBe(true);
      }),
    );
  });
});

const CTRL_B: KeyPress = ['b', { ...keyOf('x')[1], ctrl: true }];
const F12: KeyPress = ['', keyOf('x')[1]];
const mark = (at: number, p: KeyPress, m: 'prefix' | 'suffix') => ({ at, press: p, mark: m });

describe('a scanner programmed with a prefix and a suffix', () => {
  it('takes everything from the prefix to Enter as one scan, at any speed, moves and command letters included', () => {
    expect(show(classifyTimeline([mark(0, CTRL_B, 'prefix'), ...typed('AO1830\r', 200, 100)], MOVES))).toEqual(['scan:AO1830⏎']);
    expect(show(classifyTimeline([mark(0, F12, 'prefix'), ...typed('jkys\t', 70, 50)], MOVES))).toEqual(['scan:jkys⇥']);
    // A short code is a scan too: the prefix says so.
    expect(show(classifyTimeline([mark(0, CTRL_B, 'prefix'), ...typed('12\r', 90, 10)]))).toEqual(['scan:12⏎']);
  });

  it('ends a scan at the suffix, with the Enter the scanner sends right after it swallowed', () => {
    const withSuffix = [mark(0, CTRL_B, 'prefix'), ...typed('N1001', 60, 10), mark(400, F12, 'suffix'), ...typed('\r', 0, 420)];
    expect(show(classifyTimeline(withSuffix))).toEqual(['scan:N1001⏎']);
    // An Enter a person presses later is a key.
    const later = [mark(0, CTRL_B, 'prefix'), ...typed('N1001', 60, 10), mark(400, F12, 'suffix'), ...typed('\r', 0, 400 + SUFFIX_ENTER_MS + 1)];
    expect(show(classifyTimeline(later))).toEqual(['scan:N1001⏎', '⏎']);
    // Without a prefix, the suffix ends a fast run as Enter would; alone, it is no key.
    expect(show(classifyTimeline([...typed('AO1830', 8), mark(48, F12, 'suffix')]))).toEqual(['scan:AO1830⏎']);
    expect(show(classifyTimeline([mark(0, F12, 'suffix')]))).toEqual([]);
  });

  it('lets a prefixed scan that never ends go as a cut scan; the prefix pressed by hand is no key', () => {
    const out = classifyTimeline([mark(0, CTRL_B, 'prefix'), ...typed('AO18', 50, 10)]);
    expect(out).toEqual([{ kind: 'scan', scan: { text: 'AO18', terminator: 'enter', echoed: 0, isCut: true } }]);
    const state = classifyPress(initialClassifierState, CTRL_B, 0, {}, 'prefix').state;
    expect(quietDeadline(state)).toBe(PREFIXED_QUIET_MS);
    expect(show(classifyTimeline([mark(0, CTRL_B, 'prefix'), { at: 300, press: UP }]))).toEqual(['↑']);
    // A prefix in the middle of typing lets what was held go first.
    expect(show(classifyTimeline([...typed('ab', 5), mark(12, CTRL_B, 'prefix'), ...typed('1234\r', 5, 20)]))).toEqual(['a', 'b', 'scan:1234⏎']);
  });
});

describe('the learned gap limit', () => {
  /** `code` typed at `gap` ms a character and Enter, from `start`. */
  const at = (code: string, gap: number, start: number) => typed(`${code}\r`, gap, start);

  it('starts at SCAN_GAP_MS and learns half as much again as the widest gap of the latest scans, up to the ceiling', () => {
    expect([learnedGap([], 80), learnedGap([8], 80), learnedGap([40], 80), learnedGap([20, 50], 80), learnedGap([70], 80), learnedGap([40], 20)]).toEqual([30, 30, 60, 75, 80, 20]);
    // A scan at 50 ms a character is keys at first; once seen, the next one is a scan.
    expect(show(classifyTimeline([...at('AO18', 50, 0), ...at('AO19', 50, 2_000)]))).toEqual(['A', 'O', '1', '8', '⏎', 'scan:AO19⏎']);
    // Above the ceiling nothing is learned: a person's typing at 90 ms stays keys.
    expect(classifyTimeline([...at('AO18', 90, 0), ...at('AO19', 90, 2_000)], { maxGapMs: 80 }).every((c) => c.kind === 'key')).toBe(true);
    // The scanner gets fast again: after GAP_HISTORY fast scans the limit is back at its floor.
    let state = initialClassifierState;
    for (const [i, gap] of [50, 8, 8, 8, 8, 8].entries()) {
      for (const { at: t, press: p } of at('AO18', gap, i * 2_000)) state = classifyPress(state, p, t).state;
    }
    expect(state.gapMs).toBe(SCAN_GAP_MS);
  });

  it('never makes a scan of typing slower than the ceiling, whatever scans taught it', () => {
    const scanGap = fc.integer({ min: 5, max: DEFAULT_MAX_GAP_MS });
    const typingGap = fc.integer({ min: DEFAULT_MAX_GAP_MS + 1, max: 300 });
    const segment = fc.oneof(
      fc.tuple(fc.constant('scan' as const), fc.array(scanGap, { minLength: 4, maxLength: 12 })),
      fc.tuple(fc.constant('typing' as const), fc.array(typingGap, { minLength: 1, maxLength: 12 })),
    );
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 12 }), (segments) => {
        const timeline: TimedPress[] = [];
        let t = 0;
        for (const [kind, gaps] of segments) {
          t += 1_000;
          // Scans are digits, typing is x: a scan with an x in it would be typing taken for a scan.
          for (const gap of gaps) timeline.push({ at: (t += gap), press: press(kind === 'scan' ? '1' : 'x') });
          timeline.push({ at: (t += gaps[0]!), press: press('\r') });
        }
        for (const c of classifyTimeline(timeline)) if (c.kind === 'scan') expect(c.scan.text).not.toContain('x');
      }),
    );
  });
});

describe('splitting reads into keys', () => {
  it('reads a lone line feed (a scanner suffix) as Enter', () => {
    const [only] = splitBurst('\n', keyOf('x')[1]);
    expect(only?.[1].return).toBe(true);
  });
});

describe('scan codes', () => {
  it('maps a carrier label to the order name with the profile pattern, else keeps the code', () => {
    const parsed = parseScanCodePattern('^RMA-(#?N\\d+)(?:-\\d+)?$');
    expect(parsed.ok).toBe(true);
    const regex = parsed.ok ? parsed.regex : null;
    expect(orderRefOfScan('RMA-#N1001-02', regex)).toBe('#N1001');
    expect(orderRefOfScan(' RMA-N1001 ', regex)).toBe('N1001');
    expect(orderRefOfScan('#N1001', regex)).toBe('#N1001');
    expect(orderRefOfScan('#N1001', null)).toBe('#N1001');
  });

  it('refuses a pattern that is not a regular expression or has not exactly one group', () => {
    expect(parseScanCodePattern('(')).toMatchObject({ ok: false, message: expect.stringMatching(/^is not a valid regular expression/) });
    expect(parseScanCodePattern('N\\d+')).toEqual({ ok: false, message: expect.stringContaining('exactly one capturing group') });
    expect(parseScanCodePattern('(a)(b)')).toEqual({ ok: false, message: expect.stringContaining('(found 2)') });
    expect(parseScanCodePattern('(?<name>N\\d+)').ok).toBe(true);
  });
});
