/**
 * Starts the Ink console on the terminal and resolves when the user quits. The console
 * takes the alternate screen and gives the terminal back as it was on every way out: q,
 * Ctrl+C (Ink's exitOnCtrlC), SIGTERM/SIGHUP, or a crash.
 */
import { render } from 'ink';
import type { ListFilters } from '../api/list-params.js';
import { App } from './app.js';
import type { AuthFailure } from './app-state.js';
import { ConsoleRoot } from './console-root.js';
import { makeTheme } from './context/theme-context.js';
import { createConsoleQueryClient } from './queries/query-client.js';
import type { ConsoleServices } from './services.js';

export interface StartConsoleOptions {
  readonly services: ConsoleServices;
  readonly initialFilters: ListFilters;
  readonly initialLimit: number;
  readonly initialAuth?: AuthFailure | null;
  readonly isColor: boolean;
  readonly isScreenReader: boolean;
  readonly stdin?: NodeJS.ReadStream;
  readonly stdout?: NodeJS.WriteStream;
}

const ENTER_ALT_SCREEN = '\u001b[?1049h';
const LEAVE_ALT_SCREEN = '\u001b[?1049l';
const SHOW_CURSOR = '\u001b[?25h';

/** Runs the console until it exits. */
export async function startConsole(options: StartConsoleOptions): Promise<void> {
  const stdout = options.stdout ?? process.stdout;
  const stdin = options.stdin ?? process.stdin;
  // A screen reader reads the output as it comes; a full-screen buffer would hide it.
  const isAltScreen = stdout.isTTY === true && !options.isScreenReader;
  let isRestored = false;
  const restore = () => {
    if (isRestored) return;
    isRestored = true;
    if (isAltScreen) stdout.write(LEAVE_ALT_SCREEN);
    stdout.write(SHOW_CURSOR);
  };
  if (isAltScreen) stdout.write(ENTER_ALT_SCREEN);
  process.once('exit', restore);

  const queryClient = createConsoleQueryClient();
  const instance = render(
    <ConsoleRoot services={options.services} queryClient={queryClient} theme={makeTheme(options.isColor)}>
      <App initialFilters={options.initialFilters} initialLimit={options.initialLimit} initialAuth={options.initialAuth ?? null} />
    </ConsoleRoot>,
    // Incremental rendering rewrites only the lines that changed: a key press moves the
    // selection over two rows of a full screen (keystroke-to-frame p95, docs/benchmarks.md).
    { stdout, stdin, exitOnCtrlC: true, patchConsole: true, isScreenReaderEnabled: options.isScreenReader, incrementalRendering: true },
  );
  const stop = () => instance.unmount();
  const signals: NodeJS.Signals[] = ['SIGTERM', 'SIGHUP'];
  for (const signal of signals) process.once(signal, stop);
  try {
    await instance.waitUntilExit();
  } finally {
    for (const signal of signals) process.off(signal, stop);
    instance.cleanup();
    restore();
    process.off('exit', restore);
    queryClient.clear();
  }
}
