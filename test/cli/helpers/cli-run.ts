/** Runs a command in-process with a test factory and returns what it printed and its exit code. */
import { run as config } from '../../../src/cli/commands/config/index.js';
import { run as consoleCommand } from '../../../src/cli/commands/console/index.js';
import { run as list } from '../../../src/cli/commands/list/index.js';
import { run as overview } from '../../../src/cli/commands/overview/index.js';
import { run as receive } from '../../../src/cli/commands/receive/index.js';
import { run as review } from '../../../src/cli/commands/review/index.js';
import { run as search } from '../../../src/cli/commands/search/index.js';
import { run as show } from '../../../src/cli/commands/show/index.js';
import { makeTestFactory, type TestFactoryOptions } from './test-factory.js';

const COMMANDS = { config, console: consoleCommand, list, overview, receive, review, search, show } as const;
export type CommandName = keyof typeof COMMANDS;

export interface CliResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export async function runInProcess(command: CommandName, argv: string[], options: TestFactoryOptions = {}): Promise<CliResult> {
  const t = makeTestFactory(options);
  const code = await COMMANDS[command](argv, t.factory);
  return { code, stdout: t.stdout(), stderr: t.stderr() };
}

/** Fetches a list page straight from the service, to compare with what the CLI printed. */
export async function fetchRaw(baseUrl: string, key: string, query: string): Promise<{ data: unknown[]; has_more: boolean }> {
  const response = await fetch(`${baseUrl}/return_orders?${query}`, { headers: { Authorization: `Bearer ${key}` } });
  return (await response.json()) as { data: unknown[]; has_more: boolean };
}
