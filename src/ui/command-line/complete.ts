/**
 * Tab completion of the command line: the command's name, then its argument where the
 * names are known (statuses, even after a comma; saved views; profiles). One candidate is
 * filled in; several are filled in up to what they share, and listed. Pure.
 */
import { RETURN_ORDER_STATUSES } from '../../api/schemas.js';
import { COMMANDS, findCommand, splitCommandLine, type CommandContext } from './commands.js';

export interface Completion {
  /** The line after Tab. */
  readonly text: string;
  /** The names that fit what was typed (shown when there are several; empty when none). */
  readonly candidates: readonly string[];
}

/** The longest start every word shares. */
function sharedStart(words: readonly string[]): string {
  if (words.length === 0) return '';
  let prefix = words[0]!;
  for (const w of words) while (!w.startsWith(prefix)) prefix = prefix.slice(0, -1);
  return prefix;
}

/** `typed` completed among `names`: the whole name when one fits, else what they share. */
function among(typed: string, names: readonly string[], after: string): { readonly word: string; readonly candidates: readonly string[] } {
  const fits = names.filter((n) => n.startsWith(typed));
  if (fits.length === 1) return { word: fits[0]! + after, candidates: fits };
  return { word: fits.length > 1 ? sharedStart(fits) : typed, candidates: fits };
}

/** The names an argument can take, or null when it is free text (dates, ids, order names). */
function argumentNames(kind: string, ctx: Pick<CommandContext, 'views' | 'profileNames'>): readonly string[] | null {
  if (kind === 'statuses') return RETURN_ORDER_STATUSES;
  if (kind === 'view') return Object.keys(ctx.views);
  if (kind === 'profile') return ctx.profileNames;
  return null;
}

/** The line after Tab. */
export function completeCommandLine(text: string, ctx: Pick<CommandContext, 'views' | 'profileNames'>): Completion {
  const { name, argument, hasSpace } = splitCommandLine(text);
  if (!hasSpace) {
    const { word, candidates } = among(name, COMMANDS.map((c) => c.name), ' ');
    // A command without an argument gets no space after it: Enter runs it.
    const isBare = candidates.length === 1 && findCommand(candidates[0]!)?.argument === 'none';
    return { text: isBare ? word.trimEnd() : word, candidates };
  }
  const command = findCommand(name);
  const names = command ? argumentNames(command.argument, ctx) : null;
  if (!command || !names) return { text, candidates: [] };
  const head = `${name} `;
  if (command.argument === 'statuses') {
    // Only the status being typed, after the last comma, is completed.
    const cut = argument.lastIndexOf(',') + 1;
    const { word, candidates } = among(argument.slice(cut), names, '');
    return { text: head + argument.slice(0, cut) + word, candidates };
  }
  const { word, candidates } = among(argument.trim(), names, '');
  return { text: head + word, candidates };
}
