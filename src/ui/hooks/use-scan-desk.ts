/** The profile's scan desk settings, with the defaults where a profile sets none. */
import { useServices } from '../context/services-context.js';
import { DEFAULT_SCAN_DESK, type ScanDeskSettings } from '../scan-desk-settings.js';

/** The scan desk settings of the profile on screen. */
export function useScanDesk(): ScanDeskSettings {
  return useServices().profile.scanDesk ?? DEFAULT_SCAN_DESK;
}
