import mdx from '@mdx-js/rollup';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineConfig } from 'vitest/config';
import { mdxOptions } from './src/site/mdx/pipeline.ts';

// The same MDX pipeline and styles as the site, without React Router's build plugin. Two projects:
// `unit` runs in-process only (no server, no child process, no copy of the project), `integration` the rest.
export default defineConfig({
  plugins: [{ enforce: 'pre', ...mdx(mdxOptions) }, vanillaExtractPlugin()],
  test: {
    environment: 'jsdom',
    setupFiles: ['tests/unit/setup.ts'],
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}'] } },
      { extends: true, test: { name: 'integration', include: ['tests/integration/**/*.test.{ts,tsx}'] } },
    ],
  },
});
