/**
 * Every key binding of the console, as data (after lazygit and k9s). The same table drives
 * input handling (`matchBinding`), the footer hints, the `?` help overlay and the generated
 * docs/keybindings.md. Add a binding here, never as a literal key check in a component.
 */

import { keepReason, needsPending, needsReviewed, type DisabledReason, type KeyState } from './disabled-reasons.js';

/** Where a binding applies. `global` applies on every screen unless a prompt has focus. */
export type KeyScope = 'global' | 'list' | 'order' | 'filter' | 'find' | 'command' | 'reason' | 'confirm' | 'help' | 'help-find' | 'log' | 'bulk' | 'scan' | 'overview' | 'profiles';

/** The named actions; components switch on these, never on raw keys. */
export type KeyAction =
  | 'quit' | 'help' | 'back' | 'activity-log' | 'switch-profile' | 'overview'
  | 'move-up' | 'move-down' | 'page-up' | 'page-down' | 'jump-top' | 'jump-bottom'
  | 'open' | 'mark' | 'mark-page' | 'mark-range' | 'clear-marks' | 'find' | 'filter' | 'command-line' | 'next-page' | 'prev-page' | 'refresh'
  | 'receive' | 'approve-all-marked' | 'scan-mode' | 'open-web'
  | 'approve' | 'reject' | 'keep' | 'approve-all' | 'clear-decision' | 'submit'
  | 'confirm-yes' | 'confirm-no' | 'next-field' | 'prev-field' | 'apply' | 'clear-field' | 'complete';

/** A key as Ink reports it: a character, Ctrl with a letter, or a named special key. */
export type KeySpec =
  | { readonly char: string }
  /** Ctrl with a lower-case letter, e.g. `{ ctrl: 'n' }` for Ctrl+N. */
  | { readonly ctrl: string }
  | { readonly special: 'up' | 'down' | 'left' | 'right' | 'pageUp' | 'pageDown' | 'return' | 'escape' | 'tab' | 'shiftTab' | 'space' | 'ctrlC' | 'home' | 'end' | 'backspace' | 'delete' };

/** See `KeyBinding.hintRank`. */
export type HintRank = 1 | 2 | 3;

export interface KeyBinding {
  readonly action: KeyAction;
  readonly scope: KeyScope;
  readonly keys: readonly KeySpec[];
  /** Shown in hints and help, e.g. "j/↓". */
  readonly label: string;
  readonly description: string;
  /** True when the action changes data on the service (disabled by --read-only). */
  readonly isMutating: boolean;
  /**
   * Its place in the footer of its scope: 1 for the screen's main jobs (always shown), 2 and
   * 3 for keys shown while they fit beside those (2 first); absent: only in help (`?`).
   */
  readonly hintRank?: HintRank;
  /** A word or two for the footer (the description is used when absent). */
  readonly hint?: string;
  /**
   * True when the key counts only pressed on its own, after a pause and with nothing right
   * behind it, and acts a moment later (deliberate.ts): no scan typed on a slow terminal
   * may quit, open scan mode or answer a question.
   */
  readonly isDeliberate?: boolean;
  /**
   * Why the key does nothing for the screen's state, or undefined when it acts (lazygit's
   * GetDisabledReason): the footer marks it off, the help says so, and pressing it shows why.
   */
  readonly disabledReason?: (state: KeyState) => DisabledReason | undefined;
}

const c = (char: string): KeySpec => ({ char });
const s = (special: Extract<KeySpec, { special: string }>['special']): KeySpec => ({ special });

/** The table. Order within a scope is the order of hints and help. */
export const KEY_BINDINGS: readonly KeyBinding[] = [
  { action: 'help', scope: 'global', keys: [c('?')], label: '?', description: 'Show help', isMutating: false, hintRank: 1, hint: 'help' },
  { action: 'activity-log', scope: 'global', keys: [c('L')], label: 'L', description: 'Activity log', isMutating: false, hintRank: 3, hint: 'log' },
  { action: 'switch-profile', scope: 'global', keys: [c('P')], label: 'P', description: 'Switch shop: pick another profile of the config file', isMutating: false },
  { action: 'quit', scope: 'global', keys: [c('q')], label: 'q', description: 'Quit (asks first while a bulk run is in progress)', isMutating: false, hintRank: 1, hint: 'quit', isDeliberate: true },

  { action: 'move-up', scope: 'list', keys: [s('up'), c('k')], label: '↑/k', description: 'Previous order', isMutating: false },
  { action: 'move-down', scope: 'list', keys: [s('down'), c('j')], label: '↓/j', description: 'Next order', isMutating: false },
  { action: 'page-up', scope: 'list', keys: [s('pageUp')], label: 'PgUp', description: 'Move up one screen', isMutating: false },
  { action: 'page-down', scope: 'list', keys: [s('pageDown')], label: 'PgDn', description: 'Move down one screen', isMutating: false },
  { action: 'jump-top', scope: 'list', keys: [c('g'), s('home')], label: 'g', description: 'First row', isMutating: false },
  { action: 'jump-bottom', scope: 'list', keys: [c('G'), s('end')], label: 'G', description: 'Last row', isMutating: false },
  { action: 'open', scope: 'list', keys: [s('return')], label: 'Enter', description: 'Open order', isMutating: false, hintRank: 1, hint: 'open' },
  { action: 'mark', scope: 'list', keys: [s('space')], label: 'Space', description: 'Mark or unmark order, then move down', isMutating: false, hintRank: 2, hint: 'mark' },
  { action: 'mark-page', scope: 'list', keys: [c('*')], label: '*', description: 'Mark every order on the page (again: unmark them)', isMutating: false },
  { action: 'mark-range', scope: 'list', keys: [c('V')], label: 'V', description: 'Start a range here; move, then V again marks every order in between', isMutating: false },
  { action: 'clear-marks', scope: 'list', keys: [c('U')], label: 'U', description: 'Unmark every order (on all pages)', isMutating: false },
  { action: 'find', scope: 'list', keys: [c('/')], label: '/', description: 'Find: customer, e-mail, order name or id, product, SKU (as you type)', isMutating: false, hintRank: 1, hint: 'find' },
  { action: 'filter', scope: 'list', keys: [c('f')], label: 'f', description: 'Filters', isMutating: false, hintRank: 2, hint: 'filters' },
  { action: 'command-line', scope: 'list', keys: [c(':')], label: ':', description: 'Command line (:status, :view, :help …)', isMutating: false, hintRank: 3, hint: 'commands' },
  { action: 'next-page', scope: 'list', keys: [c('n')], label: 'n', description: 'Next page', isMutating: false, hintRank: 2, hint: 'next page' },
  { action: 'prev-page', scope: 'list', keys: [c('p')], label: 'p', description: 'Previous page', isMutating: false, hintRank: 2, hint: 'prev page' },
  { action: 'refresh', scope: 'list', keys: [c('R')], label: 'R', description: 'Refresh now', isMutating: false },
  { action: 'receive', scope: 'list', keys: [c('r')], label: 'r', description: 'Receive marked orders (or the current one)', isMutating: true, hintRank: 1, hint: 'receive' },
  { action: 'approve-all-marked', scope: 'list', keys: [c('A')], label: 'A', description: 'Approve every undecided item of marked orders (a saved draft is sent as drafted)', isMutating: true, hintRank: 3, hint: 'approve marked' },
  { action: 'scan-mode', scope: 'list', keys: [c('S')], label: 'S', description: 'Scan mode (receiving desk)', isMutating: true, hintRank: 1, hint: 'scan mode', isDeliberate: true },
  { action: 'overview', scope: 'list', keys: [c('o')], label: 'o', description: 'Overview: orders per status, pending orders by age, your activity', isMutating: false, hintRank: 3, hint: 'overview' },
  { action: 'open-web', scope: 'list', keys: [c('W')], label: 'W', description: "Open the order's page in the web admin (the profile's web_url)", isMutating: false },

  { action: 'back', scope: 'order', keys: [s('escape')], label: 'Esc', description: 'Back to the list', isMutating: false, hintRank: 1, hint: 'back' },
  { action: 'move-up', scope: 'order', keys: [s('up'), c('k')], label: '↑/k', description: 'Previous item', isMutating: false },
  { action: 'move-down', scope: 'order', keys: [s('down'), c('j')], label: '↓/j', description: 'Next item', isMutating: false },
  { action: 'approve', scope: 'order', keys: [c('a')], label: 'a', description: 'Approve item', isMutating: true, hintRank: 1, hint: 'approve', disabledReason: needsPending },
  { action: 'reject', scope: 'order', keys: [c('x')], label: 'x', description: 'Reject item (asks for a reason)', isMutating: true, hintRank: 1, hint: 'reject', disabledReason: needsPending },
  { action: 'keep', scope: 'order', keys: [c('e')], label: 'e', description: 'Keep item (customer keeps it)', isMutating: true, hintRank: 2, hint: 'keep', disabledReason: keepReason },
  { action: 'approve-all', scope: 'order', keys: [c('A')], label: 'A', description: 'Approve all undecided items', isMutating: true, hintRank: 3, hint: 'approve all', disabledReason: needsPending },
  { action: 'clear-decision', scope: 'order', keys: [s('backspace'), s('delete'), c('u')], label: 'u', description: 'Clear decision', isMutating: true, hintRank: 3, hint: 'clear', disabledReason: needsPending },
  { action: 'submit', scope: 'order', keys: [c('s')], label: 's', description: 'Submit review', isMutating: true, hintRank: 1, hint: 'submit', disabledReason: needsPending },
  { action: 'receive', scope: 'order', keys: [c('r')], label: 'r', description: 'Receive order', isMutating: true, hintRank: 1, hint: 'receive', disabledReason: needsReviewed },
  { action: 'refresh', scope: 'order', keys: [c('R')], label: 'R', description: 'Refresh order', isMutating: false },
  { action: 'open-web', scope: 'order', keys: [c('W')], label: 'W', description: "Open the order's page in the web admin (the profile's web_url)", isMutating: false },

  { action: 'next-field', scope: 'filter', keys: [s('tab'), s('down')], label: 'Tab', description: 'Next field', isMutating: false, hintRank: 1, hint: 'next field' },
  { action: 'prev-field', scope: 'filter', keys: [s('shiftTab'), s('up')], label: 'S-Tab', description: 'Previous field', isMutating: false },
  { action: 'apply', scope: 'filter', keys: [s('return')], label: 'Enter', description: 'Apply filters', isMutating: false, hintRank: 1, hint: 'apply' },
  { action: 'back', scope: 'filter', keys: [s('escape')], label: 'Esc', description: 'Cancel', isMutating: false, hintRank: 1, hint: 'cancel' },

  { action: 'apply', scope: 'find', keys: [s('return')], label: 'Enter', description: 'Find', isMutating: false, hintRank: 1, hint: 'find' },
  { action: 'move-up', scope: 'find', keys: [s('up')], label: '↑', description: 'Previous match (when several match)', isMutating: false },
  { action: 'move-down', scope: 'find', keys: [s('down')], label: '↓', description: 'Next match (when several match)', isMutating: false },
  { action: 'back', scope: 'find', keys: [s('escape')], label: 'Esc', description: 'Cancel', isMutating: false, hintRank: 1, hint: 'cancel' },

  { action: 'apply', scope: 'command', keys: [s('return')], label: 'Enter', description: 'Run the command', isMutating: false, hintRank: 1, hint: 'run' },
  { action: 'complete', scope: 'command', keys: [s('tab')], label: 'Tab', description: 'Complete the command, status, view or profile name', isMutating: false, hintRank: 1, hint: 'complete' },
  { action: 'move-up', scope: 'command', keys: [s('up')], label: '↑', description: 'Older command from the history', isMutating: false, hintRank: 2, hint: 'history' },
  { action: 'move-down', scope: 'command', keys: [s('down')], label: '↓', description: 'Newer command from the history', isMutating: false },
  { action: 'back', scope: 'command', keys: [s('escape')], label: 'Esc', description: 'Close the command line', isMutating: false, hintRank: 1, hint: 'cancel' },

  { action: 'apply', scope: 'reason', keys: [s('return')], label: 'Enter', description: 'Use this reason', isMutating: false, hintRank: 1, hint: 'use reason' },
  { action: 'back', scope: 'reason', keys: [s('escape')], label: 'Esc', description: 'Cancel rejection', isMutating: false, hintRank: 1, hint: 'cancel' },
  { action: 'move-up', scope: 'reason', keys: [s('up')], label: '↑', description: 'Previous preset reason', isMutating: false },
  { action: 'move-down', scope: 'reason', keys: [s('down')], label: '↓', description: 'Next preset reason', isMutating: false, hintRank: 2, hint: 'presets' },

  { action: 'confirm-yes', scope: 'confirm', keys: [c('y'), s('return')], label: 'y/Enter', description: 'Confirm', isMutating: true, hintRank: 1, hint: 'confirm', isDeliberate: true },
  { action: 'confirm-no', scope: 'confirm', keys: [c('n'), s('escape')], label: 'n/Esc', description: 'Cancel', isMutating: false, hintRank: 1, hint: 'cancel' },

  { action: 'back', scope: 'help', keys: [s('escape'), c('?'), c('q')], label: 'Esc/q', description: 'Close help', isMutating: false, hintRank: 1, hint: 'close' },
  { action: 'move-up', scope: 'help', keys: [s('up'), c('k')], label: '↑/k', description: 'Scroll up', isMutating: false, hintRank: 1, hint: 'scroll' },
  { action: 'move-down', scope: 'help', keys: [s('down'), c('j')], label: '↓/j', description: 'Scroll down', isMutating: false },
  { action: 'page-up', scope: 'help', keys: [s('pageUp')], label: 'PgUp', description: 'Scroll up one screen', isMutating: false },
  { action: 'page-down', scope: 'help', keys: [s('pageDown'), s('space')], label: 'PgDn', description: 'Scroll down one screen', isMutating: false },
  { action: 'find', scope: 'help', keys: [c('/')], label: '/', description: 'Search the keys and commands as you type', isMutating: false, hintRank: 1, hint: 'search' },
  { action: 'apply', scope: 'help-find', keys: [s('return')], label: 'Enter', description: 'Keep the search and scroll its matches', isMutating: false, hintRank: 1, hint: 'done' },
  { action: 'back', scope: 'help-find', keys: [s('escape')], label: 'Esc', description: 'Clear the search', isMutating: false, hintRank: 1, hint: 'clear' },
  { action: 'back', scope: 'log', keys: [s('escape'), c('L'), c('q')], label: 'Esc/q', description: 'Close activity log', isMutating: false, hintRank: 1, hint: 'close' },
  { action: 'move-up', scope: 'log', keys: [s('up'), c('k')], label: '↑/k', description: 'Scroll up', isMutating: false, hintRank: 2, hint: 'scroll' },
  { action: 'move-down', scope: 'log', keys: [s('down'), c('j')], label: '↓/j', description: 'Scroll down', isMutating: false },
  { action: 'page-up', scope: 'log', keys: [s('pageUp')], label: 'PgUp', description: 'Scroll up one screen', isMutating: false },
  { action: 'page-down', scope: 'log', keys: [s('pageDown')], label: 'PgDn', description: 'Scroll down one screen', isMutating: false },
  { action: 'refresh', scope: 'log', keys: [c('R')], label: 'R', description: 'Reload the log', isMutating: false },
  { action: 'back', scope: 'bulk', keys: [s('escape')], label: 'Esc', description: 'Stop the run (requests in flight finish); close the results', isMutating: false, hintRank: 1, hint: 'stop' },
  { action: 'apply', scope: 'bulk', keys: [s('return')], label: 'Enter', description: 'Close the results', isMutating: false, hintRank: 1, hint: 'close' },
  { action: 'move-up', scope: 'bulk', keys: [s('up'), c('k')], label: '↑/k', description: 'Scroll the results up', isMutating: false },
  { action: 'move-down', scope: 'bulk', keys: [s('down'), c('j')], label: '↓/j', description: 'Scroll the results down', isMutating: false, hintRank: 1, hint: 'scroll' },
  { action: 'page-up', scope: 'bulk', keys: [s('pageUp')], label: 'PgUp', description: 'Scroll the results up one screen', isMutating: false },
  { action: 'page-down', scope: 'bulk', keys: [s('pageDown')], label: 'PgDn', description: 'Scroll the results down one screen', isMutating: false },
  { action: 'back', scope: 'scan', keys: [s('escape')], label: 'Esc', description: 'Leave scan mode', isMutating: false, hintRank: 1, hint: 'leave' },

  { action: 'back', scope: 'overview', keys: [s('escape'), c('o')], label: 'Esc', description: 'Back to the list', isMutating: false, hintRank: 1, hint: 'back' },
  { action: 'open', scope: 'overview', keys: [s('return')], label: 'Enter', description: 'Open the oldest pending order', isMutating: false, hintRank: 1, hint: 'open oldest' },
  { action: 'refresh', scope: 'overview', keys: [c('R')], label: 'R', description: 'Count again', isMutating: false, hintRank: 2, hint: 'count again' },
  { action: 'move-up', scope: 'overview', keys: [s('up'), c('k')], label: '↑/k', description: 'Scroll up (when the terminal is too small for everything)', isMutating: false },
  { action: 'move-down', scope: 'overview', keys: [s('down'), c('j')], label: '↓/j', description: 'Scroll down', isMutating: false },

  { action: 'move-up', scope: 'profiles', keys: [s('up'), c('k')], label: '↑/k', description: 'Previous profile', isMutating: false },
  { action: 'move-down', scope: 'profiles', keys: [s('down'), c('j')], label: '↓/j', description: 'Next profile', isMutating: false },
  { action: 'apply', scope: 'profiles', keys: [s('return')], label: 'Enter', description: 'Switch to this profile', isMutating: false, hintRank: 1, hint: 'switch', isDeliberate: true },
  { action: 'back', scope: 'profiles', keys: [s('escape')], label: 'Esc', description: 'Stay on this profile', isMutating: false, hintRank: 1, hint: 'cancel' },
  // Not a text field, so q quits here as on every screen (the global keys do not reach a picker).
  { action: 'quit', scope: 'profiles', keys: [c('q')], label: 'q', description: 'Quit', isMutating: false, hintRank: 1, hint: 'quit', isDeliberate: true },
];
