/**
 * The commands of `returns-console`: each one's summary (the top-level `--help` and the
 * completion scripts) and the module that runs it, loaded on use so that starting one
 * command never loads the others (start-up speed).
 */
import type { Factory } from './factory.js';

/** What a command's module exports. */
export interface CommandModule {
  run(argv: string[], factory: Factory): Promise<number>;
}

export interface CommandEntry {
  readonly summary: string;
  readonly load: () => Promise<CommandModule>;
}

/** The one list of commands, in the order `--help` shows them. */
export const COMMANDS = {
  console: { summary: 'Open the console (the default): list, filters, review, receive', load: () => import('./commands/console/index.js') },
  list: { summary: 'List return orders (filters, every page, table/TSV/JSON/NDJSON/CSV)', load: () => import('./commands/list/index.js') },
  search: { summary: 'Find return orders by customer, e-mail, order name, product or SKU', load: () => import('./commands/search/index.js') },
  show: { summary: 'Show one return order with its items', load: () => import('./commands/show/index.js') },
  review: { summary: 'Review every pending item of an order (approve all, or decisions from a file)', load: () => import('./commands/review/index.js') },
  receive: { summary: 'Mark reviewed orders received (one or many)', load: () => import('./commands/receive/index.js') },
  overview: { summary: 'Orders per status, pending orders by age, the oldest pending, your activity', load: () => import('./commands/overview/index.js') },
  config: { summary: 'Show the resolved configuration and where each value came from', load: () => import('./commands/config/index.js') },
  sandbox: { summary: 'Run the local sandbox service, manage its keys', load: () => import('./commands/sandbox/index.js') },
  completion: { summary: 'Print a shell completion script (bash, zsh, fish)', load: () => import('./commands/completion/index.js') },
  version: { summary: 'Print the version', load: () => import('./commands/version/index.js') },
} as const satisfies Record<string, CommandEntry>;

export type CommandName = keyof typeof COMMANDS;

/** Command names, in table order. */
export const COMMAND_NAMES = Object.keys(COMMANDS) as CommandName[];

/** The top-level `--help`. */
export function renderUsage(): string {
  const width = Math.max(...COMMAND_NAMES.map((n) => n.length));
  return [
    'Usage: returns-console [command] [flags]',
    '',
    'Without a command (or with only flags) the console opens: see `returns-console console --help`.',
    '',
    'Commands:',
    ...COMMAND_NAMES.map((name) => `  ${name.padEnd(width)}  ${COMMANDS[name].summary}`),
    '',
    'Flags:',
    '  -h, --help     Show this help',
    '  -V, --version  Print the version',
    '',
    "Run `returns-console <command> --help` for a command's flags.",
    '',
  ].join('\n');
}
