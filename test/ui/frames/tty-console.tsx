/**
 * The whole console drawn by Ink on a fake terminal as `returns-console` draws it: Ink's
 * own render (not the testing library's), the console's render options (incremental
 * frames, 60 a second, interactive), the alternate screen, a session catalog of two
 * profiles (so the profile picker opens), against a real sandbox. The terminal is the
 * terminal oracle's (test/helpers/terminal-oracle.ts).
 */
import { render } from 'ink';
import { App } from '../../../src/ui/app.js';
import { makeTheme } from '../../../src/ui/context/theme-context.js';
import { ConsoleSessions } from '../../../src/ui/profiles/console-sessions.js';
import { createConsoleQueryClient } from '../../../src/ui/queries/query-client.js';
import type { ProfileCatalog } from '../../../src/ui/services.js';
import { consoleRenderOptions } from '../../../src/ui/start-console.js';
import { terminalOracle } from '../../helpers/terminal-oracle.js';
import { consoleServices, type RenderConsoleOptions } from '../render-console.js';

/** Renders the console on a terminal oracle of `columns` x `rows`; call `cleanup` at the end. */
export function renderOnTerminal(options: RenderConsoleOptions & { readonly columns: number; readonly rows: number }) {
  const terminal = terminalOracle(options.columns, options.rows);
  const { services, real } = consoleServices(options);
  const queryClient = createConsoleQueryClient();
  // A second profile to switch to: the picker lists both (a switch is not part of these tests).
  const catalog: ProfileCatalog = { names: [services.profile.name, 'south'], open: async () => ({ kind: 'failed', message: 'not in this test' as never }) };
  // As startConsole: the alternate screen first.
  terminal.stdout.write('\u001b[?1049h');
  const stdout = terminal.stdout as unknown as NodeJS.WriteStream;
  const stdin = terminal.stdin as unknown as NodeJS.ReadStream;
  const instance = render(
    <ConsoleSessions initial={{ services, queryClient, initialAuth: null }} catalog={catalog} theme={makeTheme(false)}>
      {(session) => <App initialFilters={options.filters ?? {}} initialLimit={options.limit ?? 50} initialAuth={session.initialAuth} />}
    </ConsoleSessions>,
    { ...consoleRenderOptions(stdout, stdin, false), patchConsole: false, exitOnCtrlC: false },
  );
  return {
    ...terminal,
    /** Types `keys` as a terminal sends them. */
    type: (keys: string) => terminal.stdin.type(keys),
    /** Resolves when the console quits. */
    exited: instance.waitUntilExit(),
    cleanup: async () => {
      instance.unmount();
      instance.cleanup();
      await terminal.settled();
      terminal.stop();
      queryClient.clear();
      await real.close();
    },
  };
}
