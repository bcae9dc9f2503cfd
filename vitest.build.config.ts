import { defineConfig } from 'vitest/config';

// Checks over the built site (dist/): run by `npm run test:build`, after `npm run build` (see package.json).
export default defineConfig({
  test: {
    include: ['tests/built/**/*.test.ts'],
    environment: 'node',
    // No results file: `npm test` runs these checks beside the integration tests (tools/test/run.ts),
    // whose own Vitest runs read and write that same file under node_modules/.vite.
    cache: false,
    // Beside the end-to-end tests, validating a page can wait for a core: a test fails on what it finds, not on time.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
