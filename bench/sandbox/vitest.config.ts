/**
 * Tests of the benchmark's pure parts (report rendering and section replacement,
 * scenario queries, percentiles): `npx vitest run --config bench/sandbox/vitest.config.ts`.
 * Kept out of `npm test` (the project config includes only test/ and src/).
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: new URL('.', import.meta.url).pathname,
    include: ['*.test.ts'],
  },
});
