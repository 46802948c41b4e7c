/**
 * The builds without one measure each: every variant's edits still fit the sources (a
 * measure whose code moved must fail here, not measure the same build twice), the paired
 * statistics, and the comparison section.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { medianInterval, pairedRatios } from './stats.js';
import { applyEdits, parseVariantNames, VARIANTS } from './variants.js';
import { ratioCell, renderVariantsSection } from './variants-report.js';

const ROOT = join(import.meta.dirname, '..', '..');

describe('variants', () => {
  it.each(Object.entries(VARIANTS).filter(([, v]) => (v.edits ?? []).length > 0))('%s: each edit fits the sources exactly once and changes them', (_, variant) => {
    for (const file of new Set(variant.edits!.map((e) => e.file))) {
      const source = readFileSync(join(ROOT, file), 'utf8');
      const edited = applyEdits(file, source, variant.edits!);
      expect(edited).not.toBe(source);
    }
  });

  it('refuses an edit that does not fit, and a name it does not know', () => {
    expect(() => applyEdits('a.ts', 'x x', [{ file: 'a.ts', search: 'x', replace: 'y' }])).toThrow(/found 2/);
    expect(() => applyEdits('a.ts', 'z', [{ file: 'a.ts', search: 'x', replace: 'y' }])).toThrow(/found 0/);
    expect(parseVariantNames('same, compile-cache')).toEqual(['same', 'compile-cache']);
    expect(() => parseVariantNames('same,nope')).toThrow(/no measure is named nope/);
  });

  it('names only source patches that the build knows', async () => {
    // @ts-expect-error: a plain ES module of the build, without types
    const { PATCHES } = (await import('../../scripts/source-patch-plugin.mjs')) as { PATCHES: { name: string }[] };
    const names = new Set(PATCHES.map((p) => p.name));
    for (const variant of Object.values(VARIANTS)) {
      const args = variant.buildArgs ?? [];
      const i = args.indexOf('--without');
      if (i !== -1) expect(names.has(args[i + 1]!)).toBe(true);
    }
  });
});

describe('paired statistics', () => {
  it('pairs samples by position, skipping pairs with a missing side', () => {
    expect(pairedRatios([2, null, 9, 4], [1, 3, 3])).toEqual([2, 3]);
  });

  it('puts the median inside its interval, which narrows as samples grow', () => {
    const xs = Array.from({ length: 40 }, (_, i) => i + 1);
    const wide = medianInterval(xs.slice(0, 10));
    const narrow = medianInterval(xs);
    expect(wide.low).toBeLessThanOrEqual(5);
    expect(wide.high).toBeGreaterThanOrEqual(6);
    expect(narrow.low).toBeGreaterThan(12);
    expect(narrow.high).toBeLessThan(29);
    expect(narrow.high - narrow.low).toBeLessThan(((wide.high - wide.low) * 4) / 1);
    expect(ratioCell([])).toBe('–');
    expect(ratioCell([1.1, 1.2, 1.3])).toMatch(/^1\.20 \(1\.10-1\.30\)$/);
  });
});

describe('the comparison section', () => {
  const keys = (cpu: number, paged: number) => ({
    firstByteMs: [1, 2],
    frameMs: [5, 6],
    pages: 100,
    cachedOrders: 10_000,
    keys: 2,
    pauseMs: 50,
    rss: { firstPage: 1, paged, afterKeys: 1, peak: 1 },
    pagingSeconds: 1,
    cpuMsPerKey: cpu,
    bytesPerKey: 180,
  });
  const input = {
    date: '2026-11-28 05:00 UTC',
    node: '22.22.0',
    nproc: 2,
    loadAvg: [1, 1, 1],
    runs: 3,
    startup: {
      console: [100, 110, 120],
      baseline: null,
      floor: [50, 50, 50],
      cpu: { console: [90, 90, null], baseline: null, floor: [40, 40, 40] },
      variants: [{ name: 'compile-cache', label: "Node's compile cache", ms: [120, 132, 144], cpu: [99, 108, 99], firstLaunch: null }],
      command: {
        args: ['list', '--limit', '1'],
        ms: [80, 80, 80],
        cpu: [60, 60, 60],
        variants: [{ name: 'compile-cache', label: "Node's compile cache", ms: [88, 88, 96], cpu: [66, 66, 66], firstLaunch: null }],
      },
      lastOrderName: '#N1',
    },
    keysRounds: [keys(4, 100_000)],
    variantKeys: [{ name: 'compile-cache', label: "Node's compile cache", rounds: [keys(6, 110_000)] }],
    without: ['compile-cache'],
    rounds: 1,
  };

  it('renders each build against this one, with the command that repeats the run', () => {
    const [section] = renderVariantsSection(input);
    expect(section!.title).toBe('## Each speed measure against the build without it, Node 22');
    expect(section!.text).toContain('run.ts all --without compile-cache --runs 3 --command "list --limit 1"\'');
    expect(section!.text).toContain("| Node's compile cache (`compile-cache`) | 88 ms | 66 ms | 1.10 (1.10-1.20) | 1.10 (1.10-1.10) |");
    expect(section!.text).toContain("| Node's compile cache (`compile-cache`) | 132 ms | 120-144 ms | 99 ms | 1.20 (1.20-1.20) | 1.10 (1.10-1.20) |");
    expect(section!.text).toContain("| Node's compile cache (`compile-cache`) | 6.0 ms | 1.50 (1.50-1.50) | 6.0 ms | 180 B | 113 MB | 1.10 (1.10-1.10) |");
    expect(renderVariantsSection({ ...input, without: [] })).toEqual([]);
    const smaller = renderVariantsSection({ ...input, keyOptions: { pages: 50, keys: 200, pauseMs: 50 } })[0]!.text;
    expect(smaller).toContain('--keys 200 --pages 50\'');
  });
});
