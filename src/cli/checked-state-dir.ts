/** The state directory of a command that keeps local state (the console, `search`), checked first. */
import { defaultStateDir } from '../local/state-paths.js';
import { prepareStateDir, StateDirError } from '../local/state-dir.js';
import { CliError } from './cli-error.js';
import type { Factory } from './factory.js';

/** The state directory, created 0700 or checked (exit 2 with the fix when it is not private). */
export async function checkedStateDir(factory: Factory): Promise<string> {
  const path = defaultStateDir(factory.env, factory.homeDir);
  try {
    await prepareStateDir(path, factory.platform);
  } catch (error) {
    const isKnown = error instanceof StateDirError;
    throw new CliError({
      code: 'state_dir_unusable',
      type: 'config_error',
      message: isKnown ? error.message : `the state directory ${path} cannot be created: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
      hint: isKnown ? `Fix: ${error.fix}` : 'Check that its parent directory exists and is yours, or set XDG_STATE_HOME.',
    });
  }
  return path;
}
