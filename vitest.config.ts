import mdx from '@mdx-js/rollup';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineConfig } from 'vitest/config';
import { mdxOptions } from './src/mdx/pipeline.ts';

// Unit tests: the same MDX pipeline and styles as the site, without React Router's build plugin.
export default defineConfig({
  plugins: [{ enforce: 'pre', ...mdx(mdxOptions) }, vanillaExtractPlugin()],
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['tests/unit/setup.ts'],
    // Vitest's default on two cores is one file at a time; many files wait on processes they start (tsx, a build,
    // a server), so two at a time took 57 % of the time on such a machine.
    maxWorkers: 2,
  },
});
