/**
 * The sandbox's defaults (data directory, database path, port, limits). Light on purpose:
 * the command line's flag table reads them without loading the database.
 */
import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * The directory for the persistent sandbox database: $RETURNS_SANDBOX_DATA_DIR, else
 * $XDG_DATA_HOME/returns-console, else ~/.local/share/returns-console.
 */
export function sandboxDataDir(env: NodeJS.ProcessEnv): string {
  if (env.RETURNS_SANDBOX_DATA_DIR) return env.RETURNS_SANDBOX_DATA_DIR;
  const base = env.XDG_DATA_HOME || join(homedir(), '.local', 'share');
  return join(base, 'returns-console');
}

/** The default database file when no --db is given and no fixture is loaded. */
export function defaultDbPath(env: NodeJS.ProcessEnv): string {
  return join(sandboxDataDir(env), 'sandbox.db');
}

export const DEFAULT_PORT = 4010;
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_RATE_LIMIT = 20;
export const DEFAULT_CURSOR_TTL_SECONDS = 900;
/** Demo orders generated into an empty database. */
export const DEFAULT_DEMO_ORDERS = 2400;

/**
 * How long the sandbox waits for what a client sends (ms), each answered 408 request_timeout
 * when it runs out: a request's headers, a whole request (headers and body), and a pause
 * while its body arrives. Node's own defaults let a body trickle for five minutes.
 */
export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
export const DEFAULT_IDLE_TIMEOUT_MS = 10_000;
