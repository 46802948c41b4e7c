/**
 * Tests of the benchmark's pure parts (report rendering and section replacement,
 * scenario queries, percentiles): `npx vitest run --config bench/sandbox/vitest.config.ts`.
 * `npm test` runs them too (the project config includes the bench folder).
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: new URL('.', import.meta.url).pathname,
    include: ['*.test.ts'],
  },
});
