/**
 * `returns-console sandbox [options]` and `sandbox keys ...`. Serving prints the URL as
 * the first stdout line, then the demo keys when the database holds demo data, and runs
 * until SIGINT/SIGTERM (or io.signal), then closes cleanly and returns 0.
 */
import { SANDBOX_HELP } from './cli-help.js';
import { parseServeArgs } from './cli-args.js';
import { runKeysCli } from './cli-keys.js';
import { startSandbox } from './index.js';

export interface SandboxCliIo {
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
  readonly env: NodeJS.ProcessEnv;
  /** Stops the server like SIGINT (for in-process callers and tests). */
  readonly signal?: AbortSignal;
}

/** Runs the sandbox command; resolves to the exit code (2 = bad usage). */
export async function runSandboxCli(argv: string[], io: SandboxCliIo): Promise<number> {
  if (argv[0] === 'keys') return runKeysCli(argv.slice(1), io);
  const args = parseServeArgs(argv);
  if (args.kind === 'help') {
    io.stdout.write(SANDBOX_HELP);
    return 0;
  }
  if (args.kind === 'error') {
    io.stderr.write(`error: ${args.message}\nRun "returns-console sandbox --help" for the options.\n`);
    return 2;
  }
  let sandbox;
  try {
    sandbox = await startSandbox({
      ...args.options,
      env: io.env,
      log: (line) => io.stderr.write(line + '\n'),
    });
  } catch (error) {
    io.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
  io.stdout.write(`Sandbox listening on ${sandbox.url}\n`);
  if (sandbox.demoKeys.length > 0) {
    io.stdout.write('Demo API keys (development data; one per demo shop):\n');
    for (const k of sandbox.demoKeys) io.stdout.write(`  ${k.shopId.padEnd(12)} ${k.key}  ${k.shopName}\n`);
  }
  io.stderr.write(`Database: ${sandbox.dbPath === ':memory:' ? 'in memory' : sandbox.dbPath}. Stop with Ctrl-C.\n`);
  await waitForStop(io.signal);
  io.stderr.write('Stopping: finishing requests in flight…\n');
  await sandbox.close();
  io.stderr.write('Sandbox stopped.\n');
  return 0;
}

function waitForStop(signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      signal?.removeEventListener('abort', stop);
      resolve();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    if (signal?.aborted) stop();
    else signal?.addEventListener('abort', stop);
  });
}

