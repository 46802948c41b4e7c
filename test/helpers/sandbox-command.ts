/**
 * `returns-console sandbox` of an installed command (the npm-installed bin, a standalone
 * binary) as a process: started on port 0 with demo data, its URL and first demo key read
 * from what it prints, stopped with SIGTERM.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface SandboxCommand {
  readonly url: string;
  /** The first demo key it printed. */
  readonly key: string;
  /** Stops it; resolves with its exit code. */
  stop(): Promise<number | null>;
}

/** Starts `command sandbox --port 0 --demo-orders N` with `env`; resolves once it listens. */
export async function startSandboxCommand(command: string, env: Record<string, string>, demoOrders = 40): Promise<SandboxCommand> {
  const child = spawn(command, ['sandbox', '--port', '0', '--demo-orders', String(demoOrders)], { env });
  const exited = new Promise<number | null>((done) => child.on('exit', done));
  try {
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    const next = async () => ((await lines.next()).value as string | undefined) ?? '';
    const url = /^Sandbox listening on (\S+)$/.exec(await next())?.[1];
    const heading = await next();
    const key = /\b(sk_[0-9a-f]{64})\b/.exec(await next())?.[1];
    if (!url || !/^Demo API keys/.test(heading) || !key) throw new Error('the sandbox did not print its URL and demo keys');
    return {
      url,
      key,
      stop: () => {
        child.kill('SIGTERM');
        return exited;
      },
    };
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
}
