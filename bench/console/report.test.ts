/** The console benchmark's pure parts: quantiles, and replacing only its sections of the document. */
import { describe, expect, it } from 'vitest';
import { KEYS_TITLE, MEMORY_TITLE, renderSections, replaceSections, STARTUP_TITLE } from './report.js';
import { quantile, summarize } from './stats.js';

describe('stats', () => {
  it('takes nearest-rank quantiles', () => {
    const xs = [5, 1, 4, 2, 3];
    expect(quantile(xs, 0.5)).toBe(3);
    expect(quantile(xs, 0.9)).toBe(5);
    expect(quantile(xs, 0)).toBe(1);
    expect(summarize(Array.from({ length: 100 }, (_, i) => i + 1))).toMatchObject({ p50: 50, p95: 95, p99: 99, max: 100 });
  });
});

describe('report', () => {
  const keys = {
    firstByteMs: [5, 6, 7],
    frameMs: [8, 9, 30],
    pages: 100,
    cachedOrders: 10_000,
    keys: 3,
    pauseMs: 50,
    rss: { firstPage: 100 * 1024, paged: 140 * 1024, afterKeys: 141 * 1024, peak: 150 * 1024 },
    pagingSeconds: 30,
    cpuMsPerKey: 4.25,
  };
  const input = {
    date: '2026-11-22 04:00 UTC',
    node: '20.20.2',
    nproc: 2,
    loadAvg: [1, 2, 3],
    runs: 3,
    startup: { console: [300, 310, 320], baseline: [400, 410, 420], floor: [100, 110, 120], lastOrderName: '#N1' },
    keys,
    keysFloor: { firstByteMs: [1, 1, 2], frameMs: [1, 2, 2] },
    baselineKeys: keys,
    flaggedKeys: null,
    nodeFlags: [],
    floorRss: 50 * 1024,
    launchFlags: ['--max-semi-space-size=4'],
  };

  it('renders the three sections with results against the targets', () => {
    const [startup, keystrokes, memory] = renderSections(input);
    expect(startup!.text).toContain('| console, this build | 310 ms | 320 ms | 300 ms | 320 ms | 2.82x | – | – |');
    // With the CPU time each launch had used by its first page, next to the floor's.
    const cpu = { console: [200, 210, 220], baseline: [300, 310, 320], floor: [70, 70, 70] };
    const [withCpu] = renderSections({ ...input, startup: { ...input.startup, cpu } });
    expect(withCpu!.text).toContain('| console, this build | 310 ms | 320 ms | 300 ms | 320 ms | 2.82x | 210 ms | 3.00x |');
    expect(startup!.text).toContain('Result: 2.82x the floor at the median; the target is 3x: met.');
    // How the console was launched comes from the run, not from today's sources.
    expect(startup!.text).toContain("the flags of the bin's shebang (`--max-semi-space-size=4`");
    const [plain] = renderSections({ ...input, launchFlags: [] });
    expect(plain!.text).toContain("plain `node` (the bin's shebang is `#!/usr/bin/env node`)");
    expect(keystrokes!.text).toContain('| floor: bare node echoing each key | 1.0 ms | 2.0 ms | 2.0 ms | 2.0 ms | 2.0 ms | 2.0 ms | – |');
    // The console's own CPU time per key, which the load of other work hardly changes.
    expect(keystrokes!.text).toContain('| console, this build | 6.0 ms | 7.0 ms | 9.0 ms | 30 ms | 30 ms | 30 ms | 4.3 ms |');
    expect(keystrokes!.text).toContain('Result: p95 to the complete frame 30 ms; the target is 16 ms: missed.');
    expect(memory!.text).toContain('Result: 140 MiB (147 MB) after paging through 10,000 orders; the target is under 150 MB: met.');
    // 145 MiB is 152 MB: over the target, although under 150 in MiB.
    // On a machine loaded far beyond its cores, the result says the wall clock cannot judge the target.
    expect(keystrokes!.text).not.toContain('mostly waiting');
    const [, loaded] = renderSections({ ...input, loadAvg: [20, 20, 20] });
    expect(loaded!.text).toContain('The load average was 20 on 2 cores when this ran: the wall-clock figures are mostly waiting');
    const [, , over] = renderSections({ ...input, keys: { ...keys, rss: { ...keys.rss, paged: 145 * 1024 } } });
    expect(over!.text).toContain('Result: 145 MiB (152 MB) after paging through 10,000 orders; the target is under 150 MB: missed.');
  });

  it('puts the stack floor next to the floor and splits the console\'s time over the floor between them', () => {
    const startup = { ...input.startup, stack: [200, 210, 220], cpu: { console: [200, 210, 220], baseline: null, floor: [70, 70, 70], stack: [140, 140, 150] } };
    const [withStack] = renderSections({ ...input, startup });
    expect(withStack!.text).toContain('| stack floor: undici, zod, Ink and React, 50 plain rows | 210 ms | 220 ms | 200 ms | 220 ms | 1.91x | 140 ms | 2.00x |');
    expect(withStack!.text).toContain(
      "Of the console's 200 ms over the floor, the stack floor takes 100 ms (it is 1.91x the floor); the console's own work beyond it is 100 ms (0.91x the floor).",
    );
    const [withFirst] = renderSections({ ...input, startup: { ...startup, firstLaunch: [330, 340, 350] } });
    expect(withFirst!.text).toContain('| console, this build, first launch (empty compile cache) | 340 ms | 350 ms | 330 ms | 350 ms | 3.09x | – | – |');
    expect(withFirst!.text).toContain('the first-launch row starts each time with an empty one');
    // Saved runs from before the stack floor render as they did.
    const [without] = renderSections(input);
    expect(without!.text).not.toContain('| stack floor');
    expect(without!.text).not.toContain("the console's own work beyond it");
    expect(without!.text).not.toContain('| console, this build, first launch');
  });

  it('replaces only its own sections and keeps the others', () => {
    const doc = ['# Benchmarks', '', '## Bulk receives (npm run bench:bulk)', '', 'bulk text', '', STARTUP_TITLE, '', 'old start-up', ''].join('\n');
    const out = replaceSections(doc, renderSections(input));
    expect(out).toContain('bulk text');
    expect(out).not.toContain('old start-up');
    for (const title of [STARTUP_TITLE, KEYS_TITLE, MEMORY_TITLE]) expect(out.split(title).length).toBe(2);
    expect(replaceSections(out, renderSections(input))).toBe(out);
  });
});
