/**
 * The `meta` export of every page route module (content/pages/*.mdx and content/guides/*.mdx re-export it, see
 * src/site/mdx/remark-page-handle.ts). It must live on the page route: React Router calls each route's
 * `meta` with only the matches down to that route, so root's `meta` never sees the page's handle.
 */
import type { MetaFunction } from 'react-router';
import { authorOf } from './guides/published.ts';
import { brand } from '../content/data/brand.ts';
import { seo } from '../content/data/seo.ts';
import { guideHead, isGuideHandle, pageHead } from './head.ts';

export const meta: MetaFunction = ({ matches, location }) => {
  const handle = matches.at(-1)?.handle;
  const context = { siteName: brand.name, seo };
  return isGuideHandle(handle)
    ? guideHead(handle, location.pathname, context, authorOf(handle.auteur))
    : pageHead(handle, location.pathname, context);
};
