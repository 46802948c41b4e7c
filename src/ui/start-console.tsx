/**
 * Starts the Ink console on the terminal and resolves when the user quits. The console
 * takes the alternate screen and gives the terminal back as it was on every way out: q,
 * Ctrl+C (Ink's exitOnCtrlC), SIGINT/SIGTERM/SIGHUP, or a crash. It resolves once the writes
 * in flight have finished or been read back, as the commands do (ops/stop-signals.ts), with
 * the signal that stopped it, if one did.
 */
import type { QueryClient } from '@tanstack/react-query';
import { render } from 'ink';
import chalk from 'chalk';
import { DEFAULT_TIMEOUTS, type ReturnsClient } from '../api/client-types.js';
import type { ListFilters } from '../api/list-params.js';
import { App } from './app.js';
import type { AuthFailure } from './app-state.js';
import type { ListView } from './screens/list/list-state.js';
import { makeTheme } from './context/theme-context.js';
import { ConsoleSessions } from './profiles/console-sessions.js';
import { listPageQuery, listStaleMs } from './queries/list-queries.js';
import { createConsoleQueryClient } from './queries/query-client.js';
import { createWriteStops, type WriteStops } from '../ops/write-stops.js';
import { processStopSignals, SIGNAL_WAIT_MS, signalWords, windDown, type StopSignal } from '../ops/stop-signals.js';
import type { ConsoleServices, ProfileCatalog } from './services.js';

export interface StartConsoleOptions {
  readonly services: ConsoleServices;
  /** The config file's profiles, to switch shops without a restart (absent: one profile). */
  readonly catalog?: ProfileCatalog;
  readonly initialFilters: ListFilters;
  readonly initialLimit: number;
  readonly initialAuth?: AuthFailure | null;
  /** The saved view the console opens with (--view). */
  readonly initialView?: ListView | null;
  /** The first page (initial filters and limit, no cursor), already asked for while the UI loaded. */
  readonly firstPage?: ReturnType<ReturnsClient['listPage']>;
  readonly isColor: boolean;
  readonly isScreenReader: boolean;
  readonly stdin?: NodeJS.ReadStream;
  readonly stdout?: NodeJS.WriteStream;
  readonly stderr?: { write(text: string): unknown };
  /**
   * Longest wait at quit for writes in flight to finish before they are cancelled and read
   * back: the profile's request deadline (default DEFAULT_TIMEOUTS.totalMs).
   */
  readonly writeWaitMs?: number;
}

const ENTER_ALT_SCREEN = '\u001b[?1049h';
const LEAVE_ALT_SCREEN = '\u001b[?1049l';
const SHOW_CURSOR = '\u001b[?25h';
/** Longest wait for the first page before drawing anyway (the list then shows "Loading"). */
const FIRST_PAGE_WAIT_MS = 300;

/**
 * Puts the first page in the cache before the first frame (the request the caller started
 * while the UI loaded, or a new one), waiting at most FIRST_PAGE_WAIT_MS, so the first frame is the page rather than "Loading" and a second
 * full frame later. The list's own query then finds it in the cache; a failure is left for
 * the list to show (and ask again), so nothing here can stop the start.
 */
async function prefetchFirstPage(options: StartConsoleOptions, queryClient: QueryClient): Promise<void> {
  if (options.initialAuth) return;
  const { client, profile } = options.services;
  const query = listPageQuery(client, options.initialFilters, options.initialLimit, null, listStaleMs(profile.refreshIntervalMs));
  const { firstPage } = options;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, FIRST_PAGE_WAIT_MS);
  });
  await Promise.race([queryClient.prefetchQuery(firstPage ? { ...query, queryFn: () => firstPage } : query), timeout]);
  clearTimeout(timer);
}

/** `catalog` whose profiles, when opened, hold their writes by `writeStops`. */
function withWriteStops(catalog: ProfileCatalog, writeStops: WriteStops): ProfileCatalog {
  return {
    ...catalog,
    open: async (name) => {
      const opened = await catalog.open(name);
      return opened.kind === 'ready' ? { ...opened, services: { ...opened.services, writeStops } } : opened;
    },
  };
}

/**
 * How Ink draws the console on `stdout` (the tests' terminal oracle draws with the same).
 * Ink's incrementalRendering: a frame rewrites only the lines that changed (and of a changed
 * line only what follows its unchanged start), so a selection move writes two lines instead
 * of the whole screen; the pseudo-terminal's round trips for a whole screen were most of a
 * key's time (docs/benchmarks.md). Ink 6's version left stale lines in tmux; Ink 8's is
 * guarded by the e2e full-screen test and the terminal oracle. 60 frames a second rather
 * than Ink's 30: a key that comes right after another frame (a clock, a page arriving) waits
 * at most 17 ms, not 33.
 */
export function consoleRenderOptions(stdout: NodeJS.WriteStream, stdin: NodeJS.ReadStream, isScreenReader: boolean) {
  return {
    stdout,
    stdin,
    // Interactive whenever the output is a terminal, whatever the environment says: Ink's own
    // guess treats any shell with CI set (a build agent's terminal, a container) as a log and
    // would draw nothing until the console quits.
    interactive: stdout.isTTY === true,
    exitOnCtrlC: true,
    patchConsole: true,
    isScreenReaderEnabled: isScreenReader,
    maxFps: 60,
    incrementalRendering: true,
  } as const;
}

/** Runs the console until it exits; resolves with the signal that stopped it, or null (q). */
export async function startConsole(options: StartConsoleOptions): Promise<StopSignal | null> {
  const stdout = options.stdout ?? process.stdout;
  const stdin = options.stdin ?? process.stdin;
  // A screen reader reads the output as it comes; a full-screen buffer would hide it.
  const isAltScreen = stdout.isTTY === true && !options.isScreenReader;
  const isRawTTY = stdin.isTTY === true && typeof stdin.setRawMode === 'function';
  let isRestored = false;
  const restore = () => {
    if (isRestored) return;
    isRestored = true;
    if (isRawTTY) stdin.setRawMode(false);
    if (isAltScreen) stdout.write(LEAVE_ALT_SCREEN);
    stdout.write(SHOW_CURSOR);
  };
  if (isAltScreen) stdout.write(ENTER_ALT_SCREEN);
  process.once('exit', restore);

  // Ink's colour props go through chalk, which decides from the environment (a CI variable
  // turns colour off even in a terminal); the console already decided (NO_COLOR, --no-color),
  // and its own styles follow that decision, so Ink's must too: a red PRODUCTION label stays red.
  if (options.isColor && chalk.level === 0) chalk.level = 1;
  const queryClient = createConsoleQueryClient();
  // One set of write stops for the whole console: every profile's session holds its writes by it.
  const writeStops = createWriteStops();
  const services: ConsoleServices = { ...options.services, writeStops };
  const catalog = options.catalog && withWriteStops(options.catalog, writeStops);
  // Raw mode from here on, not only once Ink's input hook is on after the first frame: keys
  // typed while the first page loads (or right when it shows) stay as they were typed (Enter
  // as Enter, nothing echoed) and wait unread for the console.
  if (isRawTTY) stdin.setRawMode(true);
  await prefetchFirstPage(options, queryClient);
  const instance = render(
    <ConsoleSessions
      initial={{ services, queryClient, initialAuth: options.initialAuth ?? null }}
      {...(catalog && { catalog })}
      theme={makeTheme(options.isColor)}
    >
      {(session) => (
        <App initialFilters={options.initialFilters} initialLimit={options.initialLimit} initialAuth={session.initialAuth} initialView={options.initialView ?? null} />
      )}
    </ConsoleSessions>,
    consoleRenderOptions(stdout, stdin, options.isScreenReader),
  );
  let stoppedBy: StopSignal | null = null;
  const unsubscribe = processStopSignals((signal) => {
    stoppedBy ??= signal;
    instance.unmount();
  });
  const stderr = options.stderr ?? process.stderr;
  try {
    await instance.waitUntilExit();
  } finally {
    instance.cleanup();
    restore();
    process.off('exit', restore);
    if (stoppedBy) stderr.write(`Stopped by ${signalWords(stoppedBy)}.\n`);
    // Reads in flight are cancelled (their signals abort the requests), so q does not wait
    // for a slow service. Writes are not queries: they finish, or are cut and read back, and
    // each records its outcome in the activity log before the client is closed. After a
    // signal the wait is short: whoever sent it may not wait for the request deadline.
    await queryClient.cancelQueries();
    const waitMs = stoppedBy ? Math.min(SIGNAL_WAIT_MS, options.writeWaitMs ?? SIGNAL_WAIT_MS) : (options.writeWaitMs ?? DEFAULT_TIMEOUTS.totalMs);
    await windDown(writeStops, { waitMs, onSignal: processStopSignals, say: (line) => stderr.write(line) });
    // Subscribed until here: a signal in between would otherwise end the process by default.
    unsubscribe();
    queryClient.clear();
  }
  return stoppedBy;
}
