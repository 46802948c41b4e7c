/**
 * The console's command-line history, per profile, in `<stateDir>/history/<profile>.json`:
 * the latest commands, oldest first, without a command repeated right after itself. Missing
 * or unreadable history is empty history (it is only a convenience). Like the other local
 * files it is never read through a symbolic link, and a key typed at the line is not written.
 */
import * as z from '../api/zod.js';
import { scrubSecrets } from '../api/key-scrub.js';
import { writeFileAtomic } from './atomic-write.js';
import { readFileNoFollowSync } from './no-follow.js';
import { commandHistoryPath } from './state-paths.js';

/** Commands kept; older ones are dropped. */
export const HISTORY_LIMIT = 100;

const historySchema = z.object({ version: z.literal(1), commands: z.array(z.string()) });

/** The history of a profile, oldest first. */
export function loadCommandHistory(stateDir: string, profile: string): readonly string[] {
  try {
    const parsed = historySchema.safeParse(JSON.parse(readFileNoFollowSync(commandHistoryPath(stateDir, profile))));
    return parsed.success ? parsed.data.commands.slice(-HISTORY_LIMIT) : [];
  } catch {
    return [];
  }
}

/** `history` with `command` added at the end (pure): a repeat of the last command is not added twice. */
export function withCommand(history: readonly string[], command: string): readonly string[] {
  const line = command.trim();
  if (line === '' || history.at(-1) === line) return history;
  return [...history, line].slice(-HISTORY_LIMIT);
}

/** Stores the history of a profile (atomic replace; the last HISTORY_LIMIT commands). */
export async function saveCommandHistory(stateDir: string, profile: string, commands: readonly string[]): Promise<void> {
  const kept = commands.slice(-HISTORY_LIMIT).map((command) => scrubSecrets(command));
  await writeFileAtomic(commandHistoryPath(stateDir, profile), `${JSON.stringify({ version: 1, commands: kept }, null, 2)}\n`);
}
