/**
 * The command line's input mapping: typing edits the line, Enter runs it (an error stays on
 * the line under it with the text kept for mending), Tab completes, ↑/↓ walk the history,
 * Esc closes. Keys come from the "command" scope of the key table; a barcode scan is typed
 * in as text (SCAN_IN_PROMPT).
 */
import { editText } from '../components/text-edit.js';
import { useServices } from '../context/services-context.js';
import { useSyncReducer } from '../hooks/use-sync-reducer.js';
import type { KeyMeta } from '../keys/deliberate.js';
import { useKeyBindings } from '../keys/use-key-bindings.js';
import { useDeliberate } from '../keys/use-deliberate.js';
import { display } from '../../format/sanitize.js';
import type { ListFilters } from '../../api/list-params.js';
import { runCommandLine, type CommandContext, type CommandEffect } from './commands.js';
import { completeCommandLine } from './complete.js';
import { commandLineReducer, initialCommandLineState, type CommandLineState } from './command-line-state.js';
import type { CommandHistory } from './use-command-history.js';

export interface UseCommandLineOptions {
  /** The list's filters now (`:from` keeps the other filters). */
  readonly filters: ListFilters;
  readonly history: CommandHistory;
  /** Carries out a command; a message when it could not be (shown on the line, which stays open). */
  readonly onRun: (effect: CommandEffect) => string | null;
  readonly onClose: () => void;
}

/** The command line's state, with its keys. */
export function useCommandLine(options: UseCommandLineOptions): CommandLineState {
  const { views = {}, profileNames = [], profile, now } = useServices();
  const [state, dispatch, latest] = useSyncReducer(commandLineReducer, options.history.commands, initialCommandLineState);

  const context = (): CommandContext => ({
    filters: options.filters,
    views,
    profileNames,
    profile: profile.name,
    dates: { nowMs: now() },
  });

  // :q ends the console: like q, it counts only as an Enter on its own (a scan's Enter must not quit).
  const tryDeliberate = useDeliberate('command');
  const run = (meta?: KeyMeta) => {
    const line = latest().text.value;
    const result = runCommandLine(line, context());
    if (!result.ok) {
      dispatch({ type: 'failed', message: result.message });
      return;
    }
    const { effect } = result;
    const act = () => {
      options.history.add(line);
      const problem = options.onRun(effect);
      if (problem !== null) dispatch({ type: 'failed', message: problem });
    };
    if (effect.kind !== 'app' || effect.command !== 'quit') return act();
    const onRefused = () => dispatch({ type: 'failed', message: display`Enter came right after other keys (a scan?): not quitting. Press Enter on its own.` });
    tryDeliberate({ meta, isChar: false, act, onRefused });
  };

  useKeyBindings(
    'command',
    (action, _input, _key, _binding, meta) => {
      switch (action) {
        case 'apply':
          run(meta);
          return;
        case 'back':
          options.onClose();
          return;
        case 'complete': {
          const done = completeCommandLine(latest().text.value, context());
          dispatch({ type: 'completed', text: done.text, candidates: done.candidates });
          return;
        }
        case 'move-up':
          dispatch({ type: 'older' });
          return;
        case 'move-down':
          dispatch({ type: 'newer' });
          return;
        default:
          return;
      }
    },
    {
      onUnmatched: (input, key) => {
        const next = editText(latest().text, input, key);
        if (next) dispatch({ type: 'edit', text: next });
      },
    },
  );
  return state;
}
