/**
 * The built console on its built-in sandbox (`--sandbox`, what `npm start` gives without a
 * configured service), in a real pseudo-terminal: it starts the sandbox in-process on
 * node:sqlite, shows the demo orders, and nothing of node:sqlite's ExperimentalWarning
 * (printed by Node 22 when the module loads) reaches the terminal.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { assertBuilt, BUILT_CONSOLE, spawnPty } from '../helpers/pty.js';

beforeAll(() => assertBuilt());

it('starts on the built-in sandbox without printing an ExperimentalWarning', async () => {
  const home = mkdtempSync(join(tmpdir(), 'rc-e2e-sandbox-'));
  const session = spawnPty({
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
    },
  });
  await session.waitForText('page 1', 30_000);
  await session.waitForText(/› +\d+ #/);
  session.write('q');
  await session.waitForText(/EXIT=\d+/);
  expect(session.output()).toContain('EXIT=0');
  expect(session.output()).toContain('Starting the built-in sandbox with demo data');
  expect(session.output()).not.toMatch(/ExperimentalWarning|SQLite is an experimental feature/);
});
