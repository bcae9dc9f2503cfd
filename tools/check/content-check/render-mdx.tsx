/**
 * Renders one compiled MDX module the way a pre-rendered page does (component map, router context),
 * for `npm run check`: loaded through Vite's SSR loader by ./render-check.ts.
 */
import { MDXProvider } from '@mdx-js/react';
import type { MDXContent } from 'mdx/types';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { mdxComponents } from '../../../src/site/mdx/components.tsx';

export function renderMdx(Content: MDXContent): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <MDXProvider components={mdxComponents}>
        <Content />
      </MDXProvider>
    </MemoryRouter>,
  );
}
