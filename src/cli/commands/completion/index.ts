/**
 * `returns-console completion bash|zsh|fish`: a completion script generated from the flag
 * tables (completion-model.ts); `completion --profiles`: the profile names of the config
 * file, which the scripts ask for while completing --profile.
 */
import { booleanFlag, runCommand } from '../../command-runner.js';
import { loadConfigFile } from '../../config/index.js';
import { EXIT } from '../../exit-codes.js';
import { createProcessFactory, type Factory } from '../../factory.js';
import { usage } from '../../flags.js';
import { renderBashCompletion } from './bash.js';
import { buildCompletionModel, SHELLS, type CompletionModel, type Shell } from './completion-model.js';
import { COMPLETION_SPEC } from './completion-spec.js';
import { renderFishCompletion } from './fish.js';
import { renderZshCompletion } from './zsh.js';

const RENDERERS: Record<Shell, (model: CompletionModel) => string> = {
  bash: renderBashCompletion,
  zsh: renderZshCompletion,
  fish: renderFishCompletion,
};

/** Runs `completion`. */
export function run(argv: string[], factory: Factory = createProcessFactory()): Promise<number> {
  return runCommand(COMPLETION_SPEC, argv, factory, async (ctx) => {
    const [shell] = ctx.args.positionals;
    if (booleanFlag(ctx.args, 'profiles')) {
      const { config } = await loadConfigFile(factory);
      for (const name of Object.keys(config.profiles ?? {})) factory.io.stdout.write(`${name}\n`);
      return EXIT.ok;
    }
    if (shell === undefined) throw usage(COMPLETION_SPEC, `name a shell: ${SHELLS.join(', ')}`, 'SHELL');
    if (!(SHELLS as readonly string[]).includes(shell)) {
      throw usage(COMPLETION_SPEC, `no completion for ${JSON.stringify(shell)}; shells: ${SHELLS.join(', ')}`, 'SHELL');
    }
    factory.io.stdout.write(RENDERERS[shell as Shell](await buildCompletionModel()));
    return EXIT.ok;
  });
}
