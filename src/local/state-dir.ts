/**
 * The state directory (drafts, the audit log, per-profile memory) is private: created 0700,
 * and one that group or others can write to is refused (they could plant links or edit the
 * audit log), as is one owned by another user, each with the command that fixes it.
 */
import { mkdir, stat } from 'node:fs/promises';
import { shellQuote } from './shell-quote.js';

/** Why the state directory cannot be used, with the fix; `code` for the error line. */
export class StateDirError extends Error {
  override readonly name = 'StateDirError';

  constructor(
    message: string,
    /** The command (or step) that fixes it. */
    readonly fix: string,
  ) {
    super(message);
  }
}


/**
 * Creates the state directory (mode 0700, parents included) when missing, and checks an
 * existing one. Throws a StateDirError saying what is wrong and how to fix it.
 */
export async function prepareStateDir(path: string, platform: NodeJS.Platform = process.platform): Promise<void> {
  try {
    await mkdir(path, { recursive: true, mode: 0o700 });
  } catch (error) {
    // A file where the directory belongs: said below in words.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const info = await stat(path);
  if (!info.isDirectory()) {
    throw new StateDirError(`the state directory ${path} is not a directory`, `Move it away (mv ${shellQuote(path)} ${shellQuote(`${path}.old`)}) and start again.`);
  }
  // Windows has no POSIX owner or mode bits; Node reports synthetic ones there.
  if (platform === 'win32') return;
  const uid = process.getuid?.();
  if (uid !== undefined && info.uid !== uid) {
    throw new StateDirError(`the state directory ${path} belongs to another user (uid ${info.uid})`, `Use a directory of your own: set XDG_STATE_HOME, or run: sudo chown -R ${uid} ${shellQuote(path)}`);
  }
  if ((info.mode & 0o022) !== 0) {
    const mode = (info.mode & 0o777).toString(8).padStart(4, '0');
    const who = [(info.mode & 0o020) !== 0 ? 'group' : '', (info.mode & 0o002) !== 0 ? 'others' : ''].filter(Boolean).join(' and ');
    throw new StateDirError(`the state directory ${path} has permissions ${mode}: ${who} can write to it, so it is refused`, `chmod 700 ${shellQuote(path)}`);
  }
}
