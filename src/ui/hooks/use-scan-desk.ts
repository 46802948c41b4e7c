/** The profile's scan desk settings, with the defaults where a profile sets none. */
import { DEFAULT_MAX_GAP_MS } from '../keys/scan-gap.js';
import { useServices } from '../context/services-context.js';
import type { ScanDeskSettings } from '../services.js';

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

/** The scan desk settings of the profile on screen. */
export function useScanDesk(): ScanDeskSettings {
  return useServices().profile.scanDesk ?? DEFAULT_SCAN_DESK;
}
