/**
 * What telling scans from typing costs a typed key: the built console in a real pty against
 * the sandbox (a small fixture), keys written one at a time at a typist's pace, each timed
 * from the write to the end of the frame that shows it (Ink's synchronized-output end
 * marker). Three kinds: j on the list (a move: never held), a letter typed into quick find
 * (held up to 30 ms while it could start a scan), and Backspace there (not printable: never held).
 *
 *   node scripts/build.mjs && npx tsx bench/console/measure-held-keys.ts [keys per kind]
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { startTestSandbox } from '../../test/helpers/sandbox.js';
import { KEYS, makeFixture } from '../../test/helpers/fixture.js';
import { benchEnv, spawnRun, type PtyRun } from './pty-run.js';
import { summarize } from './stats.js';

const ESU = '\u001b[?2026l';
const PAUSE_MS = 120;

/** Writes `key` and resolves with the ms until the first complete frame after it. */
async function timeKey(run: PtyRun, key: string): Promise<number> {
  const from = run.output().length;
  const start = performance.now();
  run.write(key);
  const end = await run.waitFor((text) => text.includes(ESU), { from, timeoutMs: 10_000 });
  return end - start;
}

async function main(): Promise<void> {
  const keys = Number(process.argv[2] ?? 60);
  const sandbox = await startTestSandbox({ fixture: makeFixture(200) });
  const { run } = spawnRun(['dist/returns-console.js', '--base-url', sandbox.url], benchEnv({ RETURNS_API_KEY: KEYS.north }), 120, 40);
  try {
    await run.waitFor((t) => t.includes('#N1197'), { timeoutMs: 30_000 });
    await sleep(500);
    const move: number[] = [];
    for (let i = 0; i < keys; i++) {
      move.push(await timeKey(run, i % 2 === 0 ? 'j' : 'k'));
      await sleep(PAUSE_MS);
    }
    run.write('/');
    await run.waitFor((t) => t.includes('Find (order name or id)'), { timeoutMs: 10_000 });
    await sleep(500);
    const letter: number[] = [];
    const backspace: number[] = [];
    for (let i = 0; i < keys; i++) {
      letter.push(await timeKey(run, 'x'));
      await sleep(PAUSE_MS);
      backspace.push(await timeKey(run, '\u007f'));
      await sleep(PAUSE_MS);
    }
    const row = (name: string, samples: number[]) => {
      const s = summarize(samples);
      return `${name.padEnd(34)} p50 ${s.p50.toFixed(1)} ms  p95 ${s.p95.toFixed(1)} ms  max ${s.max.toFixed(1)} ms  (n=${samples.length})`;
    };
    console.log(row('j/k on the list (never held)', move));
    console.log(row('letter in quick find (held)', letter));
    console.log(row('Backspace in quick find (not held)', backspace));
  } finally {
    await run.kill();
    await sandbox.close();
  }
}

await main();
