/** Where the console keeps drafts, the audit log and per-profile memory (XDG state directory). */
import { join } from 'node:path';

/** $XDG_STATE_HOME/returns-console, else ~/.local/state/returns-console. */
export function consoleStateDir(env: Readonly<Record<string, string | undefined>>, homeDir: string): string {
  const base = env.XDG_STATE_HOME || join(homeDir, '.local', 'state');
  return join(base, 'returns-console');
}
