/**
 * The entry point: `returns-console [command] [options]`. Commands load lazily (the table in
 * command-table.ts) so that starting the console (or one command) never loads the others.
 */
import { unsupportedNodeMessage } from './node-support.js';
import { enableCompileCache } from './compile-cache.js';
import { scrubSecrets } from '../api/client/redact.js';
import { didYouMean } from '../format/did-you-mean.js';
import { exitOnProcessOutputErrors } from './closed-pipe.js';
import { COMMANDS, COMMAND_NAMES, renderUsage, type CommandEntry } from './command-table.js';
import { EXIT } from './exit-codes.js';

// Before anything else: on an old Node a command would fail somewhere inside a dependency.
const nodeTooOld = unsupportedNodeMessage(process.versions.node);

async function main(argv: string[]): Promise<number> {
  exitOnProcessOutputErrors();
  const [name, ...rest] = argv;
  if (name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(renderUsage());
    return 0;
  }
  if (name === '--version' || name === '-V') return runCommandModule(COMMANDS.version, rest);
  // No command, or only flags (`returns-console --sandbox`): the console.
  if (name === undefined || name.startsWith('-')) return runCommandModule(COMMANDS.console, argv);
  const entry: CommandEntry | undefined = Object.hasOwn(COMMANDS, name) ? COMMANDS[name as keyof typeof COMMANDS] : undefined;
  if (!entry) {
    // Scrubbed: a key pasted in the wrong place must not be echoed.
    process.stderr.write(
      scrubSecrets(
        `error: Unknown command ${JSON.stringify(name ?? '')}.${didYouMean(name ?? '', COMMAND_NAMES)} Commands: ${COMMAND_NAMES.join(', ')}. [usage_error]\n` +
          'hint: Run `returns-console --help` for usage.\n',
      ),
    );
    return 2;
  }
  return runCommandModule(entry, rest);
}

async function runCommandModule(entry: CommandEntry, argv: string[]): Promise<number> {
  const [command, { createProcessFactory }] = await Promise.all([entry.load(), import('./factory.js')]);
  return command.run(argv, createProcessFactory());
}

if (nodeTooOld) {
  process.stderr.write(nodeTooOld);
  process.exitCode = EXIT.failure;
} else {
  // Before the command's modules load, so that they are compiled once and then read from disk.
  enableCompileCache();
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      // Never print internals that might hold a key: only the message.
      process.stderr.write(scrubSecrets(`error: ${error instanceof Error ? error.message : String(error)}\n`));
      process.exitCode = 1;
    },
  );
}
