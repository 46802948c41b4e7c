/**
 * One load run with autocannon's programmatic API, plus what autocannon does not give
 * precisely: latency percentiles at sub-millisecond resolution (autocannon's histogram
 * keeps whole milliseconds) and the CPU time the server child and this process used.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export interface LoadSettings {
  readonly connections: number;
  /** Measured seconds per run. */
  readonly durationS: number;
  /** Unmeasured warm-up seconds before each run (JIT, page cache). */
  readonly warmupS: number;
}

export interface LoadTarget {
  /** Origin, e.g. http://127.0.0.1:1234 */
  readonly origin: string;
  /**
   * Request paths with query. Several paths are handed out round-robin across all
   * connections (one shared counter), so consecutive requests ask for different paths.
   */
  readonly paths: readonly string[];
  readonly headers: Readonly<Record<string, string>>;
  /** Server child pid, to read its CPU time. */
  readonly serverPid: number;
}

export interface LoadResult {
  readonly requests: number;
  readonly non2xx: number;
  readonly errors: number;
  readonly timeouts: number;
  readonly elapsedS: number;
  readonly rps: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  /** Average bytes per response as read off the socket (headers + body). */
  readonly bytesPerResponse: number;
  /** CPU seconds per wall second (1 = one core busy), or null off Linux. */
  readonly serverCpu: number | null;
  readonly loadgenCpu: number;
}

interface AutocannonResult {
  requests: { total: number };
  throughput: { total: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  duration: number;
}
interface AutocannonInstance {
  on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): void;
}
type Autocannon = (
  options: Record<string, unknown>,
  done: (error: Error | null, result: AutocannonResult) => void,
) => AutocannonInstance;

const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

function fire(
  target: LoadTarget,
  request: Record<string, unknown>,
  settings: LoadSettings,
  durationS: number,
  onLatency?: (ms: number) => void,
) {
  return new Promise<AutocannonResult>((resolve, reject) => {
    const instance = autocannon(
      {
        url: target.origin,
        connections: settings.connections,
        duration: durationS,
        headers: target.headers,
        requests: [request],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    if (onLatency) instance.on('response', (_c, status, _b, ms) => status === 200 && onLatency(ms));
  });
}

/** One request entry: a fixed path, or a setupRequest handing out `paths` round-robin. */
function requestOf(paths: readonly string[]): Record<string, unknown> {
  if (paths.length === 1) return { method: 'GET', path: paths[0] };
  let next = 0;
  return {
    method: 'GET',
    setupRequest: (request: Record<string, unknown>) => ({ ...request, path: paths[next++ % paths.length] }),
  };
}

/** CPU seconds (user + system) a Linux process has used so far, or null. */
function cpuSeconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14 and 15 of stat (utime, stime) are at 11 and 12 after the command name.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

/**
 * Warm-up, then one measured run. A walk continues where the warm-up stopped, so a long
 * walk keeps asking for pages not requested before.
 */
export async function measure(target: LoadTarget, settings: LoadSettings): Promise<LoadResult> {
  const request = requestOf(target.paths);
  if (settings.warmupS > 0) await fire(target, request, settings, settings.warmupS);
  const latencies: number[] = [];
  const serverBefore = cpuSeconds(target.serverPid);
  const selfBefore = process.cpuUsage();
  const started = performance.now();
  const result = await fire(target, request, settings, settings.durationS, (ms) => latencies.push(ms));
  const elapsedS = (performance.now() - started) / 1000;
  const self = process.cpuUsage(selfBefore);
  const serverAfter = cpuSeconds(target.serverPid);
  const sorted = Float64Array.from(latencies).sort();
  return {
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    elapsedS,
    rps: latencies.length / elapsedS,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted.length ? sorted[sorted.length - 1]! : Number.NaN,
    bytesPerResponse: result.requests.total ? result.throughput.total / result.requests.total : 0,
    serverCpu: serverBefore === null || serverAfter === null ? null : (serverAfter - serverBefore) / elapsedS,
    loadgenCpu: (self.user + self.system) / 1e6 / elapsedS,
  };
}
