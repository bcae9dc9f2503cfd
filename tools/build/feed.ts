/**
 * /guides/flux.xml: the Atom feed (RFC 4287) of the published guides, newest first, written by
 * tools/build/postbuild.ts. Each entry's `updated` is the guide's `misAJourLe` and `published` its `publieLe`, the
 * dates its page shows; its id is its canonical URL, which never changes (an old address only redirects).
 */
// The titles and summaries as the pages show them (no-break spaces before « : » and after « »).
import { frenchTypography } from '../../src/site/typography/french.ts';
import { parisDay } from '../../src/content/french-date.ts';
import type { Author } from '../../src/content/schema/guide-schema.ts';
import type { Guide } from '../../src/site/guides/guides.ts';
import { guidesBase, guidesFeedPath } from '../../src/site/registry.ts';
import { absoluteUrl } from '../../src/site/site-url.ts';

const xml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[character]};`);

/** `2026-12-03` → `2026-12-03T00:00:00Z`: Atom wants an instant, and the pages show a day: its start. */
const instant = (day: string) => `${day}T00:00:00Z`;

export interface FeedContext {
  siteUrl: string;
  title: string;
  authorOf: (id: string) => Author;
}

export function atomFeed(guides: readonly Guide[], { siteUrl, title, authorOf }: FeedContext): string {
  // With no guide yet, the feed is as new as the build.
  const updated =
    guides
      .map((guide) => guide.data.misAJourLe)
      .sort()
      .at(-1) ?? parisDay(new Date());
  const entries = guides.map((guide) => {
    const author = authorOf(guide.data.auteur);
    const url = absoluteUrl(guide.path, siteUrl);
    return [
      '  <entry>',
      `    <id>${xml(url)}</id>`,
      `    <title>${xml(frenchTypography(guide.data.title))}</title>`,
      `    <link rel="alternate" type="text/html" href="${xml(url)}"/>`,
      `    <published>${instant(guide.data.publieLe)}</published>`,
      `    <updated>${instant(guide.data.misAJourLe)}</updated>`,
      `    <author><name>${xml(author.nom)}</name><uri>${xml(absoluteUrl(author.url, siteUrl))}</uri></author>`,
      `    <summary>${xml(frenchTypography(guide.data.description))}</summary>`,
      '  </entry>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="fr">',
    `  <id>${xml(absoluteUrl(guidesBase, siteUrl))}</id>`,
    `  <title>${xml(title)}</title>`,
    `  <link rel="self" type="application/atom+xml" href="${xml(absoluteUrl(guidesFeedPath, siteUrl))}"/>`,
    `  <link rel="alternate" type="text/html" href="${xml(absoluteUrl(guidesBase, siteUrl))}"/>`,
    `  <updated>${instant(updated)}</updated>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}
