/**
 * V8 settings for the console. The bin's shebang (`env -S node …`, scripts/build.mjs) and
 * `npm start` put them on node's command line, where the young-generation cap takes full
 * effect; they are also applied here, before the UI loads, for a console started by a
 * plain `node dist/returns-console.js`. Drawing frames
 * allocates fast, and V8 then grows the heap to several times what is live and keeps it:
 * after paging through 10,000 orders the console held about 240 MiB with some 55 MB live.
 * A small fixed heap growth step keeps the heap near the live set; a smaller young
 * generation trims the rest. Both cost less keystroke time than --optimize-for-size
 * (docs/benchmarks.md, "Memory").
 */
import { setFlagsFromString } from 'node:v8';

/**
 * The flags, as node would take them on its command line. The one list: scripts/build.mjs
 * writes it into the bin's shebang (and `npm start` runs the bin).
 */
export const CONSOLE_V8_FLAGS = ['--heap-growing-percent=10', '--max-semi-space-size=4'] as const;

/** Applies CONSOLE_V8_FLAGS to this process. */
export function applyConsoleV8Flags(): void {
  for (const flag of CONSOLE_V8_FLAGS) setFlagsFromString(flag);
}
