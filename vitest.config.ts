import { defineConfig } from 'vitest/config';
// @ts-expect-error: a plain ES module of the build, without types
import { viteSourcePatchPlugin } from './scripts/source-patch-plugin.mjs';

export default defineConfig({
  // The build's source patches (scripts/source-patch-plugin.mjs), applied here too: the screen
  // tests run Ink and Yoga as the bundle ships them. Inlined, so vite transforms them; Ink's
  // testing library with them, so that it renders with the same copy of Ink.
  plugins: [viteSourcePatchPlugin()],
  test: {
    server: { deps: { inline: ['ink', 'ink-testing-library', 'yoga-layout'] } },
    include: ['test/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}', 'bench/**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    // Each test file starts its own sandbox on port 0 and mostly waits on loopback I/O, so one
    // worker per core (vitest's default for a run is one fewer, which idles a 2-core machine).
    pool: 'forks',
    // Temporary directories of the run go into one directory, removed at the end (test/global-setup.ts).
    globalSetup: ['test/global-setup.ts'],
    maxWorkers: '100%',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Tests must never read or write the user's real directories.
    env: {
      RETURNS_SANDBOX_DATA_DIR: '.tmp/test-data',
      XDG_CONFIG_HOME: '.tmp/xdg-config',
      XDG_STATE_HOME: '.tmp/xdg-state',
      XDG_DATA_HOME: '.tmp/xdg-data',
      NO_COLOR: '1',
    },
  },
});
