/** Order statistics of samples (pure). */

/** The q-quantile (0..1) by the nearest-rank method. */
export function quantile(samples: readonly number[], q: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length)));
  return sorted[rank - 1]!;
}

export interface Summary {
  readonly n: number;
  readonly min: number;
  readonly p50: number;
  readonly p90: number;
  readonly p95: number;
  readonly p99: number;
  readonly max: number;
}

/** n, min, p50, p90, p95, p99, max. */
export function summarize(samples: readonly number[]): Summary {
  return {
    n: samples.length,
    min: Math.min(...samples),
    p50: quantile(samples, 0.5),
    p90: quantile(samples, 0.9),
    p95: quantile(samples, 0.95),
    p99: quantile(samples, 0.99),
    max: Math.max(...samples),
  };
}

/**
 * A distribution-free 95% confidence interval of the median: the order statistics around
 * it whose ranks the binomial distribution of n samples puts 1.96 standard deviations
 * from the middle (nearest ranks, clamped to the samples).
 */
export function medianInterval(samples: readonly number[]): { readonly low: number; readonly high: number } {
  if (samples.length === 0) return { low: NaN, high: NaN };
  const sorted = [...samples].sort((a, b) => a - b);
  const n = sorted.length;
  const half = 0.98 * Math.sqrt(n);
  const low = Math.max(1, Math.floor(n / 2 - half));
  const high = Math.min(n, Math.ceil(n / 2 + half) + 1);
  return { low: sorted[low - 1]!, high: sorted[high - 1]! };
}

/** The ratio of each pair of samples taken together (`a[i] / b[i]`), skipping pairs without both. */
export function pairedRatios(a: readonly (number | null)[], b: readonly (number | null)[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i];
    const y = b[i];
    if (x !== null && x !== undefined && y !== null && y !== undefined && y > 0) out.push(x / y);
  }
  return out;
}
