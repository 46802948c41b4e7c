/**
 * Scanned codes to order references (pure). Carriers' labels may wrap the order name in
 * their own prefixes and suffixes ("RMA-#N1001-01"); a profile's `scan_code_pattern` is a
 * regular expression whose one capturing group is the order name or id inside the code.
 */

export type ScanCodePatternResult = { readonly ok: true; readonly regex: RegExp } | { readonly ok: false; readonly message: string };

/** Compiles a profile's pattern; it must be a valid regular expression with exactly one capturing group. */
export function parseScanCodePattern(source: string): ScanCodePatternResult {
  let regex: RegExp;
  try {
    regex = new RegExp(source, 'u');
  } catch (error) {
    return { ok: false, message: `is not a valid regular expression (${(error as Error).message})` };
  }
  // An alternative that matches the empty string reports every group of the pattern.
  const groups = new RegExp(`(?:${source})|`, 'u').exec('')!.length - 1;
  if (groups !== 1) {
    return {
      ok: false,
      message: `must have exactly one capturing group, the order name or id (found ${groups}); write other groups as (?:…)`,
    };
  }
  return { ok: true, regex };
}

/**
 * The order name or id a scanned code stands for: the pattern's group when the pattern
 * matches and the group is not empty, else the code as scanned (trimmed).
 */
export function orderRefOfScan(code: string, pattern: RegExp | null | undefined): string {
  const text = code.trim();
  if (!pattern) return text;
  const group = pattern.exec(text)?.[1]?.trim();
  return group ? group : text;
}
