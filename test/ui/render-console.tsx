/**
 * Renders the whole console (shell, list, screens) as `returns-console` does, against a
 * real sandbox: a real client with its hooks feeding the connection monitor, a fresh
 * QueryClient with retries off, a temporary state directory, and a terminal size.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { render } from 'ink-testing-library';
import { vi } from 'vitest';
import { pauseForDeliberateKey } from '../helpers/deliberate.js';
import type { ListPageRequest, ReturnsClient } from '../../src/api/client-types.js';
import { createClient } from '../../src/api/client/index.js';
import type { ListFilters, ParamError } from '../../src/api/list-params.js';
import { App } from '../../src/ui/app.js';
import type { AuthFailure } from '../../src/ui/app-state.js';
import { ConsoleRoot } from '../../src/ui/console-root.js';
import { createConnectionMonitor } from '../../src/ui/connection/connection-monitor.js';
import { makeTheme } from '../../src/ui/context/theme-context.js';
import { createConsoleQueryClient } from '../../src/ui/queries/query-client.js';
import { FilterPanel } from '../../src/ui/screens/list/filter-panel.js';
import type { FilterFormValues } from '../../src/ui/screens/list/filter-form.js';
import type { ConsoleProfile, ConsoleServices } from '../../src/ui/services.js';
import type { KeyTable } from '../../src/ui/keys/match.js';
import type { ListView } from '../../src/ui/screens/list/list-state.js';
import type { SavedViews } from '../../src/ops/saved-views.js';
import { KEYS } from '../helpers/fixture.js';
import { renderScreen } from './render-screen.js';

export interface RenderConsoleOptions {
  readonly baseUrl: string;
  readonly apiKey?: string;
  readonly filters?: ListFilters;
  readonly limit?: number;
  readonly isReadOnly?: boolean;
  readonly isSandbox?: boolean;
  readonly refreshIntervalMs?: number;
  readonly maxRetries?: number;
  readonly columns?: number;
  readonly rows?: number;
  readonly initialAuth?: AuthFailure | null;
  /** The profile's name (default north): drafts, memory and the activity log are its own. */
  readonly profileName?: string;
  /** Where its local state is kept (default: the profile's name), as the command line computes it. */
  readonly stateName?: string;
  /** The console's clock (default Date.now). */
  readonly now?: () => number;
  /** The key table (the config file's keybindings applied); default the built-in one. */
  readonly keyTable?: KeyTable;
  readonly views?: SavedViews;
  readonly profileNames?: readonly string[];
  /** The state directory (default: a new temporary one). */
  readonly stateDir?: string;
  readonly initialView?: ListView | null;
  /** The profile's preset reject reasons (default one, "Damaged"). */
  readonly rejectReasons?: readonly string[];
  /** More of the profile (label, color, webUrl). */
  readonly profile?: Partial<ConsoleProfile>;
  /** More services (openSearchIndex, openInBrowser). */
  readonly services?: Partial<ConsoleServices>;
  /** Colour on (default off, as with NO_COLOR). */
  readonly isColor?: boolean;
}

/** Every listPage call the console made (cursor undefined = first page). */
export interface ListCall {
  readonly cursor?: string;
  readonly filters?: ListFilters;
  readonly limit?: number;
}

/** Sets the fake terminal's size and tells Ink and the console, as a real resize does. */
export function resize(stdout: NodeJS.EventEmitter, columns: number, rows: number): void {
  Object.defineProperty(stdout, 'columns', { value: columns, configurable: true });
  Object.defineProperty(stdout, 'rows', { value: rows, configurable: true });
  stdout.emit('resize');
}

/** Reading and waiting on the frames of a rendered console, and pressing keys. */
export function frameWaiters(view: { lastFrame(): string | undefined; readonly stdin: { write(data: string): void } }) {
  const frame = () => view.lastFrame() ?? '';
  /** Waits until the frame contains every text. */
  const waitFor = (...texts: string[]) =>
    vi.waitFor(
      () => {
        for (const t of texts) if (!frame().includes(t)) throw new Error(`frame lacks ${JSON.stringify(t)}:\n${frame()}`);
      },
      { timeout: 10_000, interval: 20 },
    );
  /** Waits until `check(frame)` holds. */
  const waitUntil = (check: (frame: string) => boolean, what: string, timeout = 10_000) =>
    vi.waitFor(
      () => {
        if (!check(frame())) throw new Error(`${what}; frame:\n${frame()}`);
      },
      { timeout, interval: 20 },
    );
  /** Writes one key (or one escape sequence) and waits for `texts`. */
  const press = async (keys: string, ...texts: string[]) => {
    view.stdin.write(keys);
    if (texts.length > 0) await waitFor(...texts);
  };
  /** Presses a key that counts only on its own (a question's yes, S, q), after a person's pause. */
  const answer = async (keys: string, ...texts: string[]) => {
    await pauseForDeliberateKey();
    await press(keys, ...texts);
  };
  return { frame, waitFor, waitUntil, press, answer };
}

/** The services of a console as `returns-console` makes them, against `options.baseUrl`, with its list calls recorded. */
export function consoleServices(options: RenderConsoleOptions) {
  const monitor = createConnectionMonitor();
  const real = createClient({
    baseUrl: options.baseUrl,
    apiKey: options.apiKey ?? KEYS.north,
    maxRetries: options.maxRetries ?? 0,
    hooks: monitor.hooks,
  });
  const calls: ListCall[] = [];
  // The real client, with its list calls recorded (to see what came from the cache).
  const client: ReturnsClient = {
    ...real,
    listPage: (request: ListPageRequest = {}) => {
      calls.push({ cursor: request.cursor, filters: request.filters, limit: request.limit });
      return real.listPage(request);
    },
  };
  const stateDir = options.stateDir ?? mkdtempSync(join(tmpdir(), 'rc-console-state-'));
  const services: ConsoleServices = {
    client,
    profile: {
      name: options.profileName ?? 'north',
      stateName: options.stateName ?? options.profileName ?? 'north',
      serviceHost: new URL(options.baseUrl).host,
      isSandbox: options.isSandbox ?? false,
      rejectReasons: options.rejectReasons ?? ['Damaged'],
      refreshIntervalMs: options.refreshIntervalMs ?? 0,
      ...options.profile,
    },
    isReadOnly: options.isReadOnly ?? false,
    stateDir,
    now: options.now ?? Date.now,
    connection: monitor,
    ...(options.keyTable && { keyTable: options.keyTable }),
    ...(options.views && { views: options.views }),
    ...(options.profileNames && { profileNames: options.profileNames }),
    ...options.services,
  };
  return { services, client, real, calls, stateDir, monitor };
}

/** Renders the console; call `cleanup` in afterEach. */
export function renderConsole(options: RenderConsoleOptions) {
  const { services, client, real, calls, stateDir, monitor } = consoleServices(options);
  const queryClient = createConsoleQueryClient();
  const view = render(
    <ConsoleRoot services={services} queryClient={queryClient} theme={makeTheme(options.isColor ?? false)}>
      <App initialFilters={options.filters ?? {}} initialLimit={options.limit ?? 50} initialAuth={options.initialAuth ?? null} initialView={options.initialView ?? null} />
    </ConsoleRoot>,
  );
  resize(view.stdout, options.columns ?? 100, options.rows ?? 30);

  const { frame, waitFor, waitUntil, press, answer } = frameWaiters(view);
  const cleanup = async () => {
    view.unmount();
    queryClient.clear();
    await real.close();
  };
  return { ...view, client, calls, stateDir, queryClient, monitor, frame, waitFor, waitUntil, press, answer, cleanup };
}

/** Renders the filter panel alone (for what the real service can refuse but the sandbox never does). */
export function renderFilterPanel(options: { readonly initial: FilterFormValues; readonly serverError: ParamError | null }) {
  const services = { isReadOnly: false, now: Date.now, profile: {} } as ConsoleServices;
  const view = renderScreen(<FilterPanel initial={options.initial} serverError={options.serverError} onApply={() => undefined} onCancel={() => undefined} />, { services });
  const frame = () => view.lastFrame() ?? '';
  const waitUntil = (check: (frame: string) => boolean, what: string) =>
    vi.waitFor(() => {
      if (!check(frame())) throw new Error(`${what}; frame:\n${frame()}`);
    }, { timeout: 10_000, interval: 20 });
  const waitFor = (...texts: string[]) => waitUntil((f) => texts.every((t) => f.includes(t)), `frame lacks one of ${JSON.stringify(texts)}`);
  const press = async (keys: string) => {
    view.stdin.write(keys);
  };
  return { ...view, frame, waitFor, waitUntil, press, cleanup: async () => view.unmount() };
}
