/**
 * The harness's reads of /proc for a process in a pseudo-terminal: a process that has already
 * ended (node-pty reaps it at once) has no CPU time to read, and saying so must not crash a
 * benchmark run; one that runs has.
 */
import { describe, expect, it } from 'vitest';
import { benchEnv, processCpuMs, readProcFile, spawnRun } from './pty-run.js';

describe('spawnRun', () => {
  it('reads the CPU time of a process that runs, and none once it has ended', async () => {
    const { run } = spawnRun(['-e', "let x = 0; for (let i = 0; i < 3e7; i++) x += i; process.stdout.write('ready ' + x); setInterval(() => {}, 1e6);"], benchEnv({}), 80, 24);
    try {
      await run.waitFor((text) => text.includes('ready'), { timeoutMs: 20_000 });
      const cpu = run.cpuMs();
      expect(cpu).toBeTypeOf('number');
      expect(cpu).toBeGreaterThanOrEqual(0);
    } finally {
      await run.kill();
    }
    expect(run.cpuMs()).toBeUndefined();
  });

  it('gives no CPU time, without throwing, for a process that printed and exited at once', async () => {
    // The start-up floor used to be such a process: its page out, it exited while the harness
    // was about to read its CPU time, and the read threw ENOENT on a loaded machine.
    const { run } = spawnRun(['-e', "process.stdout.write('page')"], benchEnv({}), 80, 24);
    await run.waitFor((text) => text.includes('page'), { timeoutMs: 20_000 });
    await run.exited;
    expect(() => run.cpuMs()).not.toThrow();
    expect(run.cpuMs()).toBeUndefined();
    expect(() => run.memory()).toThrow(/ended before its memory was read/);
  });

  it('reads nothing, without throwing, from the /proc entry of a process that is gone', () => {
    // A pid above Linux's largest (2^22): never a process.
    expect(readProcFile(4_194_305, 'stat')).toBeUndefined();
  });

  it("reads CPU time finer than the clock tick, summing the threads to about /proc/PID/stat's whole-process figure", async () => {
    const { run } = spawnRun(['-e', "let x = 0; for (let i = 0; i < 5e7; i++) x += i; process.stdout.write('ready ' + x); setInterval(() => {}, 1e6);"], benchEnv({}), 80, 24);
    try {
      await run.waitFor((text) => text.includes('ready'), { timeoutMs: 20_000 });
      const stat = readProcFile(run.pid, 'stat')!;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticksMs = (Number(fields[11]) + Number(fields[12])) * 10;
      const cpu = processCpuMs(run.pid)!;
      // Idle now: the two readings differ by the ticks' rounding, not by work done in between.
      expect(Math.abs(cpu - ticksMs)).toBeLessThan(25);
      expect(cpu % 10).not.toBe(0);
    } finally {
      await run.kill();
    }
  });
});
