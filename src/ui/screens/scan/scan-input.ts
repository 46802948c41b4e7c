/**
 * What a barcode scanner types, split into scans (pure). A scanner types an order name or
 * id and Enter (or Tab, as some are set up); a whole scan, or several, may arrive in one
 * read from the terminal (then Ink hands them over as one string), or character by
 * character. Each line end completes a scan; the text after the last one waits for more.
 * Nothing is lost or reordered.
 */

/** The keys of an input event that matter here (a subset of Ink's Key). */
export interface ScanKey {
  readonly return?: boolean;
  /** Tab ends a scan as Enter does (scanners can be set to end with Tab); Shift+Tab does not. */
  readonly tab?: boolean;
  readonly shift?: boolean;
  readonly backspace?: boolean;
  readonly delete?: boolean;
}

export interface ScanFeed {
  /** The text typed since the last completed scan. */
  readonly text: string;
  /** Scans completed by this input, in the order they were typed (trimmed, never empty). */
  readonly scans: readonly string[];
}

/** Longest text kept at the prompt: a scanner never sends more, a stuck key would. */
export const MAX_SCAN_LENGTH = 200;

function complete(text: string, scans: string[]): void {
  const scan = text.trim();
  if (scan !== '') scans.push(scan);
}

/** Feeds one input event (as Ink reports it) to the prompt holding `text`. */
export function feedScanInput(text: string, input: string, key: ScanKey): ScanFeed {
  const scans: string[] = [];
  if (key.return || (key.tab && !key.shift)) {
    complete(text + input, scans);
    return { text: '', scans };
  }
  if (key.backspace || key.delete) return { text: [...text].slice(0, -1).join(''), scans };
  let current = text;
  for (const ch of input) {
    if (ch === '\r' || ch === '\n' || ch === '\t') {
      complete(current, scans);
      current = '';
    } else if (ch >= ' ' && ch !== '\u007f' && !(ch >= '\u0080' && ch <= '\u009f')) {
      if (current.length < MAX_SCAN_LENGTH) current += ch;
    } else if (ch === '\u007f' || ch === '\b') {
      current = [...current].slice(0, -1).join('');
    }
    // Other control characters (a scanner's prefix and suffix codes) are dropped.
  }
  return { text: current, scans };
}
