/**
 * Tells a barcode scanner from a person (pure): printable characters are held while they come
 * within the gap limit (learned, scan-gap.ts); a run of MIN_SCAN_LENGTH or more ended by Enter
 * or Tab is one scan, anything else goes out as the keys it was, in order. Clumps of a loaded
 * or remote terminal, a scanner's stall after its first character, a programmed prefix and
 * echoed typing are handled as docs/architecture.md ("How a key reaches a screen") says.
 * Time enters only as timestamps: a run ends through `classifyQuiet` or another key, never on
 * a late timestamp alone, since a busy console reads a scan's characters late and in clumps.
 */
import type { Key } from 'ink';
import { DEFAULT_MAX_GAP_MS, endWatch, learnedGap, MIN_SCAN_LENGTH, NO_WATCH, rememberGap, SCAN_GAP_MS, watchChar, type GapWatch } from './scan-gap.js';

export { DEFAULT_MAX_GAP_MS, MIN_SCAN_LENGTH, SCAN_GAP_MS } from './scan-gap.js';

/** One key press as Ink reports it. */
export type KeyPress = readonly [input: string, key: Key];

/** Gaps this short come from a machine (a scanner, a paste), not from a person's fingers. */
export const MACHINE_GAP_MS = 15;
/**
 * How long a machine-speed run is held through a pause before it is let go as keys. Stalls of
 * a few hundred ms (a remote session, a loaded machine) cut a scan at 150 ms and typed its
 * first letters as commands; the price is that a paste without a line end shows after this.
 */
export const HICCUP_MS = 500;
/** Longest run held: a longer one is a paste or a stuck key, let go as keys. */
export const MAX_RUN_LENGTH = 200;
/** A prefixed scan quiet this long never got its end key: it goes out as a cut scan. */
export const PREFIXED_QUIET_MS = 1000;
/** An Enter or Tab this soon after the scanner's suffix is the scanner's own, not a key. */
export const SUFFIX_ENTER_MS = 100;

/** A scan: the characters of the run and the key that ended it. */
export interface ScannedText {
  readonly text: string;
  readonly terminator: 'enter' | 'tab';
  /** How many of the leading characters already went out as keys (moves sent at once, a lead). */
  readonly echoed: number;
  /** A prefixed scan whose end key never came (the text may be short of the code). */
  readonly isCut?: boolean;
}

/** A key (`isLead`: a lone held character let go, which may still start a scan) or a scan. */
export type Classified =
  | { readonly kind: 'key'; readonly press: KeyPress; readonly isLead?: boolean }
  | { readonly kind: 'scan'; readonly scan: ScannedText };

/** The scanner's own keys, as the driver recognised them: its prefix or its suffix. */
export type PressMark = 'prefix' | 'suffix' | null;

export interface ClassifierOptions {
  /** True for a character that may go out at once when it starts a run (it only moves a selection). */
  readonly isMoveOnly?: (char: string) => boolean;
  /** The ceiling of the learned gap limit (the profile's `scan_max_gap_ms`). */
  readonly maxGapMs?: number;
  /**
   * True while a text field that takes scans itself has the keyboard (quick find): every
   * character goes out at once as typing, as moves do, yet still counts towards a scan.
   */
  readonly isTypingEchoed?: boolean;
}

export interface ClassifierState {
  /** The run so far: every character, echoed ones included. */
  readonly run: readonly KeyPress[];
  /** Leading characters of the run already sent out as keys. */
  readonly echoed: number;
  /** Of those, the ones echoed as typing (not as moves): a run with any is a scan when Enter ends it. */
  readonly typed: number;
  /** Arrival of the run's last character (of the prefix, for a prefixed run still empty). */
  readonly lastAt: number;
  /** True while every gap of the run (other than a held-through pause) came at machine speed. */
  readonly isMachineSpeed: boolean;
  /** The run before, let go as keys when its lone held character waited the gap limit: a scan's possible start. */
  readonly lead: readonly KeyPress[];
  /** The last arrival at which a new run still takes `lead` as its start. */
  readonly leadUntil: number;
  /** True from the scanner's prefix to the end of its scan. */
  readonly isPrefixed: boolean;
  /** Until when an Enter or Tab is the scanner's own, after its suffix. */
  readonly swallowUntil: number;
  /** The gap limit now (learned). */
  readonly gapMs: number;
  /** The widest gaps of the latest scans, the limit's source. */
  readonly gaps: readonly number[];
  /** The run of characters watched for the limit. */
  readonly watch: GapWatch;
}

export interface Step {
  readonly state: ClassifierState;
  readonly out: readonly Classified[];
}

export const initialClassifierState: ClassifierState = {
  run: [],
  echoed: 0,
  typed: 0,
  lastAt: 0,
  isMachineSpeed: true,
  lead: [],
  leadUntil: Number.NEGATIVE_INFINITY,
  isPrefixed: false,
  swallowUntil: Number.NEGATIVE_INFINITY,
  gapMs: SCAN_GAP_MS,
  gaps: [],
  watch: NO_WATCH,
};

/** True for one printable character typed without Ctrl or Alt (what scanners send). */
export function isPrintablePress([input, key]: KeyPress): boolean {
  if (key.ctrl || key.meta || key.return || key.tab || key.escape || key.backspace || key.delete) return false;
  const chars = [...input];
  if (chars.length !== 1) return false;
  const code = chars[0]!.codePointAt(0)!;
  return code >= 0x20 && code !== 0x7f && !(code >= 0x80 && code <= 0x9f);
}

/** The scan terminator a press is, if any: Enter (CR or LF) or Tab without Shift. */
export function terminatorOf([input, key]: KeyPress): ScannedText['terminator'] | null {
  if (key.ctrl || key.meta) return null;
  if (key.return || input === '\r' || input === '\n') return 'enter';
  if (key.tab && !key.shift) return 'tab';
  return null;
}

const keys = (presses: readonly KeyPress[]): Classified[] => presses.map((press) => ({ kind: 'key', press }));
const textOf = (presses: readonly KeyPress[]) => presses.map(([input]) => input).join('');

/** No run, no lead, nothing prefixed; what was learned stays. */
function cleared(state: ClassifierState): ClassifierState {
  return { ...initialClassifierState, gapMs: state.gapMs, gaps: state.gaps, watch: state.watch, swallowUntil: state.swallowUntil };
}

/** The held characters go out as keys (a prefixed run as a cut scan); the run ends. */
function release(state: ClassifierState): Classified[] {
  if (!state.isPrefixed) return keys(state.run.slice(state.echoed));
  return state.run.length === 0 ? [] : [{ kind: 'scan', scan: { text: textOf(state.run), terminator: 'enter', echoed: 0, isCut: true } }];
}

/** The limit learned from a run that `press` (a terminator or the suffix) ends at `at`, if it was a scan. */
function learn(state: ClassifierState, at: number, maxGapMs: number): Pick<ClassifierState, 'gapMs' | 'gaps' | 'watch'> {
  const widest = endWatch(state.watch, at, maxGapMs);
  if (widest === null) return { gapMs: state.gapMs, gaps: state.gaps, watch: NO_WATCH };
  const gaps = rememberGap(state.gaps, widest);
  return { gapMs: learnedGap(gaps, maxGapMs), gaps, watch: NO_WATCH };
}

/** A key inside a prefixed run: characters join it at any speed; an end key or the suffix makes it a scan. */
function prefixedPress(state: ClassifierState, press: KeyPress, at: number, mark: PressMark): Step {
  if (isPrintablePress(press) && mark === null) {
    if (state.run.length >= MAX_RUN_LENGTH) return { state: cleared(state), out: [...release(state), { kind: 'key', press }] };
    return { state: { ...state, run: [...state.run, press], lastAt: at }, out: [] };
  }
  const terminator = mark === 'suffix' ? 'enter' : terminatorOf(press);
  // The prefix pressed by hand and then some other key: that key is the person's.
  if (!terminator || state.run.length === 0) {
    return { state: cleared(state), out: [...release(state), ...(mark === 'suffix' ? [] : keys([press]))] };
  }
  const swallowUntil = mark === 'suffix' ? at + SUFFIX_ENTER_MS : state.swallowUntil;
  return { state: { ...cleared(state), swallowUntil }, out: [{ kind: 'scan', scan: { text: textOf(state.run), terminator, echoed: 0 } }] };
}

/**
 * Feeds one key press that arrived at `at` (ms); `mark` says when it is the scanner's
 * prefix or suffix (the driver recognises those keys).
 */
export function classifyPress(state: ClassifierState, press: KeyPress, at: number, options: ClassifierOptions = {}, mark: PressMark = null): Step {
  const maxGapMs = options.maxGapMs ?? DEFAULT_MAX_GAP_MS;
  if (mark === 'prefix') {
    // Whatever was held goes out first; from here to the end key everything is the scan.
    return { state: { ...cleared(state), isPrefixed: true, lastAt: at, watch: NO_WATCH }, out: release(state) };
  }
  if (state.isPrefixed) return prefixedPress(state, press, at, mark);
  // A run of echoed typing holds nothing: it has ended once the gap limit passed, even when
  // the quiet check comes late (a loaded machine), so a scan after it, or Enter, starts anew.
  if (state.typed > 0 && state.echoed === state.run.length && at - state.lastAt >= state.gapMs) state = cleared(state);
  if (isPrintablePress(press) && mark === null) return heldChar(state, press, at, options, maxGapMs);
  const terminator = mark === 'suffix' ? 'enter' : terminatorOf(press);
  if (terminator && mark === null && at <= state.swallowUntil) return { state: { ...state, swallowUntil: Number.NEGATIVE_INFINITY }, out: [] };
  const learned = terminator ? learn(state, at, maxGapMs) : { watch: NO_WATCH };
  // A run of selection moves only (a held j, then Enter to open the order) is navigation, not
  // a scan: no order name is made of j, k, g and G alone, and every one of them already acted.
  const isOnlyMoves = state.echoed === state.run.length && state.typed === 0;
  // A lead starts only a run of two or more: one key and Enter is typing.
  const lead = state.run.length >= 2 ? state.lead : [];
  const next = { ...cleared(state), ...learned, ...(mark === 'suffix' && { swallowUntil: at + SUFFIX_ENTER_MS }) };
  if (terminator && lead.length + state.run.length >= MIN_SCAN_LENGTH && !isOnlyMoves) {
    const text = textOf([...lead, ...state.run]);
    return { state: next, out: [{ kind: 'scan', scan: { text, terminator, echoed: lead.length + state.echoed } }] };
  }
  // Any other key (or Enter after a short run): what was held goes first, then this key. The
  // scanner's suffix is never a key.
  return { state: next, out: [...release(state), ...(mark === 'suffix' ? [] : keys([press]))] };
}

/** A printable character outside a prefixed run: held (or sent at once, when it only moves). */
function heldChar(state: ClassifierState, press: KeyPress, at: number, options: ClassifierOptions, maxGapMs: number): Step {
  const isMoveOnly = options.isMoveOnly ?? (() => false);
  const gap = at - state.lastAt;
  const isMachineSpeed = state.run.length === 0 || (state.isMachineSpeed && (gap < MACHINE_GAP_MS || gap >= state.gapMs));
  // A new run keeps the lead only while its window lasts.
  const lead = state.run.length > 0 || at <= state.leadUntil ? state.lead : [];
  const watch = watchChar(state.watch, at, isMoveOnly(press[0]), maxGapMs);
  const carried = { ...state, lastAt: at, isMachineSpeed, lead, watch };
  if (state.echoed === state.run.length && (options.isTypingEchoed || isMoveOnly(press[0]))) {
    // Still only selection moves (a held j key repeating), or echoed typing: out at once, but part of the run.
    const typed = state.typed + (options.isTypingEchoed ? 1 : 0);
    return { state: { ...carried, run: [...state.run, press], echoed: state.echoed + 1, typed }, out: [{ kind: 'key', press }] };
  }
  const run = [...state.run, press];
  if (run.length > MAX_RUN_LENGTH) return { state: { ...cleared(state), watch }, out: release({ ...state, run }) };
  return { state: { ...carried, run }, out: [] };
}

/**
 * The input has been quiet until `at`: a run quiet for the gap limit is typing, let go as
 * keys (a machine-speed run only after HICCUP_MS; a prefixed run after PREFIXED_QUIET_MS).
 */
export function classifyQuiet(state: ClassifierState, at: number): Step {
  const deadline = quietDeadline(state);
  if (deadline === null || at < deadline) return { state, out: [] };
  // A lone held character (a scanner may have stalled after it) may still lead a scan.
  if (state.isPrefixed || state.run.length - state.echoed !== 1) return { state: cleared(state), out: release(state) };
  const lead = { ...cleared(state), lastAt: state.lastAt, lead: state.run, leadUntil: state.lastAt + HICCUP_MS };
  return { state: lead, out: release(state).map((key) => ({ ...key, isLead: true })) };
}

/** A key binding took the lead's key (it acted as a command): no scan starts with it. */
export function dropLead(state: ClassifierState): ClassifierState {
  return state.lead.length === 0 ? state : { ...state, lead: [], leadUntil: Number.NEGATIVE_INFINITY };
}

/** Something else came (a paste): whatever is held goes out now, and nothing leads a scan. */
export function classifyFlush(state: ClassifierState): Step {
  return { state: cleared(state), out: release(state) };
}

/** When `classifyQuiet` can next end the run (null: nothing is held or pending). */
export function quietDeadline(state: ClassifierState): number | null {
  if (state.isPrefixed) return state.lastAt + PREFIXED_QUIET_MS;
  if (state.run.length === 0) return null;
  const isHeldThroughPause = state.isMachineSpeed && state.run.length - state.echoed >= 2;
  return state.lastAt + (isHeldThroughPause ? HICCUP_MS : state.gapMs);
}

/** One press of a timeline: its arrival, and whether it is the scanner's prefix or suffix. */
export interface TimedPress {
  readonly at: number;
  readonly press: KeyPress;
  readonly mark?: PressMark;
}

/**
 * Classifies a whole timeline of presses with arrival times, with the quiet checks a
 * driver makes at each deadline (for tests and tools; the console feeds presses live).
 */
export function classifyTimeline(presses: readonly TimedPress[], options: ClassifierOptions = {}, from: ClassifierState = initialClassifierState): Classified[] {
  let state = from;
  const out: Classified[] = [];
  const step = (next: Step) => {
    state = next.state;
    out.push(...next.out);
  };
  for (const { at, press, mark } of presses) {
    const deadline = quietDeadline(state);
    if (deadline !== null && deadline <= at) step(classifyQuiet(state, deadline));
    step(classifyPress(state, press, at, options, mark ?? null));
  }
  const deadline = quietDeadline(state);
  if (deadline !== null) step(classifyQuiet(state, deadline));
  return out;
}
