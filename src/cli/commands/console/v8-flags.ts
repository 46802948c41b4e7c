/**
 * V8 settings for the console, applied at run time before the UI loads (the bin's shebang
 * is a plain `#!/usr/bin/env node`: `env -S` is missing on busybox and the BSDs). Drawing
 * frames allocates fast, and V8 then grows the heap to several times what is live and keeps
 * it: after paging through 10,000 orders the console held about 240 MiB with some 55 MB live.
 * A small fixed heap growth step keeps the old generation near the live set, and a capped
 * young generation trims the rest (docs/benchmarks.md, "Memory").
 *
 * `--max-semi-space-size` works only on node's command line: V8 reads it once, when it
 * makes the heap. The growth factor of the semi-spaces is read at every growth, so the cap
 * is kept by letting them grow to MAX_SEMI_SPACE_MB and then setting the factor to 1.
 *
 * And one setting for start-up speed: compileEagerly, for the modules the console's start
 * loads (see there).
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

/**
 * Makes V8 compile every function of the modules loaded from now until `end()` when the
 * module is compiled, not when the function is first called. Node's compile cache keeps
 * what V8 compiled with the module, so at every later launch the console's start-up code
 * is read from the cache instead of compiled again function by function (about 1,900
 * functions before the first frame; docs/benchmarks.md, "Console start-up"). The flag is
 * set at the same point of every launch: V8 accepts a cache only under the flags it was
 * made with. Nothing is changed when the compile cache is off. `end()` may be called more
 * than once.
 */
export function compileEagerly(): { readonly end: () => void } {
  // Without the compile cache (NODE_DISABLE_COMPILE_CACHE, a directory that cannot be made)
  // compiling whole would only cost.
  if (process.getBuiltinModule('node:module').getCompileCacheDir() === undefined) return { end: () => undefined };
  setFlagsFromString('--no-lazy');
  let isEnded = false;
  return {
    end: () => {
      if (isEnded) return;
      isEnded = true;
      setFlagsFromString('--lazy');
    },
  };
}
