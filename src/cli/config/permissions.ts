/**
 * The ssh rule for secrets on disk: a key file, or the config file (its key_command or
 * key_file can lead to the key), must not be accessible by group or others. The check is
 * pure over a file mode, so it is tested without touching the disk.
 */
import { shellQuote } from '../../local/shell-quote.js';

/** Permission bits for group and others. */
const GROUP_OTHER_BITS = 0o077;

/** The mode as the four octal digits people type for chmod, e.g. "0644". */
export function octalMode(mode: number): string {
  return (mode & 0o7777).toString(8).padStart(4, '0');
}

/**
 * A sentence saying why `path` is refused and how to fix it, or null when its mode is
 * private. `what` names the file for people ("key file", "config file").
 */
export function insecureModeProblem(what: string, path: string, mode: number, platform: NodeJS.Platform): string | null {
  // Windows has no POSIX permission bits; Node reports synthetic modes there.
  if (platform === 'win32') return null;
  if ((mode & GROUP_OTHER_BITS) === 0) return null;
  const who = [(mode & 0o070) !== 0 ? 'group' : '', (mode & 0o007) !== 0 ? 'others' : ''].filter(Boolean).join(' and ');
  return `${what} ${path} has permissions ${octalMode(mode)}: ${who} can access it, so it is refused (as ssh does). Fix: chmod 600 ${shellQuote(path)}`;
}
