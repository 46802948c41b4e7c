/** Forking a benchmark server child (TypeScript through tsx) and stopping it cleanly. */
import { fork, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));

export interface ServerChild {
  /** Base URL as the child reported it (the sandbox's includes /public-api/v1). */
  readonly url: string;
  readonly port: number;
  readonly pid: number;
  readonly keys: readonly { readonly shopId: string; readonly key: string }[];
  /** Asks the child to stop and waits for it to exit (killed after 15 s). */
  stop(): Promise<void>;
}

interface Ready {
  type: 'ready';
  url: string;
  port: number;
  keys: { shopId: string; key: string }[];
}

/**
 * Forks `children/<script>` with `arg`; `cpuProfDir` turns on V8's CPU profiler in the
 * child (the profile is written when it exits). `root`: another checkout (a baseline
 * worktree) whose own child script, sources and tsx are used instead of this one's.
 */
export function startChild(script: string, arg: string, cpuProfDir?: string, root?: string): Promise<ServerChild> {
  const execArgv = ['--import', 'tsx', ...(cpuProfDir ? ['--cpu-prof', '--cpu-prof-dir', cpuProfDir] : [])];
  const path = root ? join(root, 'bench', 'sandbox', 'children', script) : join(HERE, 'children', script);
  const child = fork(path, [arg], { execArgv, cwd: root, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`${script} exited with code ${code} before it was ready`));
    child.once('exit', onExit);
    child.once('error', reject);
    child.once('message', (message: Ready) => {
      child.off('exit', onExit);
      resolve({ url: message.url, port: message.port, pid: child.pid!, keys: message.keys, stop: () => stopChild(child) });
    });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.send({ type: 'stop' });
  });
}
