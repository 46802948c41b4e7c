/**
 * `returns-console completion bash|zsh|fish`: a completion script generated from the flag
 * tables (completion-model.ts); `completion --profiles` (`--views`): the profile (view) names
 * of the config file, which the scripts ask for while completing --profile (--view).
 */
import { booleanFlag, runCommand } from '../../command-runner.js';
import { loadConfigFile, type LoadedConfigFile } from '../../config/index.js';
import { EXIT } from '../../exit-codes.js';
import { createProcessFactory, type Factory } from '../../factory.js';
import { usage } from '../../flags.js';
import { renderBashCompletion } from './bash.js';
import { buildCompletionModel, SHELLS, type CompletionModel, type Shell } from './completion-model.js';
import { COMPLETION_SPEC, CONFIG_NAME_FLAGS, type ConfigNames } from './completion-spec.js';
import { renderFishCompletion } from './fish.js';
import { renderZshCompletion } from './zsh.js';

const RENDERERS: Record<Shell, (model: CompletionModel) => string> = {
  bash: renderBashCompletion,
  zsh: renderZshCompletion,
  fish: renderFishCompletion,
};

/**
 * The names of the config file's `sections`; none when the file is missing, unreadable or
 * invalid: a completion shows no error at the prompt, and the error could quote the file.
 */
async function configNames(factory: Factory, sections: readonly ConfigNames[]): Promise<string[]> {
  const config: LoadedConfigFile['config'] = await loadConfigFile(factory).then(
    (loaded) => loaded.config,
    () => ({}),
  );
  return sections.flatMap((section) => Object.keys(config[section] ?? {}));
}

/** Runs `completion`. */
export function run(argv: string[], factory: Factory = createProcessFactory()): Promise<number> {
  return runCommand(COMPLETION_SPEC, argv, factory, async (ctx) => {
    const [shell] = ctx.args.positionals;
    const sections = Object.values(CONFIG_NAME_FLAGS).filter((section) => booleanFlag(ctx.args, section));
    if (sections.length > 0) {
      for (const name of await configNames(factory, sections)) factory.io.stdout.write(`${name}\n`);
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
