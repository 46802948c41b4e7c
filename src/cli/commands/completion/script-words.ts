/** Words and text as the completion scripts embed them. Pure. */
import type { CompletionFlag } from './completion-model.js';

/**
 * A word written into a script unquoted: names of commands, flags, statuses. They are all
 * plain words; anything else is a mistake in a table, stopped here rather than in a shell.
 */
export function shellWord(word: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9_.=+-]*$/.test(word) && !/^--?[A-Za-z0-9][A-Za-z0-9-]*$/.test(word)) {
    throw new Error(`completion: ${JSON.stringify(word)} is not a plain word`);
  }
  return word;
}

/** The words of a command path as the scripts key it: "sandbox keys create"; "" for none. */
export function pathKey(path: readonly string[]): string {
  return path.map(shellWord).join(' ');
}

/** The flags as typed: --name and -x. */
export function flagWords(flags: readonly CompletionFlag[]): string[] {
  return flags.flatMap((f) => [`--${f.name}`, ...(f.short ? [`-${f.short}`] : [])]).map(shellWord);
}

/**
 * A description for the zsh and fish scripts: letters, digits and plain punctuation only
 * (no quotes, brackets, colons or backslashes to escape), the first clause, one line.
 */
export function plainDescription(text: string): string {
  const first = text.split(/; |, e\.g\.| \(/)[0] ?? '';
  return first
    .replace(/[^A-Za-z0-9 ,./+-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
