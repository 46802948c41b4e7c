/**
 * The first walk of the search index over the benchmark's shop, as the console and `search`
 * run it (SearchIndex.refresh through a client with its lanes), timed against the floor the
 * service's rate limit sets: one request per page of 100 at `rate` requests a second. Meanwhile
 * a console request (a first page of 50, in the foreground lane) goes out every second, and
 * its time is kept: the walk must not starve the console.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { RequestLanes } from '../../src/api/bulk/index.js';
import { createClient } from '../../src/api/client/index.js';
import { SearchIndex } from '../../src/ops/search-index/index.js';

export interface WalkSamples {
  readonly orders: number;
  readonly pages: number;
  readonly rate: number;
  readonly walkSeconds: number;
  /** pages / rate. */
  readonly floorSeconds: number;
  /** (pages - burst) / rate: the floor with the service's initial burst spent first. */
  readonly burstFloorSeconds: number;
  /** 429 answers the walk got (from the lanes' limiter). */
  readonly rateLimited: number;
  /** Time of each console request made during the walk (ms), and how many were answered 429 first. */
  readonly foregroundMs: readonly number[];
  readonly foregroundRateLimited: number;
  /** The console requests' time before the walk (ms), for comparison. */
  readonly foregroundIdleMs: readonly number[];
}

/** Walks the shop of `apiKey` into an index at `stateDir`/`stateName`. */
export async function measureWalk(
  options: { readonly url: string; readonly apiKey: string; readonly rate: number; readonly stateDir: string; readonly stateName: string; readonly connection: string },
  log: (line: string) => void,
): Promise<WalkSamples> {
  let foregroundRateLimited = 0;
  const lanes = new RequestLanes();
  const client = createClient({ baseUrl: options.url, apiKey: options.apiKey, lanes });
  const foreground = async (): Promise<number> => {
    const t0 = performance.now();
    await client.listPage({ limit: 50, hooks: { onRetry: (info) => void (info.reason === 'rate_limited' && foregroundRateLimited++) } });
    return performance.now() - t0;
  };
  // The service's bucket is full again after two idle seconds; the idle times come first.
  const foregroundIdleMs: number[] = [];
  for (let i = 0; i < 5; i++) {
    foregroundIdleMs.push(await foreground());
    await sleep(1_000);
  }
  await sleep(2_000);
  foregroundRateLimited = 0;

  const index = await SearchIndex.open({ client, stateDir: options.stateDir, stateName: options.stateName, connection: options.connection, now: Date.now });
  const foregroundMs: number[] = [];
  let isWalking = true;
  const probes = (async () => {
    while (isWalking) {
      await sleep(1_000);
      if (isWalking) foregroundMs.push(await foreground());
    }
  })();
  let lastLog = 0;
  const t0 = performance.now();
  await index.refresh({
    onProgress: (p) => {
      if (p.seen - lastLog >= 10_000) {
        lastLog = p.seen;
        log(`  walked ${p.seen} orders, ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      }
    },
  });
  const walkSeconds = (performance.now() - t0) / 1000;
  isWalking = false;
  await probes;
  const orders = index.status.count;
  await index.close();
  const pages = Math.ceil(orders / 100);
  const samples: WalkSamples = {
    orders,
    pages,
    rate: options.rate,
    walkSeconds,
    floorSeconds: pages / options.rate,
    burstFloorSeconds: Math.max(0, pages - 2 * options.rate) / options.rate,
    rateLimited: lanes.snapshot.limiter.rateLimitedCount - foregroundRateLimited,
    foregroundMs,
    foregroundRateLimited,
    foregroundIdleMs,
  };
  await client.close();
  return samples;
}
