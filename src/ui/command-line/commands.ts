/**
 * The console's `:` commands as data (k9s style): each names what its argument is (for Tab
 * completion), how it reads in help, and what it does. A command either changes the list's
 * filters, opens a saved view, or asks the app shell for something (`AppCommand`): a new
 * app-level command is one entry here and one handler in the shell. Pure.
 */
import type { ListFilters } from '../../api/list-params.js';
import { RETURN_ORDER_STATUSES } from '../../api/schemas.js';
import type { DateInputContext } from '../../format/date-input.js';
import { didYouMean, knownNamesHint } from '../../format/did-you-mean.js';
import { listQueryText, readListQuery, type ListQueryField } from '../../ops/list-query.js';
import { inFieldWords } from '../screens/list/filter-form.js';
import type { SavedViews } from '../../ops/saved-views.js';

/** What a command asks of the app shell (which may not offer every one: see app.tsx). */
export type AppCommand = 'profile' | 'overview' | 'log' | 'help' | 'quit';

export type CommandEffect =
  /** New filters for the list (the page size stays). */
  | { readonly kind: 'filters'; readonly filters: ListFilters }
  /** No filters, the default columns. */
  | { readonly kind: 'clear' }
  | { readonly kind: 'view'; readonly name: string }
  | { readonly kind: 'app'; readonly command: AppCommand; readonly argument?: string };

export type CommandResult = { readonly ok: true; readonly effect: CommandEffect } | { readonly ok: false; readonly message: string };

/** What commands read: the list's filters now, the saved views, the profiles, the clock. */
export interface CommandContext {
  readonly filters: ListFilters;
  readonly views: SavedViews;
  readonly profileNames: readonly string[];
  /** The profile on screen. */
  readonly profile: string;
  readonly dates: DateInputContext;
}

/** What a command's argument is: it decides Tab completion. */
export type ArgumentKind = 'none' | 'statuses' | 'date' | 'ids' | 'names' | 'view' | 'profile';

export interface CommandSpec {
  readonly name: string;
  readonly aliases?: readonly string[];
  readonly argument: ArgumentKind;
  /** How help writes it, e.g. ":status S[,S…]". */
  readonly usage: string;
  readonly description: string;
  readonly run: (argument: string, ctx: CommandContext) => CommandResult;
}

const done = (effect: CommandEffect): CommandResult => ({ ok: true, effect });
const fail = (message: string): CommandResult => ({ ok: false, message });

/** The words of an argument: separated by commas, spaces or both ("1001, 1002" or "1001 1002"). */
const words = (argument: string) => argument.split(/[\s,]+/).filter((w) => w !== '');

/**
 * The list's filters with one field given anew, all read again (src/ops/list-query.ts), so a
 * new bound is checked against the other one; the field's error in the panel's words if not.
 */
function withField(filters: ListFilters, field: ListQueryField, text: string, ctx: CommandContext, hint = ''): CommandResult {
  const read = readListQuery({ ...listQueryText(filters), [field]: text }, ctx.dates);
  if (read.ok) return done({ kind: 'filters', filters: read.filters });
  return fail(`${inFieldWords(read.errors[read.first]!.message)}${hint}`);
}

/** A name among `known`, or a message naming them and the closest ones. */
function pickName(kind: string, name: string, known: readonly string[]): string | null {
  if (known.includes(name)) return null;
  return `No ${kind} named "${name}" ${knownNamesHint(name, known, `${kind}s`)}`;
}

/** A command whose argument is a list (ids, order names): its words, joined by commas, replace that filter. */
function listCommand(name: 'ids' | 'names', usage: string, description: string, help: string): CommandSpec {
  return {
    name,
    argument: name,
    usage,
    description,
    run: (argument, ctx) => {
      if (words(argument).length === 0) return fail(help);
      const result = withField(ctx.filters, name, words(argument).join(','), ctx);
      return result.ok ? result : fail(help);
    },
  };
}

/** The command table; its order is the order of help and completion. */
export const COMMANDS: readonly CommandSpec[] = [
  {
    name: 'status',
    argument: 'statuses',
    usage: ':status S[,S…]',
    description: 'Only orders in these statuses',
    run: (argument, ctx) => {
      if (words(argument).length === 0) return fail(`Give one or more statuses, e.g. :status pending,reviewed (${RETURN_ORDER_STATUSES.join(', ')}).`);
      const unknown = words(argument).find((w) => !(RETURN_ORDER_STATUSES as readonly string[]).includes(w));
      // Short enough for the line under the prompt: the closest names first, Tab lists them all.
      if (unknown !== undefined) return fail(`"${unknown}" is not a status.${didYouMean(unknown, RETURN_ORDER_STATUSES)} Tab completes status names.`);
      return withField(ctx.filters, 'statuses', words(argument).join(','), ctx);
    },
  },
  ...(['from', 'to'] as const).map(
    (bound): CommandSpec => ({
      name: bound,
      argument: 'date',
      usage: `:${bound} DATE`,
      description: bound === 'from' ? 'Submitted at or after: a date, today, yesterday, 7d, a date-time' : 'Submitted at or before (a date: to its end)',
      run: (argument, ctx) => {
        if (argument.trim() === '') return fail(`Give a date, e.g. :${bound} today, :${bound} 2026-11-02 or :${bound} 7d.`);
        return withField(ctx.filters, bound, argument, ctx);
      },
    }),
  ),
  listCommand('ids', ':ids ID…', 'Only these return order ids', 'Give return order ids, e.g. :ids 1001 1002 (whole numbers above 0).'),
  listCommand('names', ':names NAME…', 'Only these order names (exact, # optional: AO1711 finds #AO1711)', 'Give order names, e.g. :names #N1001 #N1002.'),
  { name: 'clear', argument: 'none', usage: ':clear', description: 'No filters, the default columns', run: () => done({ kind: 'clear' }) },
  {
    name: 'view',
    argument: 'view',
    usage: ':view NAME',
    description: 'A saved view of the config file (filters and columns)',
    run: (argument, ctx) => {
      const name = argument.trim();
      if (name === '') return fail(`Give a view name: ${Object.keys(ctx.views).join(', ') || 'none yet; add "views" to the config file'}.`);
      const problem = pickName('view', name, Object.keys(ctx.views));
      return problem ? fail(problem) : done({ kind: 'view', name });
    },
  },
  {
    name: 'profile',
    argument: 'profile',
    usage: ':profile NAME',
    description: "Switch to another profile's shop",
    run: (argument, ctx) => {
      const name = argument.trim();
      if (name === '') return fail(`Give a profile name: ${ctx.profileNames.join(', ') || 'none in the config file'}.`);
      if (name === ctx.profile) return fail(`Profile "${name}" is the one on screen.`);
      const problem = pickName('profile', name, ctx.profileNames);
      return problem ? fail(problem) : done({ kind: 'app', command: 'profile', argument: name });
    },
  },
  { name: 'overview', argument: 'none', usage: ':overview', description: 'Overview: counts by status, pending by age, activity', run: () => done({ kind: 'app', command: 'overview' }) },
  { name: 'log', argument: 'none', usage: ':log', description: 'Activity log', run: () => done({ kind: 'app', command: 'log' }) },
  { name: 'help', argument: 'none', usage: ':help', description: 'Keys and commands', run: () => done({ kind: 'app', command: 'help' }) },
  { name: 'q', aliases: ['quit'], argument: 'none', usage: ':q', description: 'Quit', run: () => done({ kind: 'app', command: 'quit' }) },
];

/** Every name a command answers to. */
export const COMMAND_NAMES: readonly string[] = COMMANDS.flatMap((c) => [c.name, ...(c.aliases ?? [])]);

/** The command called `name` (or one of its aliases). */
export function findCommand(name: string): CommandSpec | undefined {
  return COMMANDS.find((c) => c.name === name || c.aliases?.includes(name));
}

/** Splits "status pending" (a leading ":" allowed) into the command's name and its argument. */
export function splitCommandLine(text: string): { readonly name: string; readonly argument: string; readonly hasSpace: boolean } {
  const line = text.replace(/^\s*:?\s*/, '');
  const at = line.search(/\s/);
  return at < 0 ? { name: line, argument: '', hasSpace: false } : { name: line.slice(0, at), argument: line.slice(at).trimStart(), hasSpace: true };
}

/** What the typed line does, or why it cannot (said so that the user knows what to type). */
export function runCommandLine(text: string, ctx: CommandContext): CommandResult {
  const { name, argument } = splitCommandLine(text);
  if (name === '') return fail('Type a command, e.g. status pending, view NAME or help; Tab completes.');
  const command = findCommand(name);
  if (!command) {
    return fail(`Unknown command :${name}.${didYouMean(name, COMMAND_NAMES, (word) => `:${word}`)} Commands: ${COMMANDS.map((c) => c.name).join(', ')}.`);
  }
  if (command.argument === 'none' && argument.trim() !== '') return fail(`:${command.name} takes nothing after it.`);
  return command.run(argument, ctx);
}
