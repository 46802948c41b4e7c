/**
 * Start-up of the standalone binary against the npm-installed command and the bare-Node
 * floor, in one run: from the launch in a real pty to the 50th order of the first page on
 * screen, against the benchmark's sandbox (bench/console/sandbox.ts), launches of each kind
 * in rotating order. Writes its section of docs/benchmarks.md.
 *
 *   npx tsx bench/binary/run.ts [--runs 30] [--binary PATH] [--no-write]
 *
 * Needs the build (`npm run build`) and the binary of this machine
 * (`npm run build:binaries -- --target linux-x64`). The floor and the npm-installed command
 * run on the same Node build as the one inside the binary (from the binaries' cache).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
// @ts-expect-error: plain ES modules of the scripts, without types
import { BINARY_NODE_VERSION, binaryName, hostTarget, officialNode } from '../../scripts/build-binaries.mjs';
import { lastOfFirstPage } from '../console/measure-startup.js';
import { benchEnv, emptyCacheDir, spawnRun } from '../console/pty-run.js';
import { API_KEY, startSandboxChild } from '../console/sandbox.js';
import { summarize } from '../console/stats.js';
import { replaceSection } from '../sandbox/report.js';

const TITLE = '## Standalone binary start-up (npx tsx bench/binary/run.ts)';
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '30' },
    binary: { type: 'string' },
    'no-write': { type: 'boolean', default: false },
  },
});
const log = (line: string) => process.stderr.write(`${line}\n`);
const ROOT = process.cwd();
const BUNDLE = join(ROOT, 'dist', 'returns-console.js');
const binary = values.binary ?? join(ROOT, 'dist', 'binaries', binaryName(hostTarget()));
for (const [path, how] of [
  [BUNDLE, 'npm run build'],
  [binary, `npm run build:binaries -- --target ${hostTarget()}`],
] as const) {
  if (!existsSync(path)) {
    log(`${path} is missing: run "${how}" first.`);
    process.exit(2);
  }
}

interface Kind {
  readonly name: string;
  readonly file: string;
  readonly args: (url: string) => string[];
  /** Every launch with an empty cache directory: a first launch after an install. */
  readonly isFirstLaunch?: boolean;
  readonly samples: number[];
  readonly cpu: number[];
}

/** One launch until `marker` is on screen: ms from spawn and CPU ms by then; `isQuitting`: q as a user quits (the compile cache is written then). */
async function once(kind: Kind, url: string, marker: string, isQuitting = false): Promise<{ ms: number; cpuMs: number | undefined }> {
  const env = benchEnv({ RETURNS_API_KEY: API_KEY, ...(kind.isFirstLaunch && { XDG_CACHE_HOME: emptyCacheDir() }) });
  const { run, startedAt } = spawnRun(kind.args(url), env, 160, 60, undefined, kind.file);
  try {
    const at = await run.waitFor((text) => text.includes(marker), { timeoutMs: 30_000 });
    const launch = { ms: at - startedAt, cpuMs: run.cpuMs() };
    if (isQuitting) {
      run.write('q');
      await Promise.race([run.exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    }
    return launch;
  } finally {
    await run.kill();
  }
}

const runs = Number(values.runs);
// The floor and the npm-installed command run on the very Node build inside the binary.
const node = officialNode(hostTarget(), BINARY_NODE_VERSION);
log('starting the sandbox child (fixture of 10,028 visible orders)…');
const sandbox = await startSandboxChild();
const floorArgs = (url: string) => [join(ROOT, 'bench', 'console', 'floor.mjs'), url];
const installedArgs = (url: string) => [BUNDLE, '--base-url', url];
const binaryArgs = (url: string) => ['--base-url', url];
const kinds: Kind[] = [
  { name: 'floor: bare node + fetch', file: node, args: floorArgs, samples: [], cpu: [] },
  { name: 'npm-installed command', file: node, args: installedArgs, samples: [], cpu: [] },
  { name: 'standalone binary', file: binary, args: binaryArgs, samples: [], cpu: [] },
  { name: 'npm-installed command, first launch (empty compile cache)', file: node, args: installedArgs, isFirstLaunch: true, samples: [], cpu: [] },
  { name: 'standalone binary, first launch (writes its files, empty compile cache)', file: binary, args: binaryArgs, isFirstLaunch: true, samples: [], cpu: [] },
];
const context = { date: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC', nproc: cpus().length, load: loadavg() };
try {
  const marker = await lastOfFirstPage(sandbox.url);
  // The warm-ups quit as a user does: the compile cache (and the binary's files) are written once.
  for (const kind of kinds) await once(kind, sandbox.url, marker, kind !== kinds[0]);
  for (let i = 0; i < runs; i++) {
    for (let k = 0; k < kinds.length; k++) {
      const kind = kinds[(i + k) % kinds.length]!;
      const launch = await once(kind, sandbox.url, marker);
      kind.samples.push(launch.ms);
      if (launch.cpuMs !== undefined) kind.cpu.push(launch.cpuMs);
    }
    log(`  run ${i + 1}/${runs}: ${kinds.map((k) => `${k.samples.at(-1)!.toFixed(0)} ms`).join(', ')}`);
  }
} finally {
  await sandbox.stop();
}

const floor = summarize(kinds[0]!.samples).p50;
const floorCpu = summarize(kinds[0]!.cpu).p50;
const rows = kinds.map((k) => {
  const s = summarize(k.samples);
  const c = summarize(k.cpu).p50;
  return `| ${k.name} | ${s.p50.toFixed(0)} ms | ${s.p90.toFixed(0)} ms | ${(s.p50 / floor).toFixed(2)}x | ${c.toFixed(0)} ms | ${(c / floorCpu).toFixed(2)}x |`;
});
const median = (kind: Kind) => summarize(kind.samples).p50;
const binaryVsInstalled = median(kinds[2]!) / median(kinds[1]!);
const section = [
  TITLE,
  '',
  `Run on ${context.date}: Node ${BINARY_NODE_VERSION} throughout (inside the binary, and the same build of it for the floor and the npm-installed command); ${context.nproc} cores shared with other work (load average ${context.load.map((l) => l.toFixed(1)).join(' / ')} at the start).`,
  'Reproduce with `npm run build && npm run build:binaries -- --target linux-x64 && npx tsx bench/binary/run.ts`.',
  '',
  'From the launch in a real pseudo-terminal (160x60) to the 50th order of the first page on screen, against the',
  "console benchmark's sandbox in a child process, as in \"Console start-up\". The npm-installed command is what",
  '`npm install -g` links, `dist/returns-console.js` run by node. Its compile cache and the binary\'s files were',
  'written by a warm-up launch that quit with q, as a user\'s earlier session would; the first-launch rows start',
  `each time with an empty cache directory. ${runs} launches of each, in rotating order, after one warm-up launch of each.`,
  '',
  '| | median | p90 | median vs floor | CPU time, median | CPU time vs floor |',
  '|---|---|---|---|---|---|',
  ...rows,
  '',
  `Result: the binary starts in ${binaryVsInstalled.toFixed(2)}x the time of the npm-installed command (the target: at most 1x).`,
  '',
].join('\n');
process.stdout.write(section);
if (!values['no-write']) {
  const path = join(ROOT, 'docs', 'benchmarks.md');
  writeFileSync(path, replaceSection(readFileSync(path, 'utf8'), section, TITLE));
  log(`wrote ${TITLE} to docs/benchmarks.md`);
}
