/**
 * The commands of `returns-console`, the one list of them: each one's summary (the top-level
 * `--help`), its flag table (completion scripts, docs/commands.md) and the module that runs
 * it, loaded on use so that starting one command never loads the others (start-up speed).
 */
import type { Factory } from './factory.js';
import type { CommandSpec } from './flags.js';

/** What a command's module exports. */
export interface CommandModule {
  run(argv: string[], factory: Factory): Promise<number>;
}

export interface CommandEntry {
  readonly summary: string;
  readonly load: () => Promise<CommandModule>;
  /** Its flags and subcommands (loaded with its module, for completion and the docs). */
  readonly spec: () => Promise<CommandSpec>;
}

/** The one list of commands, in the order `--help` shows them. */
export const COMMANDS = {
  console: {
    summary: 'Open the console (the default): list, filters, review, receive',
    load: () => import('./commands/console/index.js'),
    spec: async () => (await import('./commands/console/console-args.js')).CONSOLE_SPEC,
  },
  list: {
    summary: 'List return orders (filters, every page, table/TSV/JSON/NDJSON/CSV)',
    load: () => import('./commands/list/index.js'),
    spec: async () => (await import('./commands/list/index.js')).LIST_SPEC,
  },
  search: {
    summary: 'Find return orders by customer, e-mail, order name, product or SKU',
    load: () => import('./commands/search/index.js'),
    spec: async () => (await import('./commands/search/index.js')).SEARCH_SPEC,
  },
  show: {
    summary: 'Show one return order with its items',
    load: () => import('./commands/show/index.js'),
    spec: async () => (await import('./commands/show/index.js')).SHOW_SPEC,
  },
  review: {
    summary: 'Review every pending item of an order (approve all, or decisions from a file)',
    load: () => import('./commands/review/index.js'),
    spec: async () => (await import('./commands/review/index.js')).REVIEW_SPEC,
  },
  receive: {
    summary: 'Mark reviewed orders received (one or many)',
    load: () => import('./commands/receive/index.js'),
    spec: async () => (await import('./commands/receive/index.js')).RECEIVE_SPEC,
  },
  overview: {
    summary: 'Orders per status, pending orders by age, the oldest pending, your activity',
    load: () => import('./commands/overview/index.js'),
    spec: async () => (await import('./commands/overview/index.js')).OVERVIEW_SPEC,
  },
  config: {
    summary: 'Show the resolved configuration and where each value came from',
    load: () => import('./commands/config/index.js'),
    spec: async () => (await import('./commands/config/index.js')).CONFIG_SPEC,
  },
  sandbox: {
    summary: 'Run the local sandbox service, manage its keys',
    load: () => import('./commands/sandbox/index.js'),
    spec: async () => (await import('./commands/sandbox/sandbox-spec.js')).SANDBOX_SPEC,
  },
  completion: {
    summary: 'Print a shell completion script (bash, zsh, fish)',
    load: () => import('./commands/completion/index.js'),
    spec: async () => (await import('./commands/completion/completion-spec.js')).COMPLETION_SPEC,
  },
  version: {
    summary: 'Print the version',
    load: () => import('./commands/version/index.js'),
    spec: async () => (await import('./commands/version/index.js')).VERSION_SPEC,
  },
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
