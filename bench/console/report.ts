/**
 * The console's sections of docs/benchmarks.md (start-up, keystroke to frame, memory), and
 * replacing only them. Pure: figures come from the run; the notes on causes and remedies
 * come from profiling the console (see each section).
 */
import { replaceSection } from '../bulk/report.js';
import type { KeystrokeSamples } from './measure-keystrokes.js';
import type { CpuSample, StartupSamples } from './measure-startup.js';
import { STARTUP_NOTES } from './startup-notes.js';
import { summarize } from './stats.js';

export const STARTUP_TITLE = '## Console start-up';
export const KEYS_TITLE = '## Keystroke to frame';
export const MEMORY_TITLE = '## Memory';
export const STARTUP_TARGET_RATIO = 3;
export const KEYS_TARGET_P95_MS = 16;
/** The issue's memory target, in MB (10^6 bytes; 150 MB is 143 MiB). */
export const MEMORY_TARGET_MB = 150;

export interface ReportInput {
  readonly date: string;
  readonly node: string;
  readonly nproc: number;
  readonly loadAvg: readonly number[];
  readonly runs: number;
  readonly startup: StartupSamples | null;
  readonly keys: KeystrokeSamples | null;
  /** The keystroke floor (echo-floor.mjs), timed the same way. */
  readonly keysFloor: { readonly firstByteMs: readonly number[]; readonly frameMs: readonly number[] } | null;
  /** The same run with the baseline build (one file, no text memo), if measured. */
  readonly baselineKeys: KeystrokeSamples | null;
  /** The same run with node flags, if measured. */
  readonly flaggedKeys: KeystrokeSamples | null;
  readonly nodeFlags: readonly string[];
  /** Resident set of the floor script (KiB). */
  readonly floorRss: number | null;
  /** What the baseline build is, as given to the run (--baseline-label); absent in older saved runs. */
  readonly baselineLabel?: string;
  /** The commit the baseline was built from (--baseline-ref), if it was. */
  readonly baselineRef?: string;
  /** The node flags the console was launched with (its shebang's); absent in older saved runs. */
  readonly launchFlags?: readonly string[];
}

export interface Section {
  readonly title: string;
  readonly text: string;
}

/** The CPU times that were read (a launch that ended first has none). */
export const known = (cpu: readonly CpuSample[]): number[] => cpu.filter((c): c is number => c !== null);
export const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;
const mib = (kib: number) => `${(kib / 1024).toFixed(0)} MiB`;
/** KiB (as /proc reports) in MB of 10^6 bytes. */
export const toMB = (kib: number) => (kib * 1024) / 1e6;
const mibAndMB = (kib: number) => `${mib(kib)} (${toMB(kib).toFixed(0)} MB)`;
const machine = (i: ReportInput) =>
  `Run on ${i.date}: Node ${i.node}, ${i.nproc} cores shared with other work (load average ${i.loadAvg.map((n) => n.toFixed(1)).join(' / ')} at the start).`;
const BUILD = 'node scripts/build.mjs && node scripts/build.mjs --outdir .tmp/baseline --no-splitting --no-source-patch';
/** The command that measures `what` as this run did: against a commit's build, or a baseline build of these sources. */
const reproduce = (i: ReportInput, what: 'startup' | 'keys') =>
  i.baselineRef
    ? `\`node scripts/build.mjs && npx tsx bench/console/run.ts ${what} --baseline-ref ${i.baselineRef}\``
    : `\`${BUILD} && npx tsx bench/console/run.ts ${what} --baseline .tmp/baseline/returns-console.js\``;
const DEFAULT_BASELINE = 'baseline build (same sources, one file, without the source patch)';
/** The baseline row's name: what the run was told the baseline build is. */
const baselineName = (i: ReportInput) => i.baselineLabel ?? DEFAULT_BASELINE;
/** The shebang's node flags of the builds measured before the run recorded them. */
const EARLIER_SHEBANG_FLAGS = ['--heap-growing-percent=10', '--max-semi-space-size=4'];
/** How the console was launched, as recorded by the run: a plain shebang, or one with node flags (earlier builds). */
const launch = (i: ReportInput) => {
  const flags = i.launchFlags ?? EARLIER_SHEBANG_FLAGS;
  return flags.length === 0
    ? 'launched as its bin and `npm start` launch it: plain `node` (the bin\'s shebang is `#!/usr/bin/env node`), the console setting its V8 settings at run time, `src/cli/commands/console/v8-flags.ts`'
    : `launched as its bin and \`npm start\` launched it then: node with the flags of the bin's shebang (\`${flags.join(' ')}\`)`;
};

/**
 * On a machine loaded far beyond its cores, what the wall clock measures is mostly waiting for a
 * core: said under the result, so nobody takes it for the console's speed.
 */
const loadNote = (i: ReportInput, floorMs: number): string[] =>
  (i.loadAvg[0] ?? 0) > 2 * i.nproc
    ? [
        '',
        `The load average was ${(i.loadAvg[0] ?? 0).toFixed(0)} on ${i.nproc} cores when this ran: the wall-clock figures are mostly waiting`,
        `for a core (the floor itself took ${ms(floorMs)}), so the absolute target cannot be judged from this run; the`,
        'ratio to the same-run baseline and the CPU times can. Re-run the command above on a quiet machine.',
      ]
    : [];

/** How the console's time over the floor splits into the stack floor's and the console's own. */
function stackNote(consoleMs: number, stackMs: number, floorMs: number): string {
  return [
    `Of the console's ${ms(consoleMs - floorMs)} over the floor, the stack floor takes ${ms(stackMs - floorMs)}`,
    `(it is ${(stackMs / floorMs).toFixed(2)}x the floor); the console's own work beyond it is ${ms(consoleMs - stackMs)}`,
    `(${((consoleMs - stackMs) / floorMs).toFixed(2)}x the floor).`,
  ].join(' ');
}

function startupSection(i: ReportInput, s: StartupSamples): Section {
  const f = summarize(s.floor);
  const floorCpu = s.cpu ? summarize(known(s.cpu.floor)).p50 : undefined;
  const row = (name: string, samples: readonly number[], cpu: readonly CpuSample[] | null | undefined) => {
    const x = summarize(samples);
    const c = cpu && known(cpu).length > 0 && floorCpu !== undefined ? summarize(known(cpu)).p50 : undefined;
    const cpuCells = c === undefined ? '– | –' : `${ms(c)} | ${(c / floorCpu!).toFixed(2)}x`;
    return `| ${name} | ${ms(x.p50)} | ${ms(x.p90)} | ${ms(x.min)} | ${ms(x.max)} | ${(x.p50 / f.p50).toFixed(2)}x | ${cpuCells} |`;
  };
  const ratio = summarize(s.console).p50 / f.p50;
  const stack = s.stack && s.stack.length > 0 ? summarize(s.stack).p50 : null;
  const lines = [
    STARTUP_TITLE,
    '',
    machine(i),
    `Reproduce with ${reproduce(i, 'startup')}.`,
    '',
    `From the launch of the console (\`dist/returns-console.js --base-url URL\`, key in \`RETURNS_API_KEY\`, ${launch(i)})`,
    `in a real pseudo-terminal (160x60, node-pty) until the 50th order of the first page (${s.lastOrderName}) is in its output,`,
    'against the sandbox already running in a child process (10,028 visible orders of one shop, rate limit',
    'off). The floor is measured in the same run the same way: `node bench/console/floor.mjs URL`, a bare script',
    `that fetches the same page with \`fetch\` and prints one line per order.${stack === null ? '' : ' So is the stack floor, `bench/console/stack-floor/`:'}`,
    ...(stack === null
      ? []
      : [
          'the least a console on this stack does, built as the console is (the same esbuild options and source patches).',
          "It asks for the page with undici's pool and request API, checks it with the console's own zod schema and",
          'draws the 50 orders as plain rows with Ink and React, which load meanwhile.',
        ]),
    ...(s.firstLaunch && s.firstLaunch.length > 0
      ? [
          "The launches of the console and the stack floor share one compile cache (Node's, `src/cli/compile-cache.ts`), written when a warm-up",
          "launch quits with q, as a user's earlier session would; the first-launch row starts each time with an empty one.",
        ]
      : []),
    `${i.runs} launches of each, in rotating`,
    'order, after one warm-up launch of each. CPU time: what the launch had used (user + system, all its threads,',
    'from /proc) when its first page was complete; unlike the wall time, the load of other work hardly changes it.',
    '',
    '| | median | p90 | min | max | median vs floor | CPU time, median | CPU time vs floor |',
    '|---|---|---|---|---|---|---|---|',
    row('floor: bare node + fetch', s.floor, s.cpu?.floor),
    ...(s.stack && stack !== null ? [row('stack floor: undici, zod, Ink and React, 50 plain rows', s.stack, s.cpu?.stack)] : []),
    row('console, this build', s.console, s.cpu?.console),
    ...(s.firstLaunch && s.firstLaunch.length > 0 ? [row('console, this build, first launch (empty compile cache)', s.firstLaunch, s.cpu?.firstLaunch)] : []),
    ...(s.baseline ? [row(`console, ${baselineName(i)}`, s.baseline, s.cpu?.baseline)] : []),
    '',
    `Result: ${ratio.toFixed(2)}x the floor at the median; the target is ${STARTUP_TARGET_RATIO}x: ${ratio <= STARTUP_TARGET_RATIO ? 'met' : 'missed'}.`,
    ...(stack === null ? [] : [stackNote(summarize(s.console).p50, stack, f.p50)]),
    ...loadNote(i, f.p50),
    '',
    ...STARTUP_NOTES,
  ];
  return { title: STARTUP_TITLE, text: `${lines.join('\n')}\n` };
}

function keysRow(name: string, k: Pick<KeystrokeSamples, 'firstByteMs' | 'frameMs' | 'cpuMsPerKey'>): string {
  const fb = summarize(k.firstByteMs);
  const fr = summarize(k.frameMs);
  const cpu = k.cpuMsPerKey === undefined ? '–' : ms(k.cpuMsPerKey);
  return `| ${name} | ${ms(fb.p50)} | ${ms(fb.p95)} | ${ms(fr.p50)} | ${ms(fr.p95)} | ${ms(fr.p99)} | ${ms(fr.max)} | ${cpu} |`;
}

function keysSection(i: ReportInput, k: KeystrokeSamples): Section {
  const fr = summarize(k.frameMs);
  const lines = [
    KEYS_TITLE,
    '',
    machine(i),
    `Reproduce with ${reproduce(i, 'keys')}`,
    '(it also measures the memory below).',
    '',
    `The console (${launch(i)}) in a real pseudo-terminal (120x50) with 100-row pages (\`--limit 100\`) first pages through ${k.pages} pages`,
    `with \`n\` (${k.cachedOrders.toLocaleString('en')} orders in its React Query cache), then ${k.keys} keys are written one at a time on the`,
    `last page: 50 × \`j\`, 50 × \`k\`, and so on, each ${k.pauseMs} ms after the previous frame (a fast typist; Ink draws at`,
    'most 30 frames a second, so keys closer than 33 ms share a frame). For each key: the time to the first',
    'byte of output, and to the end of the frame that shows the new selection (Ink wraps each frame in',
    'synchronized-output markers; the harness feeds the output to a headless xterm, bench/console/timed-screen.ts,',
    'and takes the arrival of the chunk after which the screen shows the end marker and the expected order on',
    'the `›` row, so frames that rewrite only what changed are timed too). Console CPU per key: the CPU time',
    '(user + system, /proc) the console used over the keys, divided by them: what a key costs the console',
    'itself, which the load of other work hardly changes. Floor, in the same run and timed the same way:',
    '`node bench/console/echo-floor.mjs`, a bare script in raw mode that answers each key at once with a one-character frame (the pseudo-terminal',
    'round trip and node\'s input handling, nothing else).',
    '',
    '| | first byte p50 | first byte p95 | frame p50 | frame p95 | frame p99 | frame max | console CPU per key |',
    '|---|---|---|---|---|---|---|---|',
    ...(i.keysFloor ? [keysRow('floor: bare node echoing each key', i.keysFloor)] : []),
    keysRow('console, this build', k),
    ...(i.baselineKeys ? [keysRow(`console, ${baselineName(i)}`, i.baselineKeys)] : []),
    ...(i.flaggedKeys ? [keysRow(`console, this build, with \`node ${i.nodeFlags.join(' ')}\` added`, i.flaggedKeys)] : []),
    '',
    `Result: p95 to the complete frame ${ms(fr.p95)}; the target is ${KEYS_TARGET_P95_MS} ms: ${fr.p95 <= KEYS_TARGET_P95_MS ? 'met' : 'missed'}.`,
    ...loadNote(i, i.keysFloor ? summarize(i.keysFloor.frameMs).p95 : 0),
    '',
    'Where a key\'s time went (`node --cpu-prof` of the built console in this harness, Ink 8 as published):',
    'React\'s render and commit about a tenth; Ink\'s Output about half with the garbage it leaves (every frame',
    'it tokenizes every line on screen, copies its styled characters into a grid of one object per cell and',
    'turns every row back into a string, also the rows that did not change); measuring and cleaning the text',
    'of every Text again (string-width segments each row with a non-ASCII character); Yoga\'s layout a few',
    'per cent; and writing the whole screen to the pseudo-terminal, whose round trips were most of the wall',
    'time on a loaded machine. Scan detection costs j and k nothing: they only move the selection, and the',
    'classifier lets such characters out at once (src/ui/keys/scan-classifier.ts, `isEchoable`); only other',
    'printable characters wait up to 30 ms.',
    '',
    'Changed for this, each kept because it paid in a same-run comparison (2026-11-25, Node 22, load average',
    '12-25 from other work, 200 keys each; CPU per key, which the load hardly changes):',
    '- A row cache around Ink 8\'s own Output (src/ui/ink/row-cached-output.ts, put in place by',
    '  scripts/source-patch-plugin.mjs, which vitest applies too): each screen row is keyed by the writes',
    '  that land on it and only new rows are built, each by Ink\'s Output itself; a property test compares',
    '  it with Ink\'s Output over random frames (test/ui/row-cached-output.test.ts). With the memoized',
    '  components below: 7.3 ms against 15 ms without either (12:03 UTC).',
    '- Components that a selection move does not change are not drawn again (the list header, the table',
    '  header, the footer hints, the notice line; the rows were already memoized): a Text drawn again has new',
    '  transformers, so its row is built again. 7 rows were built per key, now the 2 that changed',
    '  (test/ui/rows-per-key.test.tsx).',
    '- Ink\'s widest-line and sanitizeAnsi, as its renderer imports them, remember their answers per text',
    '  (src/ui/ink/text-memo.ts, same plugin): 6.4 ms against 7.8 ms without (12:08 UTC).',
    '- Ink\'s incrementalRendering: a selection move writes its two lines instead of the whole screen.',
    '  Frame p50 27 ms against 44 ms with full redraws, p95 98 against 240 ms, CPU 6.8 against 7.0 ms',
    '  (12:15 UTC, load average 24). test/e2e/partial-frames.test.ts checks, in colour, that after scrolls,',
    '  jumps and pages the screen equals a full redraw.',
    'Kept from before: `src/ui/table/data-table.tsx` keeps each row\'s formatted line per row object; Ink draws',
    'up to 60 frames a second instead of 30; clocks on screen draw only when their text changes.',
    'Each can be left out of a build for such a comparison: `node scripts/build.mjs --outdir DIR --without',
    'ink-row-cache,ink-text-memo`.',
  ];
  return { title: KEYS_TITLE, text: `${lines.join('\n')}\n` };
}

function memorySection(i: ReportInput, k: KeystrokeSamples, floorRss: number): Section {
  const orders = k.cachedOrders.toLocaleString('en');
  const paged = toMB(k.rss.paged);
  const lines = [
    MEMORY_TITLE,
    '',
    machine(i),
    `Reproduce with ${reproduce(i, 'keys')}`,
    '(the keystroke run above; `--node-flags="…"` adds a row for the console with more node flags).',
    '',
    `Resident set (\`VmRSS\` of /proc/PID/status) of the console process (${launch(i)}) during the keystroke run.`,
    'Floor: the bare `floor.mjs` script (node and fetch of one page), idle after printing, in the same run.',
    '',
    '| process and moment | resident set |',
    '|---|---|',
    `| floor: bare node after fetching and printing one page | ${mibAndMB(floorRss)} |`,
    `| console: first page of 100 on screen | ${mibAndMB(k.rss.firstPage)} |`,
    `| console: after paging through ${orders} orders (all cached) | ${mibAndMB(k.rss.paged)} |`,
    `| console: after the ${k.keys} keys | ${mibAndMB(k.rss.afterKeys)} |`,
    `| console: peak (VmHWM) | ${mibAndMB(k.rss.peak)} |`,
    ...(i.baselineKeys ? [`| ${baselineName(i)}: after paging through ${orders} orders | ${mibAndMB(i.baselineKeys.rss.paged)} |`] : []),
    ...(i.flaggedKeys
      ? [
          `| this build with \`node ${i.nodeFlags.join(' ')}\` added: after paging through ${orders} orders | ${mibAndMB(i.flaggedKeys.rss.paged)} |`,
          `| the same, peak (VmHWM) | ${mibAndMB(i.flaggedKeys.rss.peak)} |`,
        ]
      : []),
    '',
    `Result: ${mibAndMB(k.rss.paged)} after paging through ${orders} orders; the target is under ${MEMORY_TARGET_MB} MB: ${paged < MEMORY_TARGET_MB ? 'met' : 'missed'}.`,
    '',
    'Where it goes (/proc/PID/smaps and a heap snapshot after paging, separate runs before the last changes): about 45 MiB are the',
    "pages of the node binary itself (the floor has them too); V8's live heap is about 44 MB, of which 17 MB",
    "are array buffers (mostly Yoga's 16 MB WebAssembly memory, largely untouched pages), 8 MB strings and",
    'a few MB of order objects; the rest is heap headroom, the young generation and native allocations.',
    '',
    "Changed for this: V8 settings keep the heap's growth steps small (`--heap-growing-percent=10`) and its",
    "young generation small (semi-spaces of 4 MB; 234 MiB after paging with V8's defaults, before). The bin's",
    'shebang is a plain `#!/usr/bin/env node` (`env -S` is missing on busybox and the BSDs), so the console',
    'sets them at run time (`src/cli/commands/console/v8-flags.ts`): `--max-semi-space-size` works only on',
    "node's command line (148 MB after paging with the growth step alone), so the semi-spaces' growth factor,",
    'which V8 reads at every growth, is set to reach 4 MB in one step and then to 1 (122 MB, the same as the',
    'flags on the command line in the same run). Clocks that draw only on change help too. Semi-spaces of 2 MB measured a few MiB less at a cost in keystroke p95.',
  ];
  return { title: MEMORY_TITLE, text: `${lines.join('\n')}\n` };
}

/** The sections for the measurements taken. */
export function renderSections(input: ReportInput): Section[] {
  const out: Section[] = [];
  if (input.startup) out.push(startupSection(input, input.startup));
  if (input.keys) out.push(keysSection(input, input.keys));
  if (input.keys && input.floorRss !== null) out.push(memorySection(input, input.keys, input.floorRss));
  return out;
}

/** Replaces (or appends) each section; every other section stays as it is. */
export function replaceSections(document: string, sections: readonly Section[]): string {
  return sections.reduce((doc, s) => replaceSection(doc, s.text, s.title), document);
}
