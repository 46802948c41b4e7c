/** The console's sections of docs/benchmarks.md (start-up, keystroke to frame, memory), and replacing only them. Pure. */
import { replaceSection } from '../bulk/report.js';
import type { KeystrokeSamples } from './measure-keystrokes.js';
import type { StartupSamples } from './measure-startup.js';
import { summarize } from './stats.js';

export const STARTUP_TITLE = '## Console start-up';
export const KEYS_TITLE = '## Keystroke to frame';
export const MEMORY_TITLE = '## Memory';
export const STARTUP_TARGET_RATIO = 3;
export const KEYS_TARGET_P95_MS = 16;
export const MEMORY_TARGET_MIB = 150;

export interface ReportInput {
  readonly date: string;
  readonly node: string;
  readonly nproc: number;
  readonly loadAvg: readonly number[];
  readonly runs: number;
  readonly startup: StartupSamples | null;
  readonly keys: KeystrokeSamples | null;
  /** Resident set of the floor script (KiB). */
  readonly floorRss: number | null;
  /** Extra paragraphs (what was profiled and changed), by section title. */
  readonly notes?: Readonly<Record<string, readonly string[]>>;
}

export interface Section {
  readonly title: string;
  readonly text: string;
}

const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;
const mib = (kib: number) => `${(kib / 1024).toFixed(1)} MiB`;
const machine = (i: ReportInput) =>
  `Run on ${i.date}: Node ${i.node}, ${i.nproc} cores (shared with other work; load average ${i.loadAvg.map((n) => n.toFixed(1)).join(' / ')} at the start).`;

function startupSection(i: ReportInput, s: StartupSamples): Section {
  const c = summarize(s.console);
  const f = summarize(s.floor);
  const ratio = c.p50 / f.p50;
  const lines = [
    STARTUP_TITLE,
    '',
    machine(i),
    'Reproduce with `node scripts/build.mjs && npx tsx bench/console/run.ts startup` (about a minute).',
    '',
    'From the launch of `node dist/returns-console.js --base-url URL` (key in `RETURNS_API_KEY`) in a real',
    `pseudo-terminal (160x60, node-pty) until the 50th order of the first page (${s.lastOrderName}) is in its output,`,
    'against the sandbox already running in a child process (a fixture of 10,028 visible orders of one shop,',
    'rate limit off). The floor is measured in the same run and the same way: `node bench/console/floor.mjs URL`,',
    'a bare script that fetches the same page with `fetch` and prints one line per order. The two alternate,',
    `after one warm-up launch of each; ${i.runs} launches each.`,
    '',
    '| | median | p90 | min | max |',
    '|---|---|---|---|---|',
    `| console | ${ms(c.p50)} | ${ms(c.p90)} | ${ms(c.min)} | ${ms(c.max)} |`,
    `| floor (bare node + fetch) | ${ms(f.p50)} | ${ms(f.p90)} | ${ms(f.min)} | ${ms(f.max)} |`,
    `| ratio | ${(c.p50 / f.p50).toFixed(2)}x | ${(c.p90 / f.p90).toFixed(2)}x | | |`,
    '',
    `Result: ${ratio.toFixed(2)}x the floor at the median, ${ratio <= STARTUP_TARGET_RATIO ? 'within' : 'over'} the target of ${STARTUP_TARGET_RATIO}x.`,
    ...(i.notes?.[STARTUP_TITLE] ?? []),
  ];
  return { title: STARTUP_TITLE, text: `${lines.join('\n')}\n` };
}

function keysSection(i: ReportInput, k: KeystrokeSamples): Section {
  const fb = summarize(k.firstByteMs);
  const fr = summarize(k.frameMs);
  const lines = [
    KEYS_TITLE,
    '',
    machine(i),
    'Reproduce with `node scripts/build.mjs && npx tsx bench/console/run.ts keys` (about a minute; it also measures memory).',
    '',
    `The console in a real pseudo-terminal (120x50) with 100-row pages (\`--limit 100\`) first pages through ${k.pages} pages`,
    `with \`n\` (${k.cachedOrders.toLocaleString('en')} orders in its React Query cache, ${k.pagingSeconds.toFixed(1)} s), then ${k.keys} keys are written one at a`,
    `time on the last page: 50 × \`j\`, 50 × \`k\`, and so on, each ${k.pauseMs} ms after the previous frame (a fast typist's pace;`,
    'Ink draws at most 30 frames a second, so keys closer together than 33 ms share a frame). For each key: the',
    'time to the first byte of output, and to the end of the frame that shows the new selection (Ink wraps each',
    'frame in synchronized-output markers; the harness waits for the end marker after the row marked `›` is the',
    'expected order). Floor: the pty round trip itself is in every sample; the first byte is its upper bound.',
    '',
    '| | p50 | p95 | p99 | max |',
    '|---|---|---|---|---|',
    `| first byte | ${ms(fb.p50)} | ${ms(fb.p95)} | ${ms(fb.p99)} | ${ms(fb.max)} |`,
    `| frame complete | ${ms(fr.p50)} | ${ms(fr.p95)} | ${ms(fr.p99)} | ${ms(fr.max)} |`,
    '',
    `Result: p95 to the complete frame ${ms(fr.p95)}, ${fr.p95 <= KEYS_TARGET_P95_MS ? 'within' : 'over'} the target of ${KEYS_TARGET_P95_MS} ms.`,
    ...(i.notes?.[KEYS_TITLE] ?? []),
  ];
  return { title: KEYS_TITLE, text: `${lines.join('\n')}\n` };
}

function memorySection(i: ReportInput, k: KeystrokeSamples, floorRss: number): Section {
  const lines = [
    MEMORY_TITLE,
    '',
    machine(i),
    'Reproduce with `node scripts/build.mjs && npx tsx bench/console/run.ts keys` (the keystroke run above measures it).',
    '',
    'Resident set (`VmRSS` of /proc/PID/status) of the console process in the keystroke run. Floor: the bare',
    '`floor.mjs` script (node + fetch of one page of 50), idle after printing, in the same run.',
    '',
    '| process and moment | resident set |',
    '|---|---|',
    `| floor: bare node after fetching and printing one page | ${mib(floorRss)} |`,
    `| console: first page of 100 on screen | ${mib(k.rss.firstPage)} |`,
    `| console: after paging through ${k.cachedOrders.toLocaleString('en')} orders (all cached) | ${mib(k.rss.paged)} |`,
    `| console: after the ${k.keys} keys | ${mib(k.rss.afterKeys)} |`,
    `| console: peak (VmHWM) | ${mib(k.rss.peak)} |`,
    '',
    `Result: ${mib(k.rss.paged)} after paging through ${k.cachedOrders.toLocaleString('en')} orders, ${k.rss.paged / 1024 < MEMORY_TARGET_MIB ? 'under' : 'over'} the target of ${MEMORY_TARGET_MIB} MB.`,
    ...(i.notes?.[MEMORY_TITLE] ?? []),
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
