/**
 * Seeds and run counts for property tests that drive the console (each case costs a
 * sandbox and a second or two): a fixed number of cases and a fixed seed in CI, a new seed
 * each local run; FC_SEED and FC_RUNS override both. The seed is printed, so a failure is
 * reproduced with FC_SEED=<seed>, and its one case with FC_PATH=<path> as fast-check prints it.
 */

/** fast-check's options for `name`: `ciRuns` cases in CI (and by default). */
export function propertyRuns(name: string, ciRuns: number): { readonly seed: number; readonly numRuns: number; readonly path?: string } {
  const isCi = process.env.CI === 'true';
  const seed = Number(process.env.FC_SEED ?? (isCi ? 2026 : Math.floor(Math.random() * 2 ** 31)));
  const numRuns = Number(process.env.FC_RUNS ?? ciRuns);
  console.info(`${name}: fast-check seed ${seed}, ${numRuns} runs (FC_SEED=${seed} to repeat)`);
  // FC_PATH replays the one case fast-check reported (with its seed).
  return { seed, numRuns, ...(process.env.FC_PATH !== undefined && { path: process.env.FC_PATH }) };
}
