/**
 * The two ways of running 500 receives that the benchmark compares, each against its own
 * fresh sandbox: through the bulk queue, and a plain sequential loop of single requests.
 * Both count what the sandbox actually applied, from its request log.
 */
import { runBulk } from '../../src/api/bulk/index.js';
import { createClient, type ReturnsApiClient } from '../../src/api/client/index.js';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';

export interface RunStats {
  readonly name: string;
  /** Added per-request latency of the sandbox (ms), standing in for a remote service. */
  readonly latencyMs: number;
  readonly wallMs: number;
  readonly items: number;
  /** Outcomes reported: ok (of which already applied), failed; lost = items without one. */
  readonly ok: number;
  readonly alreadyApplied: number;
  readonly failed: number;
  readonly lost: number;
  /** Items reported more than once. */
  readonly duplicateOutcomes: number;
  /** Orders the sandbox answered 200 to a receive for more than once (applied twice). */
  readonly appliedTwice: number;
  /** Orders `received` when read back through the interface afterwards. */
  readonly receivedAfter: number;
  /** 429 answers the sandbox sent, and requests it saw for receives in all. */
  readonly rateLimited: number;
  readonly requests: number;
  readonly failedCodes: Readonly<Record<string, number>>;
}

export interface SandboxUnderTest {
  readonly sandbox: RunningSandbox;
  readonly latencyMs: number;
  /** Status of each receive answer, by order id, from the sandbox's request log. */
  readonly receives: Map<number, number[]>;
}

/** A fresh in-process sandbox with the fixture and the rate limit, logging every request. */
export async function startLoggedSandbox(fixturePath: string, rateLimit: number, latencyMs: number): Promise<SandboxUnderTest> {
  const receives = new Map<number, number[]>();
  const sandbox = await startSandbox({
    host: '127.0.0.1',
    port: 0,
    dataPath: fixturePath,
    rateLimit,
    latencyMs,
    quiet: false,
    log: (line) => {
      const m = /^POST \S*\/return_orders\/(\d+)\/receive (\d{3}) /.exec(line);
      if (!m) return;
      const id = Number(m[1]);
      receives.set(id, [...(receives.get(id) ?? []), Number(m[2])]);
    },
  });
  return { sandbox, receives, latencyMs };
}

async function countReceived(client: ReturnsApiClient, ids: readonly number[]): Promise<number> {
  let received = 0;
  for (let i = 0; i < ids.length; i += 100) {
    const page = await client.listPage({ filters: { ids: ids.slice(i, i + 100) }, limit: 100 });
    received += page.data.filter((o) => o.status === 'received').length;
  }
  return received;
}

function serverCounts(under: SandboxUnderTest): { appliedTwice: number; rateLimited: number; requests: number } {
  let appliedTwice = 0;
  let rateLimited = 0;
  let requests = 0;
  for (const statuses of under.receives.values()) {
    requests += statuses.length;
    rateLimited += statuses.filter((s) => s === 429).length;
    if (statuses.filter((s) => s === 200).length > 1) appliedTwice += 1;
  }
  return { appliedTwice, rateLimited, requests };
}

/** 500 receives through the bulk queue, its limit unknown to it (the interface does not show it). */
export async function runQueued(under: SandboxUnderTest, apiKey: string, ids: readonly number[], concurrency: number): Promise<RunStats> {
  const client = createClient({ baseUrl: under.sandbox.url, apiKey });
  const seen = new Map<number, number>();
  const started = performance.now();
  const report = await runBulk(ids, (id, call) => client.receive(id, call), {
    concurrency,
    onOutcome: (o) => seen.set(o.item, (seen.get(o.item) ?? 0) + 1),
  });
  const wallMs = performance.now() - started;
  const failedCodes: Record<string, number> = {};
  for (const o of report.outcomes) if (o.status === 'failed') failedCodes[o.error.code] = (failedCodes[o.error.code] ?? 0) + 1;
  const receivedAfter = await countReceived(client, ids);
  await client.close();
  return {
    name: `bulk queue (concurrency ${concurrency}, adaptive limiter)`,
    latencyMs: under.latencyMs,
    wallMs,
    items: ids.length,
    ok: report.counts.ok,
    alreadyApplied: report.counts.alreadyApplied,
    failed: report.counts.failed,
    lost: ids.filter((id) => !seen.has(id)).length,
    duplicateOutcomes: [...seen.values()].filter((n) => n > 1).length,
    receivedAfter,
    failedCodes,
    ...serverCounts(under),
  };
}

/** The same receives one after another, each a single client call (with the client's own retries). */
export async function runSequential(under: SandboxUnderTest, apiKey: string, ids: readonly number[]): Promise<RunStats> {
  const client = createClient({ baseUrl: under.sandbox.url, apiKey });
  let ok = 0;
  let alreadyApplied = 0;
  const failedCodes: Record<string, number> = {};
  const started = performance.now();
  for (const id of ids) {
    try {
      const result = await client.receive(id);
      ok += 1;
      if (result.isAlreadyApplied) alreadyApplied += 1;
    } catch (error) {
      const code = (error as { code?: string }).code ?? 'unknown';
      failedCodes[code] = (failedCodes[code] ?? 0) + 1;
    }
  }
  const wallMs = performance.now() - started;
  const receivedAfter = await countReceived(client, ids);
  await client.close();
  const failed = Object.values(failedCodes).reduce((a, b) => a + b, 0);
  return {
    name: 'sequential loop of single requests',
    latencyMs: under.latencyMs,
    wallMs,
    items: ids.length,
    ok,
    alreadyApplied,
    failed,
    lost: ids.length - ok - failed,
    duplicateOutcomes: 0,
    receivedAfter,
    failedCodes,
    ...serverCounts(under),
  };
}
