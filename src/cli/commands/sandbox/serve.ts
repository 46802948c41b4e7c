/**
 * `returns-console sandbox [flags]`: starts the sandbox, prints the URL as the first stdout
 * line and then the demo keys when the database holds demo data, and serves until Ctrl-C
 * (SIGINT) or SIGTERM; then it lets requests in flight finish, closes and exits 0.
 */
import type { RunningSandbox, SandboxOptions } from '../../../sandbox/index.js';
import { CliError } from '../../cli-error.js';
import type { CommandContext } from '../../command-runner.js';
import { EXIT, type ExitCode } from '../../exit-codes.js';
import { parseServeOptions } from './sandbox-args.js';

/** Serves until stopped. */
export async function serve(ctx: CommandContext): Promise<ExitCode> {
  const options = parseServeOptions(ctx.args);
  const { io } = ctx.factory;
  const sandbox = await start({
    ...options,
    env: ctx.factory.env as NodeJS.ProcessEnv,
    log: (line) => io.stderr.write(`${line}\n`),
  });
  const { output } = ctx;
  output.write(`Sandbox listening on ${sandbox.url}\n`);
  if (sandbox.demoKeys.length > 0) {
    // The demo keys are development data the sandbox derives from its seed: printing them is
    // the point (the scrubber would hide them).
    output.write('Demo API keys (development data; one per demo shop):\n');
    for (const k of sandbox.demoKeys) output.write(`  ${k.shopId.padEnd(12)} ${k.key}  ${output.text(k.shopName)}\n`);
  }
  io.stderr.write(`Database: ${sandbox.dbPath === ':memory:' ? 'in memory' : sandbox.dbPath}. Stop with Ctrl-C.\n`);
  await stopRequested(ctx);
  io.stderr.write('Stopping: finishing requests in flight…\n');
  await sandbox.close();
  io.stderr.write('Sandbox stopped.\n');
  return EXIT.ok;
}

/** Starts it; a failure (a broken fixture, a port in use) is an error line and exit 1. */
async function start(options: SandboxOptions): Promise<RunningSandbox> {
  const { startSandbox } = await import('../../../sandbox/index.js');
  try {
    return await startSandbox(options);
  } catch (error) {
    throw new CliError({
      code: 'sandbox_not_started',
      type: 'sandbox_error',
      message: error instanceof Error ? error.message : String(error),
      exitCode: EXIT.failure,
    });
  }
}

/** Resolves at Ctrl-C, SIGTERM or SIGHUP (the factory's stop signals). */
function stopRequested(ctx: CommandContext): Promise<void> {
  return new Promise((resolve) => {
    const unsubscribe = ctx.factory.onStopSignal(() => {
      unsubscribe();
      resolve();
    });
  });
}
