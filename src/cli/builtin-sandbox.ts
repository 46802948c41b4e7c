/**
 * The built-in sandbox: the sandbox started inside this process on 127.0.0.1 (any free
 * port) with this user's persistent demo data ($XDG_DATA_HOME/returns-console/sandbox.db),
 * reached with its first demo key. The console starts it when nothing is configured or with
 * --sandbox, the commands with --sandbox: the same data and the same shop, so what
 * `receive --sandbox` changes the console shows.
 */
import { CliError } from './cli-error.js';
import { EXIT } from './exit-codes.js';
import type { FlagSpec } from './flags.js';

/** The profile name of the built-in sandbox (its drafts, memory and activity log are its own). */
export const BUILTIN_SANDBOX_PROFILE = 'sandbox';

/** `--sandbox` of the commands that talk to the service. */
export const SANDBOX_FLAG: FlagSpec = {
  name: 'sandbox',
  type: 'boolean',
  description: "Use the built-in sandbox with the console's demo data (no base URL or key needed)",
};

export interface BuiltinSandbox {
  /** Its base URL, e.g. http://127.0.0.1:41234/public-api/v1. */
  readonly url: string;
  /** The demo key the console uses. */
  readonly apiKey: string;
  readonly dbPath: string;
  /** Stops it; the demo data stays in `dbPath`. */
  close(): Promise<void>;
}

/** Starts the built-in sandbox (loaded on use: no other run pays for it); throws a CliError when its database has no demo key. */
export async function startBuiltinSandbox(env: Readonly<Record<string, string | undefined>>): Promise<BuiltinSandbox> {
  const { startSandbox } = await import('../sandbox/index.js');
  const running = await startSandbox({ host: '127.0.0.1', port: 0, quiet: true, env });
  const key = running.demoKeys[0];
  if (!key) {
    await running.close();
    throw new CliError({
      code: 'sandbox_no_demo_key',
      message: `the sandbox database ${running.dbPath} has no usable demo key`,
      hint: 'Remove that file to start again with fresh demo data, or use `returns-console sandbox keys create`.',
      exitCode: EXIT.failure,
    });
  }
  return { url: running.url, apiKey: key.key, dbPath: running.dbPath, close: () => running.close() };
}
