/**
 * The command line's state as a pure reducer: the text being typed, a walk through the
 * history with ↑/↓ (what was typed before the walk comes back at its end), and the line
 * under the prompt (an error, the candidates of a completion, or nothing).
 */
import { textAt, type TextEditState } from '../components/text-edit.js';

export interface CommandLineMessage {
  readonly text: string;
  readonly tone: 'error' | 'info';
}

export interface CommandLineState {
  readonly text: TextEditState;
  /** Earlier commands, oldest first. */
  readonly history: readonly string[];
  /** Index into `history` while walking it; null while editing a new line. */
  readonly walk: number | null;
  /** What was typed before the walk started. */
  readonly draft: string;
  readonly message: CommandLineMessage | null;
}

export type CommandLineAction =
  | { readonly type: 'edit'; readonly text: TextEditState }
  | { readonly type: 'older' }
  | { readonly type: 'newer' }
  | { readonly type: 'completed'; readonly text: string; readonly candidates: readonly string[] }
  /** The line was refused: the message says why, the text stays for mending. */
  | { readonly type: 'failed'; readonly message: string };

/** A new command line over `history`. */
export function initialCommandLineState(history: readonly string[]): CommandLineState {
  return { text: textAt(''), history, walk: null, draft: '', message: null };
}

/** The command line's reducer. */
export function commandLineReducer(state: CommandLineState, action: CommandLineAction): CommandLineState {
  switch (action.type) {
    case 'edit':
      // Editing a line from the history makes it a new line.
      return { ...state, text: action.text, walk: null, message: null };
    case 'older': {
      if (state.history.length === 0) return { ...state, message: { text: 'No earlier commands yet.', tone: 'info' } };
      const walk = state.walk === null ? state.history.length - 1 : Math.max(0, state.walk - 1);
      const draft = state.walk === null ? state.text.value : state.draft;
      return { ...state, walk, draft, text: textAt(state.history[walk] ?? ''), message: null };
    }
    case 'newer': {
      if (state.walk === null) return state;
      const walk = state.walk + 1;
      if (walk >= state.history.length) return { ...state, walk: null, text: textAt(state.draft), message: null };
      return { ...state, walk, text: textAt(state.history[walk] ?? ''), message: null };
    }
    case 'completed': {
      const message: CommandLineMessage | null =
        action.candidates.length > 1
          ? { text: action.candidates.join('  '), tone: 'info' }
          : action.candidates.length === 0
            ? { text: 'Nothing to complete here.', tone: 'info' }
            : null;
      return { ...state, text: textAt(action.text), walk: null, message };
    }
    case 'failed':
      return { ...state, message: { text: action.message, tone: 'error' } };
  }
}
