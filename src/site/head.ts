/**
 * The <head> tags of a page, built from its frontmatter (the `handle` of its route):
 * title, description, robots (for a page the registry keeps out of search results), canonical link,
 * Open Graph and Twitter card, plus the Organization JSON-LD.
 */
import type { LinkDescriptor, MetaDescriptor } from 'react-router';
import type { PageFrontmatter } from '../content/content.config.ts';
import type { Author, GuideFrontmatter } from '../content/schema/guide-schema.ts';
import type { SeoContent } from '../content/schema/seo-schema.ts';
import { guidePage } from '../content/data/guide-page.ts';
import { canonicalPath, guidesFeedPath, isIndexed } from './registry.ts';
import { absoluteUrl } from './site-url.ts';
import { brandColors } from './styles/brand-colors.ts';
import { shareImage, shareImagePath } from './share-image.ts';

/** Raster logo for search engines (they want at least 112 × 112 px). */
const logoPath = '/icon-512.png';
/** The browser's toolbar on phones takes the header's navy. */
export const themeColor: string = brandColors.navy;

/**
 * Page frontmatter was validated against `pageSchema` when the MDX file was compiled,
 * so a `handle` with a string title is a page's frontmatter.
 */
function isPageFrontmatter(handle: unknown): handle is PageFrontmatter {
  return typeof handle === 'object' && handle !== null && 'title' in handle && typeof handle.title === 'string';
}

export interface HeadContext {
  siteName: string;
  seo: SeoContent;
}

/** A guide's handle (src/site/mdx/remark-page-handle.ts): its frontmatter, its address and its contents. */
export interface GuideHandle extends GuideFrontmatter {
  slug: string;
  toc: { id: string; text: string }[];
}

export function isGuideHandle(handle: unknown): handle is GuideHandle {
  return isPageFrontmatter(handle) && 'publieLe' in handle && 'slug' in handle;
}

/**
 * A guide's <head>: a page's, as an article, with schema.org `Article` (Google's recommended properties: headline,
 * image, both dates equal to the ones the page shows, the author's name and page). A data block, never executed.
 */
export function guideHead(handle: GuideHandle, pathname: string, context: HeadContext, author: Author): MetaDescriptor[] {
  const head = pageHead(handle, pathname, context).map((tag) =>
    'property' in tag && tag.property === 'og:type' ? { property: 'og:type', content: 'article' } : tag,
  );
  const image = head.find((tag) => 'property' in tag && tag.property === 'og:image');
  return [
    ...head,
    { property: 'article:published_time', content: handle.publieLe },
    { property: 'article:modified_time', content: handle.misAJourLe },
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: handle.title,
        description: handle.description,
        inLanguage: 'fr-FR',
        datePublished: handle.publieLe,
        dateModified: handle.misAJourLe,
        mainEntityOfPage: absoluteUrl(canonicalPath(pathname)),
        ...(image && 'content' in image ? { image: [image.content] } : {}),
        author: { '@type': 'Organization', name: author.nom, url: absoluteUrl(author.url) },
        publisher: { '@type': 'Organization', name: context.siteName, logo: absoluteUrl(logoPath) },
      },
    },
  ];
}

export function pageHead(handle: unknown, pathname: string, { siteName }: HeadContext): MetaDescriptor[] {
  if (!isPageFrontmatter(handle)) return [];
  const path = canonicalPath(pathname);
  const url = absoluteUrl(path);
  return [
    { title: handle.title },
    { name: 'description', content: handle.description },
    // A page kept out of search results (registry `index: false`) keeps its canonical link: it names itself.
    ...(isIndexed(path) ? [] : [{ name: 'robots', content: 'noindex' }]),
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: siteName },
    { property: 'og:locale', content: 'fr_FR' },
    { property: 'og:title', content: handle.title },
    { property: 'og:description', content: handle.description },
    { property: 'og:url', content: url },
    // Rendered from this page's title at build (tools/build/share-images.ts); size declared so platforms lay the
    // card out before fetching it.
    { property: 'og:image', content: absoluteUrl(shareImagePath(path)) },
    { property: 'og:image:type', content: shareImage.type },
    { property: 'og:image:width', content: String(shareImage.width) },
    { property: 'og:image:height', content: String(shareImage.height) },
    { property: 'og:image:alt', content: `${handle.title} · ${siteName}` },
    { name: 'twitter:card', content: 'summary_large_image' },
  ];
}

/** The not-found page: a title, and kept out of search results (no canonical: it has no URL of its own). */
export function notFoundHead(title: string): MetaDescriptor[] {
  return [{ title }, { name: 'robots', content: 'noindex' }];
}

/** Icons, manifest and the guides' feed, on every page (error screens included): no browser request for them ends in a 404. */
export function siteLinks(): LinkDescriptor[] {
  return [
    { rel: 'icon', href: '/favicon.ico', sizes: '32x32' },
    { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
    { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
    { rel: 'manifest', href: '/site.webmanifest' },
    // The guides' feed, found by feed readers from any page (tools/build/feed.ts writes it).
    { rel: 'alternate', type: 'application/atom+xml', href: guidesFeedPath, title: guidePage.feedTitle },
  ];
}

export interface OrganizationFacts {
  name: string;
  email: string;
  description: string;
}

/** schema.org Organization, the same on every page (a data block: never executed, so outside the CSP). */
export function organizationJsonLd({ name, email, description }: OrganizationFacts) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name,
    url: absoluteUrl('/'),
    logo: absoluteUrl(logoPath),
    description,
    email,
    contactPoint: { '@type': 'ContactPoint', contactType: 'customer service', email, availableLanguage: 'French' },
  };
}
