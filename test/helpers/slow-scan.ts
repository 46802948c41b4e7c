/**
 * Barcode scans as slow and remote terminals deliver them, for property tests: 4-12
 * characters (letters, the console's command letters among them, digits, # and -), 10-80 ms
 * apart with jitter, often a stall after the first character, then Enter or Tab; and a
 * typist that writes such a scan on its own clock and reports when each character went out.
 */
import fc from 'fast-check';
import { setTimeout as sleep } from 'node:timers/promises';
import { HICCUP_MS } from '../../src/ui/keys/scan-classifier.js';

/**
 * Longest stall after a scan's first character drawn: within the classifier's lead window
 * (which a held answer waits out), less a margin for the console's own reading delays.
 */
export const MAX_STALL_MS = HICCUP_MS - 100;
/** Longest gap between other characters: 80 ms and the jitter on top. */
export const MAX_GAP_MS = 100;

/** The console's own command letters (both cases), then other characters of codes. */
const COMMAND_CHARS = [...'yYnNqrRsSaAxeEjkgGuUpPLfoVv'];
const OTHER_CHARS = [...'BCDHIMTWZbcdhimtwz0123456789#-'];

export interface SlowScan {
  /** The characters, the terminator last ("\r" or "\t"). */
  readonly chars: readonly string[];
  /** Milliseconds before each character (the first: 0). */
  readonly gaps: readonly number[];
}

/** A slow scan of `code` (any of `codes`, or drawn from the characters above). */
export function slowScanArbitrary(codes: readonly string[] = []): fc.Arbitrary<SlowScan> {
  const drawn = fc.array(fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...COMMAND_CHARS) }, { weight: 2, arbitrary: fc.constantFrom(...OTHER_CHARS) }), { minLength: 4, maxLength: 12 }).map((c) => c.join(''));
  const code = codes.length > 0 ? fc.oneof(drawn, fc.constantFrom(...codes)) : drawn;
  return fc
    .record({
      code,
      base: fc.integer({ min: 10, max: 80 }),
      jitter: fc.array(fc.integer({ min: -10, max: 20 }), { minLength: 13, maxLength: 13 }),
      stall: fc.option(fc.integer({ min: 100, max: MAX_STALL_MS }), { freq: 3 }),
      terminator: fc.constantFrom('\r', '\r', '\t'),
    })
    .map(({ code, base, jitter, stall, terminator }) => {
      const chars = [...code, terminator];
      const gaps = chars.map((_, i) => (i === 0 ? 0 : i === 1 && stall !== null ? stall : Math.min(MAX_GAP_MS, Math.max(10, base + jitter[i]!))));
      return { chars, gaps };
    });
}

/**
 * Writes `scan` on its own clock: each character at its due time, the late ones as soon as
 * possible. Returns the gaps as they were written (a loaded machine can stretch them).
 */
export async function typeSlowScan(write: (chunk: string) => void, scan: SlowScan): Promise<number[]> {
  const start = performance.now();
  let due = start;
  const written: number[] = [];
  for (const [i, char] of scan.chars.entries()) {
    due += scan.gaps[i]!;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    written.push(performance.now());
    write(char);
  }
  return written.map((at, i) => (i === 0 ? 0 : at - written[i - 1]!));
}

/** True when the gaps as written stayed within what the scan model allows (else the run says nothing). */
export function isWithinModel(written: readonly number[]): boolean {
  return written.every((gap, i) => gap <= (i === 1 ? MAX_STALL_MS : MAX_GAP_MS + 40));
}

/** A scan written for the record: its text with Enter and Tab shown, and its gaps. */
export function describeScan(scan: SlowScan): string {
  return `${JSON.stringify(scan.chars.join(''))} gaps ${scan.gaps.join(',')}`;
}
