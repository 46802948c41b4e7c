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
