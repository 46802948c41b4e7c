/**
 * Search benchmark: the first walk of a shop of 100,000 orders against the floor its rate
 * limit sets, with console requests meanwhile; then keystroke to results on screen in the
 * built console with that index, and the console's memory with it. Needs the built console
 * (`node scripts/build.mjs`).
 *
 *   npx tsx bench/search/run.ts [--orders 245000] [--rate 20] [--queries 40] [--pause 50]
 *
 * The data: the sandbox's demo generator (bench/sandbox/dataset.ts, cached in bench/.cache);
 * 245,000 orders over the three demo shops give the first one about 100,000 visible orders.
 * The sandbox runs in a child process (bench/console's) with D10's rate limit. Samples are saved to
 * bench/results/search-*.json; the report goes to stdout (docs/benchmarks.md has it).
 */
import { fork } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { connectionFingerprint } from '../../src/cli/config/local-state-name.js';
import { SearchIndexStore } from '../../src/local/search-index/index.js';
import { searchIndexPath } from '../../src/local/state-paths.js';
import { SETTLED_STATUSES } from '../../src/ops/search-index/index.js';
import { demoKeysFor } from '../../src/sandbox/index.js';
import { outsideStateName } from '../../test/helpers/state-name.js';
import { CONSOLE_BUNDLE } from '../console/measure-startup.js';
import { summarize } from '../console/stats.js';
import { DATASET_SEED, ensureDataset } from '../sandbox/dataset.js';
import { measureTyping, callerQueries, type TypingSamples } from './measure-typing.js';
import { measureWalk, type WalkSamples } from './measure-walk.js';
import { measureConsoleWalk, type ConsoleWalkSamples } from './measure-console-walk.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '245000' },
    rate: { type: 'string', default: '20' },
    queries: { type: 'string', default: '40' },
    pause: { type: 'string', default: '50' },
  },
});
const log = (line: string) => process.stderr.write(`${line}\n`);

function startSandbox(dbPath: string, rate: number): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = fork(join(HERE, '..', 'console', 'children', 'sandbox-child.ts'), [dbPath, String(rate)], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the sandbox child exited with ${code}`)));
    child.once('message', (message: { url: string }) =>
      resolve({
        url: message.url,
        stop: () =>
          new Promise<void>((done) => {
            child.removeAllListeners('exit');
            child.once('exit', () => done());
            child.send({ type: 'stop' });
          }),
      }),
    );
  });
}

const ms = (n: number) => (n >= 100 ? `${Math.round(n)} ms` : `${n.toFixed(1)} ms`);
const mib = (kib: number) => `${Math.round(kib / 1024)} MiB (${Math.round((kib * 1024) / 1e6)} MB)`;

function report(context: { date: string; node: string; nproc: number; loadAvg: number[] }, walk: WalkSamples, typing: TypingSamples, consoleWalk: ConsoleWalkSamples): string {
  const fg = summarize(walk.foregroundMs);
  const idle = summarize(walk.foregroundIdleMs);
  const keys = summarize(typing.frameMs);
  return [
    `Run on ${context.date}: Node ${context.node}, ${context.nproc} cores (load average ${context.loadAvg.map((l) => l.toFixed(1)).join(' / ')} at the start).`,
    '',
    '| first walk | orders | pages | rate limit | wall time | floor (pages / rate) | vs floor | floor with the burst spent first | 429s |',
    '|---|---|---|---|---|---|---|---|---|',
    `| SearchIndex.refresh, background lane | ${walk.orders.toLocaleString('en-US')} | ${walk.pages} | ${walk.rate}/s, burst ${2 * walk.rate} | ${walk.walkSeconds.toFixed(1)} s | ${walk.floorSeconds.toFixed(1)} s | ${(walk.walkSeconds / walk.floorSeconds).toFixed(3)}x | ${walk.burstFloorSeconds.toFixed(1)} s | ${walk.rateLimited} |`,
    '',
    '| a console request (first page of 50) | n | p50 | p95 | max | answered 429 first |',
    '|---|---|---|---|---|---|',
    `| before the walk | ${idle.n} | ${ms(idle.p50)} | ${ms(idle.p95)} | ${ms(idle.max)} | 0 |`,
    `| during the walk, one a second | ${fg.n} | ${ms(fg.p50)} | ${ms(fg.p95)} | ${ms(fg.max)} | ${walk.foregroundRateLimited} |`,
    '',
    `| keystroke to results on screen (${typing.queries.length} queries, ${typing.keys} keys) | p50 | p90 | p95 | p99 | max | console CPU per key |`,
    '|---|---|---|---|---|---|---|',
    `| the built console, index of ${walk.orders.toLocaleString('en-US')} orders | ${ms(keys.p50)} | ${ms(keys.p90)} | ${ms(keys.p95)} | ${ms(keys.p99)} | ${ms(keys.max)} | ${typing.cpuMsPerKey === undefined ? "not read" : ms(typing.cpuMsPerKey)} |`,
    '',
    '| console resident set | |',
    '|---|---|',
    `| the index open, first search drawn | ${mib(typing.rss.indexOpen)} |`,
    `| after the keys | ${mib(typing.rss.afterKeys)} |`,
    `| peak (VmHWM) | ${mib(typing.rss.peak)} |`,
    `| walking the index itself (${consoleWalk.walkSeconds.toFixed(1)} s from /): largest sample | ${mib(Math.max(...consoleWalk.rssKiB))} |`,
    `| walking the index itself: peak (VmHWM) | ${mib(consoleWalk.peakKiB)} |`,
  ].join('\n');
}

if (!existsSync(CONSOLE_BUNDLE)) {
  log(`${CONSOLE_BUNDLE} is missing: run "node scripts/build.mjs" first.`);
  process.exit(2);
}
const context = { date: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC', node: process.versions.node, nproc: cpus().length, loadAvg: loadavg() };
const rate = Number(values.rate);
const dataset = ensureDataset(Number(values.orders), log);
const apiKey = demoKeysFor(DATASET_SEED)[0]!.key;
const sandbox = await startSandbox(dataset.path, rate);
try {
  const stateHome = mkdtempSync(join(tmpdir(), 'rc-bench-search-'));
  const stateDir = join(stateHome, 'returns-console');
  // The state the console opens with --base-url and RETURNS_API_KEY (its "default+…" name).
  const stateName = outsideStateName(sandbox.url, apiKey);
  log(`first walk of the first demo shop at ${rate} requests/s…`);
  const walk = await measureWalk({ url: sandbox.url, apiKey, rate, stateDir, stateName, connection: connectionFingerprint(sandbox.url, apiKey) }, log);
  log(`  ${walk.orders} orders in ${walk.walkSeconds.toFixed(1)} s`);
  const store = await SearchIndexStore.open(searchIndexPath(stateDir, stateName), { settledStatuses: SETTLED_STATUSES });
  const queries = callerQueries(store, Number(values.queries));
  log('typing in the console…');
  const typing = await measureTyping({ url: sandbox.url, apiKey, bundle: CONSOLE_BUNDLE, stateHome, store, queries, pauseMs: Number(values.pause) }, log);
  store.close();
  log('the console walking the index itself…');
  const consoleWalk = await measureConsoleWalk({ url: sandbox.url, apiKey, bundle: CONSOLE_BUNDLE });
  mkdirSync('bench/results', { recursive: true });
  const saved = `bench/results/search-${context.date.replace(/[: ]/g, '-').replace('-UTC', '')}.json`;
  writeFileSync(saved, JSON.stringify({ ...context, walk, typing, consoleWalk }));
  log(`samples saved to ${saved}`);
  process.stdout.write(`${report(context, walk, typing, consoleWalk)}\n`);
} finally {
  await sandbox.stop();
}
