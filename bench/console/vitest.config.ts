/**
 * Tests of the console benchmark's pure parts:
 * `npx vitest run --config bench/console/vitest.config.ts`. `npm test` runs them too
 * (the project config includes the bench folder).
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: new URL('.', import.meta.url).pathname,
    include: ['*.test.ts'],
    testTimeout: 60_000,
  },
});
