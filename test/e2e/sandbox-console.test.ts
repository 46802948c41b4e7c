/**
 * The built console on its built-in sandbox (`--sandbox`, what `npm start` gives without a
 * configured service), in a real pseudo-terminal: it starts the sandbox in-process on
 * node:sqlite, shows the demo orders, and nothing of node:sqlite's ExperimentalWarning
 * (printed by Node 22 when the module loads) reaches the terminal. Started from a shell with CI
 * set (a build agent's terminal), it draws as in any other terminal: not only at quit.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { deliberateTypist } from '../helpers/console-session.js';
import { assertBuilt, BUILT_CONSOLE, spawnPty } from '../helpers/pty.js';

beforeAll(() => assertBuilt());

/** The built console on its sandbox in a pseudo-terminal, with `env` on top of a fresh home. */
function startOnSandbox(env: NodeJS.ProcessEnv = {}) {
  const home = mkdtempSync(join(tmpdir(), 'rc-e2e-sandbox-'));
  return spawnPty({
    file: '/bin/sh',
    args: ['-c', `"${process.execPath}" "${BUILT_CONSOLE}" --sandbox; echo "EXIT=$?"`],
    cols: 100,
    rows: 30,
    env: {
      HOME: home,
      XDG_CONFIG_HOME: join(home, 'config'),
      XDG_STATE_HOME: join(home, 'state'),
      XDG_DATA_HOME: join(home, 'data'),
      RETURNS_API_KEY: undefined,
      RETURNS_BASE_URL: undefined,
      RETURNS_PROFILE: undefined,
      NO_COLOR: '1',
      ...env,
    },
  });
}

it('starts on the built-in sandbox without printing an ExperimentalWarning', async () => {
  const session = startOnSandbox({ CI: undefined, CONTINUOUS_INTEGRATION: undefined });
  await session.waitForText('page 1', 30_000);
  await session.waitForText(/› +\d+ #/);
  await deliberateTypist(session)('q');
  await session.waitForText(/EXIT=\d+/);
  expect(session.output()).toContain('EXIT=0');
  expect(session.output()).toContain('Starting the built-in sandbox with demo data');
  expect(session.output()).not.toMatch(/ExperimentalWarning|SQLite is an experimental feature/);
});

it('draws and answers keys while it runs when the shell has CI set', async () => {
  const session = startOnSandbox({ CI: 'true' });
  // Before any key: the first page is on screen while the console runs, not only at quit.
  await session.waitForText('page 1', 30_000);
  await session.waitForText(/› +\d+ #/);
  session.write('?');
  await session.waitForText('Help: keys');
  session.write('q'); // closes the help
  await session.waitForText(/› +\d+ #/);
  await deliberateTypist(session)('q');
  await session.waitForText(/EXIT=\d+/);
  expect(session.output()).toContain('EXIT=0');
});
