import { defineConfig } from 'vitest/config';

// Checks over the built site (dist/): run by `npm run test:build`, after `npm run build` (see package.json).
export default defineConfig({
  test: {
    include: ['tests/built/**/*.test.ts'],
    environment: 'node',
  },
});
