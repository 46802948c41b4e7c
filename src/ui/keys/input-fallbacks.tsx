/**
 * What the console does with a scan or a paste that no screen takes: nothing, and the notice
 * says where scans and pastes work. Neither ever acts as keys.
 */
import { display } from '../../format/sanitize.js';
import { quotedScan } from './quoted-scan.js';
import { useNotice } from '../context/notice-context.js';
import { usePasteHandler, useScanHandler } from './input-router.js';
import { actionLabel } from './match.js';
import { useKeyTable } from './use-key-table.js';

/** A barcode scan that no screen takes (the order screen, the activity log, help, a bulk run). */
export function ScanFallback() {
  const { show } = useNotice();
  const table = useKeyTable();
  useScanHandler(
    'fallback',
    (scan) => {
      show(display`Scan "${quotedScan(scan.text)}" ignored here; list: ${actionLabel('list', 'scan-mode', table)} scan mode, ${actionLabel('list', 'find', table)} find.`, 'warning');
      return 'taken';
    },
    { isWhileHidden: true },
  );
  return null;
}

/** Text pasted where no text field has the keyboard: here every character would be a command. */
export function PasteFallback() {
  const { show } = useNotice();
  const table = useKeyTable();
  usePasteHandler(
    'fallback',
    () => {
      show(display`Paste not typed: keys are commands here (list: ${actionLabel('list', 'find', table)} find, ${actionLabel('list', 'command-line', table)} command).`, 'warning');
      return 'taken';
    },
    { isWhileHidden: true },
  );
  return null;
}
