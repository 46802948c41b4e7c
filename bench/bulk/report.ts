/** The markdown section of docs/benchmarks.md for the bulk benchmark, and replacing only it. Pure. */
import type { RunStats } from './measure.js';

export const SECTION_TITLE = '## Bulk receives (npm run bench:bulk)';
export const TARGET_RATIO = 1.15;

const DOC_INTRO = '# Benchmarks\n';

export interface BulkReportInput {
  readonly date: string;
  readonly node: string;
  readonly nproc: number;
  readonly loadAvg: readonly number[];
  readonly rateLimit: number;
  readonly burst: number;
  readonly items: number;
  /** Loopback runs (the target), then the same with added latency. */
  readonly queued: RunStats;
  readonly sequential: RunStats;
  readonly remote: readonly RunStats[];
}

const s1 = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** True when the queued run meets the issue's targets. */
export function meetsTargets(input: BulkReportInput): boolean {
  const floorMs = (input.items / input.rateLimit) * 1000;
  const q = input.queued;
  return q.wallMs <= floorMs * TARGET_RATIO && q.appliedTwice === 0 && q.duplicateOutcomes === 0 && q.lost === 0 && q.failed === 0;
}

function row(r: RunStats, floorMs: number): string {
  const codes = Object.entries(r.failedCodes).map(([c, n]) => `${c} ${n}`).join(', ');
  return `| ${r.name} | ${r.latencyMs === 0 ? 'loopback' : `+${r.latencyMs} ms`} | ${s1(r.wallMs)} | ${(r.wallMs / floorMs).toFixed(2)}x | ${r.ok}${r.alreadyApplied ? ` (${r.alreadyApplied} already applied)` : ''} | ${r.failed}${codes ? ` (${codes})` : ''} | ${r.lost} | ${r.duplicateOutcomes} / ${r.appliedTwice} | ${r.receivedAfter} | ${r.rateLimited} | ${r.requests} |`;
}

/** Renders the section, heading included, ending with a newline. */
export function renderSection(input: BulkReportInput): string {
  const floorMs = (input.items / input.rateLimit) * 1000;
  const q = input.queued;
  return [
    SECTION_TITLE,
    '',
    `Run on ${input.date}: Node ${input.node}, ${input.nproc} cores (shared; load average ${input.loadAvg.map((n) => n.toFixed(1)).join(' / ')} at the start).`,
    `Reproduce with \`npm run bench:bulk\` (about two minutes). Each run gets a fresh in-process sandbox with`,
    `\`--rate-limit ${input.rateLimit}\` (burst ${input.burst}, D10) and ${input.items} reviewed orders of one shop, and receives all of them.`,
    'The bulk queue is not told the limit (the interface does not show it): it probes and adapts to the',
    '429s and their Retry-After. Counts of what was applied come from the sandbox\'s own request log, and',
    'every order is read back through the interface afterwards.',
    '',
    `Floor: ${input.items} / ${input.rateLimit} per second = ${s1(floorMs)} (the initial burst of ${input.burst} makes ${s1(((input.items - input.burst) / input.rateLimit) * 1000)} possible). Target: within ${TARGET_RATIO}x of the floor, no duplicates, no lost outcomes.`,
    '',
    '| run | service | wall time | vs floor | ok | failed | lost outcomes | duplicate outcomes / applied twice | received after | 429s | receive requests |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    row(q, floorMs),
    row(input.sequential, floorMs),
    ...input.remote.map((r) => row(r, floorMs)),
    '',
    `Result on loopback: the queue took ${s1(q.wallMs)}, ${(q.wallMs / floorMs).toFixed(2)}x the floor (${meetsTargets(input) ? 'meets' : 'misses'} the ${TARGET_RATIO}x target), with`,
    `${q.rateLimited} 429s over ${q.requests} requests. The sequential loop took ${s1(input.sequential.wallMs)}: on loopback one request takes a`,
    'few milliseconds, so even a plain loop runs into the limit, waits out the Retry-After (while the',
    'service\'s bucket refills) and bursts again; it gets there by tripping the limit about once a second',
    `(${input.sequential.rateLimited} times). With latency added per request (a service across a network), a sequential loop is`,
    'bound by the round trips instead, while the queue keeps several requests in flight:',
    '',
    ...input.remote.map((r) => `- ${r.name}, +${r.latencyMs} ms: ${s1(r.wallMs)} (${(r.wallMs / floorMs).toFixed(2)}x the floor)`),
    '',
  ].join('\n');
}

/** Replaces this section (up to the next `## ` heading) or appends it; other sections stay as they are. */
export function replaceSection(document: string, section: string, title = SECTION_TITLE): string {
  const body = section.endsWith('\n') ? section : `${section}\n`;
  if (document.trim() === '') return `${DOC_INTRO}\n${body}`;
  const lines = document.split('\n');
  const start = lines.findIndex((l) => l.trim() === title);
  if (start === -1) return `${document.replace(/\n*$/, '\n\n')}${body}`;
  let end = lines.findIndex((l, i) => i > start && /^## /.test(l));
  if (end === -1) end = lines.length;
  const before = lines.slice(0, start).join('\n');
  const after = lines.slice(end).join('\n');
  return (before ? before.replace(/\n*$/, '\n\n') : '') + body + (after ? `\n${after}` : '');
}
