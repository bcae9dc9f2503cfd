import mdx from '@mdx-js/rollup';
import { reactRouter } from '@react-router/dev/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineConfig } from 'vite';
import { mdxOptions } from './src/mdx/pipeline.ts';

export default defineConfig({
  plugins: [
    // MDX must compile before React Router analyses route modules (page files are route modules).
    { enforce: 'pre', ...mdx(mdxOptions) },
    vanillaExtractPlugin(),
    reactRouter(),
  ],
});
