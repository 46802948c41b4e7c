/**
 * The fault soak, short (test/helpers/soak.ts): commands and console sessions against the
 * sandbox with injected failures, dropped connections and latency spikes, each stopped at a
 * random moment by SIGTERM, SIGHUP, SIGINT or kill -9. Afterwards every write the sandbox
 * applied has exactly one activity-log outcome that agrees, none was applied twice, and no
 * saved draft was lost. Seeded (SOAK_SEED, printed); the long run is bench/soak/run.ts.
 */
import { describe, expect, it } from 'vitest';
import { assertBuilt } from '../helpers/pty.js';
import { runSoak } from '../helpers/soak.js';

const SEED = process.env.SOAK_SEED ?? `ci-${new Date().toISOString().slice(0, 10)}`;
const STEPS = Number(process.env.SOAK_STEPS ?? (process.env.CI ? 16 : 16));

describe('fault soak', () => {
  it(`every applied write has exactly one agreeing outcome, none twice, no draft lost (seed ${SEED})`, { timeout: 600_000 }, async () => {
    assertBuilt();
    console.log(`fault soak: seed ${SEED}, ${STEPS} steps (SOAK_SEED=${SEED} reproduces the choices)`);
    const report = await runSoak({ seed: SEED, steps: STEPS, onStep: (line) => console.log(line) });
    console.log(`fault soak: ${report.requests} requests, ${report.applied} writes applied, ${report.logged} writes logged, ${report.settledLater} settled by a later start, ${(report.elapsedMs / 1000).toFixed(0)} s`);
    expect(report.problems).toEqual([]);
    expect(report.applied).toBeGreaterThan(0);
    expect(new Set(report.steps.map((s) => s.ending)).size).toBeGreaterThan(1);
  });
});
