/**
 * Renders the console as `returns-console` does with a config file of several profiles:
 * the real profile catalog of the console command (its config file, its key sources, a
 * real client per profile) above the app shell, so a test can switch shops with P.
 */
import { chmodSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { render } from 'ink-testing-library';
import { createProfileCatalog, type ConsoleCatalog } from '../../src/cli/commands/console/console-profiles.js';
import { followConfigFile } from '../../src/cli/commands/console/config-follower.js';
import { loadConfigFile } from '../../src/cli/config/index.js';
import { App } from '../../src/ui/app.js';
import { makeTheme } from '../../src/ui/context/theme-context.js';
import { ConsoleSessions } from '../../src/ui/profiles/console-sessions.js';
import { createConsoleQueryClient } from '../../src/ui/queries/query-client.js';
import { makeTestFactory, tempDir } from '../cli/helpers/test-factory.js';
import { frameWaiters, resize } from './render-console.js';

/** How often the tests' consoles check their config file (the console's own is slower). */
const CONFIG_CHECK_MS = 50;

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
  const configFile = followConfigFile(factory, await loadConfigFile(factory), CONFIG_CHECK_MS);
  const base = { factory, isReadOnly: false, stateDir, start: { name: options.start, flags: { profile: options.start } }, isBuiltinSandbox: false };
  const catalog: ConsoleCatalog = createProfileCatalog(base, configFile, null);
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
    configFile.close();
    await catalog.close();
  };
  // The environment the profiles' keys are read from when opened (a test may change a key).
  /** Saves the config file anew as an editor does: a new file (mode 0600) renamed over the old one. */
  const writeConfig = (text: string) => {
    writeFileSync(`${configPath}.new`, text, { mode: 0o600 });
    renameSync(`${configPath}.new`, configPath);
  };
  return { ...view, frame, waitFor, waitUntil, press, answer, cleanup, stateDir, configPath, writeConfig, env: factory.env as Record<string, string | undefined> };
}
