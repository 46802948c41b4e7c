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
