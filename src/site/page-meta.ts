/**
 * The `meta` export of every page route module (content/pages/*.mdx re-export it, see
 * src/site/mdx/remark-page-handle.ts). It must live on the page route: React Router calls each route's
 * `meta` with only the matches down to that route, so root's `meta` never sees the page's handle.
 */
import type { MetaFunction } from 'react-router';
import { brand } from '../content/data/brand.ts';
import { seo } from '../content/data/seo.ts';
import { pageHead } from './head.ts';

export const meta: MetaFunction = ({ matches, location }) =>
  pageHead(matches.at(-1)?.handle, location.pathname, { siteName: brand.name, seo });
