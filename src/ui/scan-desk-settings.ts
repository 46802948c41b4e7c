/**
 * How the receiving desk's scanner and scans behave: the profile's scan_* settings as the
 * console uses them, and their defaults (for a profile that sets none). Pure data: the
 * config resolution reads the defaults without loading the console.
 */
import { DEFAULT_MAX_GAP_MS } from './keys/scan-gap.js';
import type { ScannerKey } from './keys/scanner-keys.js';

/** A sound of the scan desk: the terminal bell, none, or a command and its arguments (run without a shell). */
export type ScanSound = 'bell' | 'off' | readonly string[];

export interface ScanDeskSettings {
  /** The key the scanner is programmed to send before each code (null: none; scans are told by timing). */
  readonly prefix: ScannerKey | null;
  /** The key it sends after each code, instead of or before Enter (null: Enter or Tab end a scan). */
  readonly suffix: ScannerKey | null;
  /** The most the learned gap between a scan's characters may grow to, ms. */
  readonly maxGapMs: number;
  /** The same code scanned again within this many ms is a repeat, not processed again (0: off). */
  readonly repeatMs: number;
  /** The sound of a failed or refused scan. */
  readonly failureSound: ScanSound;
  /** The sound of a scan that went through (default off). */
  readonly successSound: ScanSound;
  /** True: sounds also in screen-reader mode (they are off there unless asked for). */
  readonly isSoundWithScreenReader: boolean;
}

/** The same code scanned again within this many seconds is a repeat (scan_repeat_seconds). */
export const DEFAULT_REPEAT_SECONDS = 3;

/** The settings of a profile that sets none: timing only, the bell on a failed scan. */
export const DEFAULT_SCAN_DESK: ScanDeskSettings = {
  prefix: null,
  suffix: null,
  maxGapMs: DEFAULT_MAX_GAP_MS,
  repeatMs: DEFAULT_REPEAT_SECONDS * 1000,
  failureSound: 'bell',
  successSound: 'off',
  isSoundWithScreenReader: false,
};
