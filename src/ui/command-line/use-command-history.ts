/**
 * The command-line history of the profile on screen: read from the state directory once,
 * kept in memory while the console runs (so ↑ finds a command at once), written behind,
 * one write after another.
 */
import { sanitizeForTerminal } from '../../format/sanitize.js';
import { useRef, useState } from 'react';
import { loadCommandHistory, saveCommandHistory, withCommand } from '../../local/command-history.js';
import { useNotice } from '../context/notice-context.js';
import { useServices } from '../context/services-context.js';

export interface CommandHistory {
  /** Oldest first. */
  readonly commands: readonly string[];
  readonly add: (command: string) => void;
}

/** The history of the profile on screen (another profile's is read when the profile changes). */
export function useCommandHistory(): CommandHistory {
  const { stateDir, profile } = useServices();
  const { show } = useNotice();
  const [held, setHeld] = useState(() => ({ profile: profile.stateName, commands: loadCommandHistory(stateDir, profile.stateName) }));
  const writes = useRef<Promise<void>>(Promise.resolve());
  const current = held.profile === profile.stateName ? held : { profile: profile.stateName, commands: loadCommandHistory(stateDir, profile.stateName) };
  if (current !== held) setHeld(current);
  const add = (command: string) => {
    const commands = withCommand(current.commands, command);
    if (commands === current.commands) return;
    setHeld({ profile: current.profile, commands });
    writes.current = writes.current
      .then(() => saveCommandHistory(stateDir, current.profile, commands))
      .catch((error: unknown) => show(sanitizeForTerminal(`The command history could not be saved (${(error as NodeJS.ErrnoException).code ?? String(error)}); the command ran.`), 'warning'));
  };
  return { commands: current.commands, add };
}
