/** A command timed to its exit reports its own CPU time as it exits, which /proc no longer could. */
import { describe, expect, it } from 'vitest';
import { runCommandOnce } from './measure-command.js';
import { benchEnv } from './pty-run.js';

describe('runCommandOnce', () => {
  it('times a process to its exit and gets the CPU time it reported at exit', async () => {
    const busy = await runCommandOnce(['-e', 'let x = 0; for (let i = 0; i < 5e7; i++) x += i;'], benchEnv({}));
    const idle = await runCommandOnce(['-e', '0'], benchEnv({}));
    expect(busy.cpuMs).toBeTypeOf('number');
    expect(busy.cpuMs!).toBeGreaterThan(idle.cpuMs!);
    expect(busy.ms).toBeGreaterThan(0);
  });

  it('fails with what the command wrote to stderr when it exits with an error', async () => {
    await expect(runCommandOnce(['-e', "console.error('no such order'); process.exit(3)"], benchEnv({}))).rejects.toThrow(/exited with 3: no such order/);
  });
});
