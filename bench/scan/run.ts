/**
 * Scan to "received" on screen, with the service 100 ms away: the built console in a real
 * pseudo-terminal in scan mode against the sandbox started with `--latency 100` (a process of
 * its own), fed reviewed orders' names as a USB scanner types them (a character every 8 ms,
 * then Enter). Each sample is the time from writing the scanner's Enter to the arrival of the
 * output after which the screen shows the order received. The round trip is measured in the
 * same run (the lookup's own request, from this process), and the target is two round trips
 * (the lookup, the receive) plus 50 ms. Writes its section of docs/benchmarks.md.
 *
 *   node scripts/build.mjs && npx tsx bench/scan/run.ts [--scans 60] [--latency 100] [--baseline-ref REF] [--no-write]
 *
 * --baseline-ref REF measures the console built from REF too, its scans taking turns with this
 * build's, so the machine's load falls on both alike.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { buildBaselineRef } from '../console/baseline-ref.js';
import { CONSOLE_BUNDLE, consoleArgs } from '../console/measure-startup.js';
import { benchEnv, spawnRun, type PtyRun } from '../console/pty-run.js';
import { summarize, type Summary } from '../console/stats.js';
import { TimedScreen } from '../console/timed-screen.js';
import { startSandboxProcess } from '../../test/helpers/desk.js';
import { KEYS, makeFixture } from '../../test/helpers/fixture.js';

const { values } = parseArgs({
  options: {
    scans: { type: 'string', default: '60' },
    latency: { type: 'string', default: '100' },
    'baseline-ref': { type: 'string' },
    'no-write': { type: 'boolean', default: false },
  },
});
const SCANS = Number(values.scans);
const LATENCY_MS = Number(values.latency);
const COLS = 120;
const ROWS = 40;
/** A clerk's pace between parcels (also keeps each scan out of the repeat time of the one before). */
const PAUSE_MS = 300;
/** Scans of each console before the samples (its first requests open connections). */
const WARMUP = 2;
const log = (line: string) => process.stderr.write(`${line}\n`);

/** One console in scan mode, its screen timed. */
interface Desk {
  readonly label: string;
  readonly run: PtyRun;
  readonly screen: TimedScreen;
  readonly samples: number[];
}

async function openDesk(label: string, bundle: string, url: string): Promise<Desk> {
  const screen = new TimedScreen(COLS, ROWS);
  const { run } = spawnRun(consoleArgs(url, [], bundle), benchEnv({ RETURNS_API_KEY: KEYS.north }), COLS, ROWS, (data, at) => screen.feed(data, at));
  const shows = (text: string, timeoutMs = 60_000) => screen.waitFor((lines) => lines.some((l) => l.includes(text)), { from: 0, timeoutMs });
  await shows('#N1');
  // S counts only on its own, after a pause (src/ui/keys/deliberate.ts); older builds take it at once.
  await sleep(700);
  run.write('S');
  await shows('SCAN MODE');
  await sleep(700);
  return { label, run, screen, samples: [] };
}

/** Scans `name` as a scanner types it; the time from its Enter to the history line saying it was received. */
async function scanOnce(desk: Desk, name: string): Promise<number> {
  for (const char of name) {
    desk.run.write(char);
    await sleep(8);
  }
  const from = desk.screen.parsedLength();
  const enterAt = performance.now();
  desk.run.write('\r');
  const shownAt = await desk.screen.waitFor((lines) => lines.some((l) => l.includes(`${name}  ✓ received`)), { from, timeoutMs: 30_000 });
  return shownAt - enterAt;
}

/** The lookup's request as the console sends it, timed from here: the service's round trip. */
async function roundTrips(url: string, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    const response = await fetch(`${url}/return_orders?order_names=${encodeURIComponent('#N1000')}&limit=100`, { headers: { Authorization: `Bearer ${KEYS.north}` } });
    await response.arrayBuffer();
    out.push(performance.now() - started);
  }
  return out;
}

const ms = (v: number) => `${Math.round(v)} ms`;

function section(result: {
  readonly date: string;
  readonly node: string;
  readonly load: string;
  readonly rtt: Summary;
  readonly target: number;
  readonly desks: readonly { readonly label: string; readonly summary: Summary }[];
}): string {
  const ours = result.desks[0]!.summary;
  const lines = [
    '## Scan to received (npx tsx bench/scan/run.ts)',
    '',
    `Run on ${result.date}: Node ${result.node}, ${cpus().length} cores shared with other work (load average ${result.load} at the start).`,
    `Reproduce with \`node scripts/build.mjs && npx tsx bench/scan/run.ts${values['baseline-ref'] ? ` --baseline-ref ${values['baseline-ref']}` : ''}\`.`,
    '',
    `The built console in a real pseudo-terminal (${COLS}x${ROWS}) in scan mode, against the sandbox (a process of its own) started with`,
    `\`--latency ${LATENCY_MS}\`: every request waits ${LATENCY_MS} ms before it is handled. Reviewed orders' names are typed as a USB scanner`,
    `types them (a character every 8 ms, then Enter), one parcel every 0.3 s after the last was received (the first ${WARMUP} of each console not counted). A sample is the time from`,
    "writing the scanner's Enter to the arrival of the output after which the screen shows the order received (its history line;",
    'the banner is drawn in the same frame). A scan is two requests one after the other: the lookup by name (GET, the list endpoint)',
    'and the receive (POST); the scan is written to the queue file (atomic replace with fsync) while the lookup is on its way, and',
    'marked there as sent before the receive goes. The round trip is the lookup\'s own request timed from the benchmark process in',
    'the same run, and the target two round trips plus 50 ms. A baseline build before the queue file and the deliberate keys shows',
    'what they cost.',
    '',
    '| | scans | p50 | p95 | p99 | max |',
    '|---|---|---|---|---|---|',
    `| round trip of one request | ${result.rtt.n} | ${ms(result.rtt.p50)} | ${ms(result.rtt.p95)} | ${ms(result.rtt.p99)} | ${ms(result.rtt.max)} |`,
    ...result.desks.map((d) => `| scan to received: ${d.label} | ${d.summary.n} | ${ms(d.summary.p50)} | ${ms(d.summary.p95)} | ${ms(d.summary.p99)} | ${ms(d.summary.max)} |`),
    '',
    `Target: p95 at most two round trips (p50 ${ms(result.rtt.p50)}) plus 50 ms = ${ms(result.target)}; measured p95 ${ms(ours.p95)}: ${ours.p95 <= result.target ? 'met' : 'not met'}` +
      ` (${(ours.p95 / result.target).toFixed(2)} of the target).`,
  ];
  if (result.desks.length > 1) {
    const base = result.desks[1]!.summary;
    lines.push(`This build against ${result.desks[1]!.label} in the same run: p50 ${(ours.p50 / base.p50).toFixed(2)}x, p95 ${(ours.p95 / base.p95).toFixed(2)}x.`);
  }
  return `${lines.join('\n')}\n`;
}

/** Replaces the section in docs/benchmarks.md (or adds it at the end). */
function writeSection(text: string): void {
  const path = join(process.cwd(), 'docs', 'benchmarks.md');
  const doc = readFileSync(path, 'utf8');
  const start = doc.indexOf('## Scan to received');
  if (start === -1) return writeFileSync(path, `${doc.trimEnd()}\n\n${text}`);
  const next = doc.indexOf('\n## ', start + 3);
  writeFileSync(path, `${doc.slice(0, start)}${text}${next === -1 ? '' : doc.slice(next)}`);
}

async function main(): Promise<void> {
  const load = loadavg().map((l) => l.toFixed(1)).join(' / ');
  const root = mkdtempSync(join(tmpdir(), 'rc-bench-scan-'));
  const fixturePath = join(root, 'fixture.json');
  // Reviewed orders: 1001 + 14k; enough for every scan of every console.
  writeFileSync(fixturePath, JSON.stringify(makeFixture(14 * (SCANS + 2 * WARMUP + 2))));
  const sandbox = await startSandboxProcess({ dbPath: join(root, 'sandbox.db'), fixturePath, args: ['--latency', String(LATENCY_MS)] });
  const desks: Desk[] = [];
  try {
    desks.push(await openDesk('this build', CONSOLE_BUNDLE, sandbox.url));
    const ref = values['baseline-ref'];
    if (ref !== undefined) {
      const baseline = buildBaselineRef(process.cwd(), ref, log);
      desks.push(await openDesk(`the build of ${baseline.commit}`, baseline.bundle, sandbox.url));
    }
    const rtt = await roundTrips(sandbox.url, 20);
    const warmups = WARMUP * desks.length;
    for (let i = 0; i < warmups + SCANS; i++) {
      const desk = desks[i % desks.length]!;
      const taken = await scanOnce(desk, `#N${1001 + 14 * i}`);
      if (i >= warmups) desk.samples.push(taken);
      await sleep(PAUSE_MS);
    }
    rtt.push(...(await roundTrips(sandbox.url, 20)));
    const rttSummary = summarize(rtt);
    const result = {
      date: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
      node: process.versions.node,
      load,
      rtt: rttSummary,
      target: 2 * rttSummary.p50 + 50,
      desks: desks.map((d) => ({ label: d.label, summary: summarize(d.samples) })),
    };
    const text = section(result);
    process.stdout.write(text);
    if (!values['no-write']) writeSection(text);
  } finally {
    for (const desk of desks) await desk.run.kill();
    await sandbox.stop();
  }
}

await main();
