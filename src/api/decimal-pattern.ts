/**
 * Regular expressions for whole numbers written in plain digits with a largest value, built
 * from that value: what a parser checks and what a JSON Schema `pattern` states come from one
 * source and cannot disagree. Pure.
 */

/** Strings of exactly as many digits as `max` (leading zeros allowed) whose value is at most `max`. */
function sameLengthAtMost(max: string): string {
  const branches: string[] = [];
  for (let i = 0; i < max.length; i++) {
    const digit = Number(max[i]);
    if (digit === 0) continue;
    const rest = max.length - i - 1;
    const lower = digit === 1 ? '0' : `[0-${digit - 1}]`;
    branches.push(`${max.slice(0, i)}${lower}${rest > 0 ? `[0-9]{${rest}}` : ''}`);
  }
  branches.push(max);
  return `(?:${branches.join('|')})`;
}

/**
 * The source (no anchors) of one number from 1 to `max`, in plain digits, with leading zeros
 * allowed up to as many digits as `max` has. The value-is-not-zero check looks ahead to the
 * end of the number: a comma or the end of the text.
 */
export function positiveAtMostSource(max: number): string {
  if (!Number.isSafeInteger(max) || max < 1) throw new RangeError(`positiveAtMostSource: ${max} is no positive safe integer`);
  const digits = String(max);
  const shorter = digits.length > 1 ? `[0-9]{1,${digits.length - 1}}|` : '';
  return `(?!0+(?:,|$))(?:${shorter}${sameLengthAtMost(digits)})`;
}
