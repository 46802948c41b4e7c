/**
 * V8 settings for the console, applied at run time before the UI loads (the bin's shebang
 * is a plain `#!/usr/bin/env node`: `env -S` is missing on busybox and the BSDs). Drawing
 * frames allocates fast, and V8 then grows the heap to several times what is live and keeps
 * it. A small fixed heap growth step keeps the old generation near the live set, and a capped
 * young generation trims the rest (docs/performance.md, "Memory").
 *
 * `--max-semi-space-size` works only on node's command line: V8 reads it once, when it
 * makes the heap. The growth factor of the semi-spaces is read at every growth, so the cap
 * is kept by letting them grow to MAX_SEMI_SPACE_MB and then setting the factor to 1.
 */
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { PerformanceObserver } from 'node:perf_hooks';

/** The flags V8 takes at run time: the old generation grows in steps of 10 %. */
export const CONSOLE_V8_FLAGS = ['--heap-growing-percent=10'] as const;

/** The young generation's cap: two semi-spaces of this size, as `--max-semi-space-size=4` gives. */
export const MAX_SEMI_SPACE_MB = 4;

/** The young generation's size (both semi-spaces), in bytes. */
export function youngGenerationBytes(): number {
  return getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0;
}

const CAP_BYTES = 2 * MAX_SEMI_SPACE_MB * 1024 * 1024;

/** Stops the young generation's growth once it has reached the cap; true when it has. */
function stopGrowthAtCap(): boolean {
  if (youngGenerationBytes() < CAP_BYTES) return false;
  setFlagsFromString('--semi-space-growth-factor=1');
  return true;
}

/** Applies CONSOLE_V8_FLAGS and the young generation's cap to this process. */
export function applyConsoleV8Flags(): void {
  for (const flag of CONSOLE_V8_FLAGS) setFlagsFromString(flag);
  if (stopGrowthAtCap()) return;
  // One growth step from here to the cap; the observer (it runs soon after a garbage
  // collection, not in it) then stops further growth.
  setFlagsFromString(`--semi-space-growth-factor=${Math.max(2, Math.ceil(CAP_BYTES / youngGenerationBytes()))}`);
  const observer = new PerformanceObserver(() => {
    if (stopGrowthAtCap()) observer.disconnect();
  });
  observer.observe({ entryTypes: ['gc'] });
}
