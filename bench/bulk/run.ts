/**
 * `npm run bench:bulk`: 500 receives against a sandbox limited to 20 requests per second,
 * through the bulk queue and, for comparison, as a plain sequential loop. Prints the
 * markdown section and writes it into docs/benchmarks.md (only that section).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bulkIds, makeBulkFixture } from '../../test/helpers/bulk-fixture.js';
import { KEYS } from '../../test/helpers/fixture.js';
import { runQueued, runSequential, startLoggedSandbox, type RunStats, type SandboxUnderTest } from './measure.js';
import { meetsTargets, renderSection, replaceSection } from './report.js';

const RATE_LIMIT = 20;
const ITEMS = 500;
const CONCURRENCY = 4;
/** Added latency of the second pair of runs, standing in for a service across a network. */
const REMOTE_LATENCY_MS = 100;

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const docPath = join(root, 'docs', 'benchmarks.md');

async function withSandbox(
  fixturePath: string,
  latencyMs: number,
  run: (under: SandboxUnderTest) => Promise<RunStats>,
): Promise<RunStats> {
  const under = await startLoggedSandbox(fixturePath, RATE_LIMIT, latencyMs);
  try {
    return await run(under);
  } finally {
    await under.sandbox.close();
  }
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'rc-bench-bulk-'));
  const fixturePath = join(dir, 'fixture.json');
  writeFileSync(fixturePath, JSON.stringify(makeBulkFixture(ITEMS)));
  const ids = bulkIds(ITEMS);
  const loadAvg = loadavg();
  try {
    const queue = (under: SandboxUnderTest) => runQueued(under, KEYS.north, ids, CONCURRENCY);
    const loop = (under: SandboxUnderTest) => runSequential(under, KEYS.north, ids);
    const say = (what: string) => process.stderr.write(`${what}: ${ITEMS} receives at --rate-limit ${RATE_LIMIT} on a fresh sandbox…\n`);
    say('bulk queue, loopback');
    const queued = await withSandbox(fixturePath, 0, queue);
    say('sequential loop, loopback');
    const sequential = await withSandbox(fixturePath, 0, loop);
    say(`bulk queue, +${REMOTE_LATENCY_MS} ms`);
    const remoteQueued = await withSandbox(fixturePath, REMOTE_LATENCY_MS, queue);
    say(`sequential loop, +${REMOTE_LATENCY_MS} ms`);
    const remoteSequential = await withSandbox(fixturePath, REMOTE_LATENCY_MS, loop);
    const input = {
      date: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
      node: process.versions.node,
      nproc: availableParallelism(),
      loadAvg,
      rateLimit: RATE_LIMIT,
      burst: RATE_LIMIT * 2,
      items: ITEMS,
      queued,
      sequential,
      remote: [remoteQueued, remoteSequential],
    };
    const section = renderSection(input);
    process.stdout.write(section);
    mkdirSync(dirname(docPath), { recursive: true });
    const current = existsSync(docPath) ? readFileSync(docPath, 'utf8') : '';
    writeFileSync(docPath, replaceSection(current, section));
    process.stderr.write(`written to ${docPath}\n`);
    if (!meetsTargets(input)) process.exitCode = 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:bulk failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
