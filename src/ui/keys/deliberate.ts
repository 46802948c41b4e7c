/**
 * What counts as a deliberate key press (pure): the rule behind every key that changes data
 * or leaves the screen for good (a confirmation's "yes", quit, scan mode, a profile switch).
 * A barcode scanner on a slow or remote terminal types at person speed, so timing alone
 * cannot tell its characters from keys; what no scan does is type one key alone, after a
 * pause, with nothing right behind it. So such a key counts only when
 *
 * - the input was quiet for QUIET_MS before it (a scan's characters, its Enter included,
 *   come closer together),
 * - it came in a read of its own (a burst read in one piece is a scan or a paste),
 * - for a question: the question had been on screen, with no other key typed into it, for
 *   ARM_MS (a key typed ahead, or the rest of the scan that opened the question, is no answer),
 * - and nothing at all followed it within its hold: HOLD_CHAR_MS for a character (a scan's
 *   first character can stall this long before the rest: scan-classifier.ts, HICCUP_MS),
 *   HOLD_SPECIAL_MS for Enter and other named keys (no scan starts with one).
 *
 * The router stamps every key it delivers with `KeyMeta`; `judgePress` says whether a press
 * may count and until when it is held, `isHoldKept` whether it still counts at that time.
 */
import { HICCUP_MS } from './scan-classifier.js';

/** When and how a key arrived, as the input router saw it. */
export interface KeyMeta {
  /** Arrival (performance.now ms). */
  readonly at: number;
  /** Milliseconds of quiet input before the read that brought the key (Infinity for the first). */
  readonly quietMs: number;
  /** True when the key was the only one in its read. */
  readonly isAlone: boolean;
  /** The number of the read that brought it; a later read has a higher number. */
  readonly seq: number;
}

/** Quiet input needed before a deliberate key. */
export const QUIET_MS = 250;
/** How long a question is on screen, with no key typed into it, before an answer counts. */
export const ARM_MS = 500;
/** How long nothing may follow a deliberate character before it acts. */
export const HOLD_CHAR_MS = HICCUP_MS;
/** How long nothing may follow a deliberate named key (Enter) before it acts. */
export const HOLD_SPECIAL_MS = 150;

/** Why a press did not count. */
export type RefusedWhy =
  /** Before the question had been on screen ARM_MS, or right after another key typed into it. */
  | 'too-soon'
  /** With other keys: too soon after one, in one read with others, or followed by one within its hold. */
  | 'burst';

export type Judgement = { readonly kind: 'hold'; readonly until: number } | { readonly kind: 'refused'; readonly why: RefusedWhy };

export interface JudgeOptions {
  /** A question's arming: the press counts only from `armedAt + ARM_MS` (null: no question). */
  readonly armedAt?: number | null;
  /** True for a character (y, q, S), false for a named key (Enter). */
  readonly isChar: boolean;
}

/**
 * Judges one press of a deliberate key: held until `until` (then `isHoldKept` decides), or
 * refused now. A key the router made up (no meta: a scan typed as keys) is never deliberate.
 */
export function judgePress(meta: KeyMeta | undefined, options: JudgeOptions): Judgement {
  if (!meta || !meta.isAlone || meta.quietMs < QUIET_MS) return { kind: 'refused', why: 'burst' };
  if (options.armedAt !== undefined && options.armedAt !== null && meta.at - options.armedAt < ARM_MS) return { kind: 'refused', why: 'too-soon' };
  return { kind: 'hold', until: meta.at + (options.isChar ? HOLD_CHAR_MS : HOLD_SPECIAL_MS) };
}

/** True when no input came after the held press (`latestSeq`: the number of the latest read). */
export function isHoldKept(meta: KeyMeta, latestSeq: number): boolean {
  return latestSeq === meta.seq;
}
