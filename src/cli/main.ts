/**
 * The entry point: `returns-console [command] [options]`. Commands load lazily so that
 * starting the console (or one command) never loads the others (start-up speed).
 */
import { scrubSecrets } from '../api/client/redact.js';
import { didYouMean } from '../format/did-you-mean.js';
import { exitQuietlyOnClosedPipe } from './closed-pipe.js';
import type { Factory } from './factory.js';

type CommandModule = { run(argv: string[], factory: Factory): Promise<number> };

const COMMANDS: Record<string, () => Promise<CommandModule>> = {
  console: () => import('./commands/console/index.js'),
  list: () => import('./commands/list/index.js'),
  show: () => import('./commands/show/index.js'),
  review: () => import('./commands/review/index.js'),
  receive: () => import('./commands/receive/index.js'),
  config: () => import('./commands/config/index.js'),
  sandbox: () => import('./commands/sandbox/index.js'),
};

const USAGE = `Usage: returns-console [command] [flags]

Without a command (or with only flags) the console opens: see \`returns-console console --help\`.

Commands:
  console   Open the console (the default): list, filters, review, receive
  list      List return orders (filters, every page, table/TSV/JSON/NDJSON/CSV)
  show      Show one return order with its items
  review    Review every pending item of an order (approve all, or decisions from a file)
  receive   Mark reviewed orders received (one or many)
  config    Show the resolved configuration and where each value came from
  sandbox   Run the local sandbox service, manage its keys

Run \`returns-console <command> --help\` for a command's flags.
`;

async function main(argv: string[]): Promise<number> {
  exitQuietlyOnClosedPipe(process.stdout);
  exitQuietlyOnClosedPipe(process.stderr);
  const [name, ...rest] = argv;
  if (name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(USAGE);
    return 0;
  }
  // No command, or only flags (`returns-console --sandbox`): the console.
  if (name === undefined || name.startsWith('-')) return runCommandModule(COMMANDS.console!, argv);
  const load = name === undefined ? undefined : COMMANDS[name];
  if (!load) {
    // Scrubbed: a key pasted in the wrong place must not be echoed.
    process.stderr.write(
      scrubSecrets(
        `error: Unknown command ${JSON.stringify(name ?? '')}.${didYouMean(name ?? '', Object.keys(COMMANDS))} Commands: ${Object.keys(COMMANDS).join(', ')}. [usage_error]\n` +
          'hint: Run `returns-console --help` for usage.\n',
      ),
    );
    return 2;
  }
  return runCommandModule(load, rest);
}

async function runCommandModule(load: () => Promise<CommandModule>, argv: string[]): Promise<number> {
  const [command, { createProcessFactory }] = await Promise.all([load(), import('./factory.js')]);
  return command.run(argv, createProcessFactory());
}

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
