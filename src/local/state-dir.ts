/**
 * The state directory (drafts, the audit log, per-profile memory) is private: created 0700,
 * and one that group or others can write to is refused (they could plant links or edit the
 * audit log), as is one owned by another user, each with the command that fixes it (the
 * rule: private-dir.ts).
 */
import { mkdir, stat } from 'node:fs/promises';
import { privateDirProblem } from './private-dir.js';

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
  // Windows has no POSIX owner or mode bits; Node reports synthetic ones there.
  const uid = platform === 'win32' ? undefined : process.getuid?.();
  const problem = privateDirProblem({ what: 'the state directory', elsewhere: 'set XDG_STATE_HOME' }, path, await stat(path), uid);
  if (problem) throw new StateDirError(problem.message, problem.fix);
}
