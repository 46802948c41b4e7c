/**
 * Tells a barcode scanner from a person by timing (pure). A USB scanner is a keyboard that
 * types a code one character every 5-10 ms and ends it with Enter (or Tab); nobody types
 * four characters and Enter with every gap under 30 ms. So printable characters are held
 * while they come at scanner speed: a run of at least MIN_SCAN_LENGTH characters ended by
 * Enter or Tab becomes one scan, and anything else (a pause of SCAN_GAP_MS, another key, a
 * short run before Enter) lets the held characters go as ordinary key presses, in order.
 *
 * Holding costs a typed key up to SCAN_GAP_MS. Characters that only move a selection (j, k,
 * g, G: the caller says which) are not held when they start a run: moving first is harmless
 * if a scan follows, and navigation stays as quick as before. Such characters still count
 * towards the scan (its `echoed` leading characters), so the scan's text is whole.
 *
 * A scanner's characters can also reach the console in clumps with a longer pause between
 * them (a loaded machine, a terminal multiplexer, a remote session): a run whose
 * characters all came faster than any person types (gaps under MACHINE_GAP_MS) is held
 * through one such pause of up to HICCUP_MS, so it is not cut into keys and a short scan.
 *
 * A scanner can also stall right after its first character (the same causes). A lone held
 * character is let go as a key after SCAN_GAP_MS (a person's key must not wait longer), but
 * it is remembered as a lead: a scan that starts within HICCUP_MS of it begins with it (as its
 * echoed first character), so the scan's text is whole. The driver drops the lead when a key
 * binding took the key (S opened scan mode: a scan right after it is the scanner's alone); a
 * key that did nothing, or was typed into a prompt, keeps it.
 *
 * A text field that takes scans itself (quick find) can have typing echoed: every printable
 * character then goes out at once, as moves do, yet still counts towards a scan. Unlike a run
 * of moves, a run with typed characters ended by Enter is a scan, so the field gets the whole
 * code (and replaces what was typed of it) instead of a held-back key for each letter.
 *
 * Time enters only as timestamps: `classifyPress` is fed each key with its arrival time,
 * `classifyQuiet` when the input has been quiet. The run ends only through `classifyQuiet`
 * (or another key), never on a late timestamp alone: a console busy drawing reads a scan's
 * characters late and in clumps, and the driver calls `classifyQuiet` only after it has read
 * whatever input was waiting.
 */
import type { Key } from 'ink';

/** One key press as Ink reports it. */
export type KeyPress = readonly [input: string, key: Key];

/** Longest gap between a scanner's characters (a person's keys come further apart). */
export const SCAN_GAP_MS = 30;
/** Gaps this short come from a machine (a scanner, a paste), not from a person's fingers. */
export const MACHINE_GAP_MS = 15;
/**
 * How long a machine-speed run is held through a pause before it is let go as keys. Stalls of
 * a few hundred ms (a remote session, a loaded machine) cut a scan at 150 ms and typed its
 * first letters as commands; the price is that a paste without a line end shows after this.
 */
export const HICCUP_MS = 500;
/** Shortest scan: shorter runs before Enter are typing ("jj" then Enter). */
export const MIN_SCAN_LENGTH = 4;
/** Longest run held: a longer one is a paste or a stuck key, let go as keys. */
export const MAX_RUN_LENGTH = 200;

/** A scan: the characters of the run and the key that ended it. */
export interface ScannedText {
  readonly text: string;
  readonly terminator: 'enter' | 'tab';
  /** How many of the leading characters already went out as keys (moves sent at once, a lead). */
  readonly echoed: number;
}

/** A key (`isLead`: a lone held character let go, which may still start a scan) or a scan. */
export type Classified =
  | { readonly kind: 'key'; readonly press: KeyPress; readonly isLead?: boolean }
  | { readonly kind: 'scan'; readonly scan: ScannedText };

export interface ClassifierState {
  /** The run so far: every character, echoed ones included. */
  readonly run: readonly KeyPress[];
  /** Leading characters of the run already sent out as keys. */
  readonly echoed: number;
  /** Of those, the ones echoed as typing (not as moves): a run with any is a scan when Enter ends it. */
  readonly typed: number;
  /** Arrival of the run's last character. */
  readonly lastAt: number;
  /** True while every gap of the run (other than a held-through pause) came at machine speed. */
  readonly isMachineSpeed: boolean;
  /** The run before, let go as keys when its lone held character waited SCAN_GAP_MS: a scan's possible start. */
  readonly lead: readonly KeyPress[];
  /** The last arrival at which a new run still takes `lead` as its start. */
  readonly leadUntil: number;
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

/** The held characters go out as keys; the run ends. */
function release(state: ClassifierState): Classified[] {
  return keys(state.run.slice(state.echoed));
}

/**
 * Feeds one key press that arrived at `at` (ms). `isMoveOnly(char)` says whether a character
 * may go out at once when it starts a run (it only moves a selection); `isTypingEchoed`
 * whether every character goes out at once as typing (see the module comment).
 */
export function classifyPress(
  state: ClassifierState,
  press: KeyPress,
  at: number,
  isMoveOnly: (char: string) => boolean = () => false,
  isTypingEchoed = false,
): Step {
  // A run of echoed typing has nothing held: it has ended once SCAN_GAP_MS passed, even when
  // the quiet check comes late (a loaded machine), so a scan after it, or Enter, starts anew.
  if (state.typed > 0 && state.echoed === state.run.length && at - state.lastAt >= SCAN_GAP_MS) state = initialClassifierState;
  if (isPrintablePress(press)) {
    const gap = at - state.lastAt;
    const isMachineSpeed = state.run.length === 0 || (state.isMachineSpeed && (gap < MACHINE_GAP_MS || gap >= SCAN_GAP_MS));
    // A new run keeps the lead only while its window lasts.
    const lead = state.run.length > 0 || at <= state.leadUntil ? state.lead : [];
    const carried = { lastAt: at, isMachineSpeed, lead, leadUntil: state.leadUntil };
    const allEchoed = state.echoed === state.run.length;
    if (allEchoed && (isTypingEchoed || isMoveOnly(press[0]))) {
      // Still only selection moves (a held j key repeating), or echoed typing: out at once, but part of the run.
      const typed = state.typed + (isTypingEchoed ? 1 : 0);
      return { state: { ...carried, run: [...state.run, press], echoed: state.echoed + 1, typed }, out: [{ kind: 'key', press }] };
    }
    const run = [...state.run, press];
    if (run.length > MAX_RUN_LENGTH) return { state: initialClassifierState, out: release({ ...state, run }) };
    return { state: { ...carried, run, echoed: state.echoed, typed: state.typed }, out: [] };
  }
  const terminator = terminatorOf(press);
  // A run of selection moves only (a held j, then Enter to open the order) is navigation, not
  // a scan: no order name is made of j, k, g and G alone, and every one of them already acted.
  const isOnlyMoves = state.echoed === state.run.length && state.typed === 0;
  // A lead starts only a run of two or more: one key and Enter is typing.
  const lead = state.run.length >= 2 ? state.lead : [];
  if (terminator && lead.length + state.run.length >= MIN_SCAN_LENGTH && !isOnlyMoves) {
    const text = [...lead, ...state.run].map(([input]) => input).join('');
    return { state: initialClassifierState, out: [{ kind: 'scan', scan: { text, terminator, echoed: lead.length + state.echoed } }] };
  }
  // Any other key (or Enter after a short run): what was held goes first, then this key.
  return { state: initialClassifierState, out: [...release(state), { kind: 'key', press }] };
}

/**
 * The input has been quiet until `at`: a run quiet for SCAN_GAP_MS is typing, let go as
 * keys (a machine-speed run only after HICCUP_MS).
 */
export function classifyQuiet(state: ClassifierState, at: number): Step {
  const deadline = quietDeadline(state);
  if (deadline === null || at < deadline) return { state, out: [] };
  // A lone held character (a scanner may have stalled after it) may still lead a scan.
  if (state.run.length - state.echoed !== 1) return { state: initialClassifierState, out: release(state) };
  const lead = { ...initialClassifierState, lastAt: state.lastAt, lead: state.run, leadUntil: state.lastAt + HICCUP_MS };
  return { state: lead, out: release(state).map((key) => ({ ...key, isLead: true })) };
}

/** A key binding took the lead's key (it acted as a command): no scan starts with it. */
export function dropLead(state: ClassifierState): ClassifierState {
  return state.lead.length === 0 ? state : { ...state, lead: [], leadUntil: Number.NEGATIVE_INFINITY };
}

/** Something else came (a paste): whatever is held goes out as keys now, and nothing leads a scan. */
export function classifyFlush(state: ClassifierState): Step {
  return { state: initialClassifierState, out: release(state) };
}

/** When `classifyQuiet` can next end the run (null: nothing is held or pending). */
export function quietDeadline(state: ClassifierState): number | null {
  if (state.run.length === 0) return null;
  const isHeldThroughPause = state.isMachineSpeed && state.run.length - state.echoed >= 2;
  return state.lastAt + (isHeldThroughPause ? HICCUP_MS : SCAN_GAP_MS);
}

/**
 * Classifies a whole timeline of presses with arrival times, with the quiet checks a
 * driver makes at each deadline (for tests and tools; the console feeds presses live).
 */
export function classifyTimeline(
  presses: readonly { readonly at: number; readonly press: KeyPress }[],
  isMoveOnly?: (char: string) => boolean,
): Classified[] {
  let state = initialClassifierState;
  const out: Classified[] = [];
  const step = (next: Step) => {
    state = next.state;
    out.push(...next.out);
  };
  for (const { at, press } of presses) {
    const deadline = quietDeadline(state);
    if (deadline !== null && deadline <= at) step(classifyQuiet(state, deadline));
    step(classifyPress(state, press, at, isMoveOnly));
  }
  const deadline = quietDeadline(state);
  if (deadline !== null) step(classifyQuiet(state, deadline));
  return out;
}
