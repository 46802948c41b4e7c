/**
 * Keystroke to results on screen: the built console in a real pseudo-terminal with the
 * walked index of 100,000 orders, `/`, then what callers say typed one character at a time
 * (names, e-mail addresses, order names with and without #, original order ids, product
 * words, SKUs). For each key: the time from writing it to the end of the frame (Ink's
 * end-of-update marker) whose prompt shows the text so far and whose first match is the one
 * the index gives for it. The resident set of the console is read along the way.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { SearchIndexStore } from '../../src/local/search-index/index.js';
import { benchEnv, spawnRun } from '../console/pty-run.js';
import { TimedScreen } from '../console/timed-screen.js';

const COLS = 140;
const ROWS = 40;
/** End of a synchronized update: Ink's frame is complete. */
const ESU = '\u001b[?2026l';
const PROMPT = 'Find (customer, e-mail, order, product, SKU): ';

export interface TypingSamples {
  readonly queries: readonly string[];
  readonly keys: number;
  readonly frameMs: readonly number[];
  /** Undefined when the console ended before its CPU time was read. */
  readonly cpuMsPerKey: number | undefined;
  /** Resident set (KiB): the index open and searched, after the keys, and the peak. */
  readonly rss: { readonly indexOpen: number; readonly afterKeys: number; readonly peak: number };
}

/** A small seeded generator (mulberry32), so every run types the same queries. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What callers say, from `count` orders of the index picked with a fixed seed. */
export function callerQueries(store: SearchIndexStore, count: number): string[] {
  const ids = store.newestIds(1_000_000);
  const next = random(29);
  const kinds = ['name', 'email', 'order', 'order#', 'ref', 'product', 'sku', 'last name'] as const;
  const queries: string[] = [];
  for (let i = 0; i < count; i++) {
    const r = store.get(ids[Math.floor(next() * ids.length)]!)!;
    const kind = kinds[i % kinds.length]!;
    const text = {
      name: `${r.firstName} ${r.lastName}`,
      'last name': r.lastName,
      email: r.email,
      order: r.orderName.replace(/^#/, ''),
      'order#': r.orderName,
      ref: r.orderRef,
      product: (r.products[0] ?? r.lastName).split(' ').slice(0, 2).join(' '),
      sku: r.skus[0] ?? r.orderRef,
    }[kind];
    queries.push(text.toLowerCase());
  }
  return queries;
}

/** The first match's id for each text (null: none), as the console's index gives it. */
function expectedFirst(store: SearchIndexStore, text: string): number | null {
  return store.find(text, 50).hits[0]?.record.id ?? null;
}

/** Types `queries` into `/` of the console built as `bundle`, whose state directory holds the walked index. */
export async function measureTyping(
  options: { readonly url: string; readonly apiKey: string; readonly bundle: string; readonly stateHome: string; readonly store: SearchIndexStore; readonly queries: readonly string[]; readonly pauseMs: number },
  log: (line: string) => void,
): Promise<TypingSamples> {
  const screen = new TimedScreen(COLS, ROWS);
  const env = benchEnv({ RETURNS_API_KEY: options.apiKey, XDG_STATE_HOME: options.stateHome });
  const { run } = spawnRun([options.bundle, '--base-url', options.url], env, COLS, ROWS, (data, at) => screen.feed(data, at));
  const text = (lines: readonly string[]) => lines.join('\n');
  try {
    await screen.waitFor((lines) => text(lines).includes('page 1 '), { from: 0, timeoutMs: 30_000 });
    await sleep(500);
    run.write('/');
    await screen.waitFor((lines) => /Index of [\d,]+ orders/.test(text(lines)), { from: 0, timeoutMs: 60_000 });
    await sleep(500);
    const indexOpen = run.memory().rssKiB;
    const frameMs: number[] = [];
    const cpuBefore = run.cpuMs();
    for (const [q, query] of options.queries.entries()) {
      for (let n = 1; n <= query.length; n++) {
        const typed = query.slice(0, n);
        const first = expectedFirst(options.store, typed);
        const from = screen.parsedLength();
        const t0 = performance.now();
        run.write(query[n - 1]!);
        const done = await screen
          .waitFor(
            (lines, output) => {
              if (!output.includes(ESU)) return false;
              if (!lines.some((l) => l.trimEnd() === `${PROMPT}${typed}`.trimEnd())) return false;
              return first === null ? text(lines).includes('no match') : lines.some((l) => l.startsWith(`› ${first}  `));
            },
            { from, timeoutMs: 10_000 },
          )
          .catch((error: unknown) => {
            throw new Error(`after typing "${typed}" the first match should be ${first ?? 'none'}: ${String(error)}`);
          });
        frameMs.push(done - t0);
        await sleep(options.pauseMs);
      }
      // Ctrl+U empties the field for the next query (not timed).
      run.write('\u0015');
      await screen.waitFor((lines) => lines.some((l) => l.startsWith(PROMPT) && l.includes('a name, e-mail')), { from: 0, timeoutMs: 10_000 });
      await sleep(options.pauseMs);
      if ((q + 1) % 8 === 0) log(`  typed ${q + 1} of ${options.queries.length} queries`);
    }
    const keys = frameMs.length;
    const cpuAfter = run.cpuMs();
    const cpuMsPerKey = cpuBefore === undefined || cpuAfter === undefined ? undefined : (cpuAfter - cpuBefore) / keys;
    const memory = run.memory();
    return { queries: options.queries, keys, frameMs, cpuMsPerKey, rss: { indexOpen, afterKeys: memory.rssKiB, peak: memory.hwmKiB } };
  } finally {
    await run.kill();
  }
}
