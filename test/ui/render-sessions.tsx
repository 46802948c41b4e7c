/**
 * Renders the console as `returns-console` does with a config file of several profiles:
 * the real profile catalog of the console command (its config file, its key sources, a
 * real client per profile) above the app shell, so a test can switch shops with P.
 */
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { render } from 'ink-testing-library';
import { createProfileCatalog, type ConsoleCatalog } from '../../src/cli/commands/console/console-profiles.js';
import { App } from '../../src/ui/app.js';
import { makeTheme } from '../../src/ui/context/theme-context.js';
import { ConsoleSessions } from '../../src/ui/profiles/console-sessions.js';
import { createConsoleQueryClient } from '../../src/ui/queries/query-client.js';
import { makeTestFactory, tempDir } from '../cli/helpers/test-factory.js';
import { frameWaiters, resize } from './render-console.js';

export interface SessionsOptions {
  /** The config file's profiles (as written in config.json). */
  readonly profiles: Record<string, object>;
  /** The profile the console starts with. */
  readonly start: string;
  /** Environment for key_env. */
  readonly env: Record<string, string>;
  readonly columns?: number;
  readonly rows?: number;
}

/** Renders the console on `start`; call `cleanup` at the end. */
export async function renderSessions(options: SessionsOptions) {
  const root = tempDir('rc-sessions-');
  const configDir = join(root, 'config', 'returns-console');
  mkdirSync(configDir, { recursive: true });
  const configPath = join(configDir, 'config.json');
  writeFileSync(configPath, JSON.stringify({ profiles: options.profiles }));
  chmodSync(configPath, 0o600);
  const { factory } = makeTestFactory({ env: { ...options.env, XDG_CONFIG_HOME: join(root, 'config') } });
  const stateDir = join(root, 'state');
  const catalog: ConsoleCatalog = createProfileCatalog({ factory, isReadOnly: false, stateDir, profileNames: Object.keys(options.profiles) }, null);
  const opened = await catalog.open(options.start);
  if (opened.kind !== 'ready') throw new Error(opened.message);
  const queryClient = createConsoleQueryClient();
  const view = render(
    <ConsoleSessions initial={{ services: opened.services, queryClient, initialAuth: opened.initialAuth }} catalog={catalog} theme={makeTheme(false)}>
      {(session) => <App initialFilters={{}} initialLimit={50} initialAuth={session.initialAuth} />}
    </ConsoleSessions>,
  );
  resize(view.stdout, options.columns ?? 100, options.rows ?? 30);
  const { frame, waitFor, waitUntil, press, answer } = frameWaiters(view);
  const cleanup = async () => {
    view.unmount();
    queryClient.clear();
    await catalog.close();
  };
  // The environment the profiles' keys are read from when opened (a test may change a key).
  return { ...view, frame, waitFor, waitUntil, press, answer, cleanup, stateDir, env: factory.env as Record<string, string | undefined> };
}
