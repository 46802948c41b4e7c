/** `returns-console version` and `--version`: the package's version (package.json, bundled at build time). */
import pkg from '../../../../package.json' with { type: 'json' };
import { runCommand } from '../../command-runner.js';
import { EXIT } from '../../exit-codes.js';
import { createProcessFactory, type Factory } from '../../factory.js';
import type { CommandSpec } from '../../flags.js';

/** The version, from package.json: the one place it is written. */
export const VERSION: string = pkg.version;

export const VERSION_SPEC: CommandSpec = {
  name: 'version',
  summary: 'Print the version of returns-console.',
  flags: [],
  examples: ['returns-console --version'],
};

/** Runs `version`. */
export function run(argv: string[], factory: Factory = createProcessFactory()): Promise<number> {
  return runCommand(VERSION_SPEC, argv, factory, async () => {
    factory.io.stdout.write(`returns-console ${VERSION}\n`);
    return EXIT.ok;
  });
}
