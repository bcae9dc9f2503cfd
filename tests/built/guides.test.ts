// @vitest-environment jsdom
/**
 * The guides as a visitor, a search engine and a feed reader get them from dist/: the list, each guide's page (its
 * dates, author, sources, the « not advice » box, its Article data), the Atom feed and the sitemap.
 */
import { describe, expect, it } from 'vitest';
import { guidePage } from '../../src/content/data/guide-page.ts';
import { publishedGuides } from '../../src/site/guides/guides.ts';
import { pagesOnDisk, read } from './dist.ts';

const guides = publishedGuides();
const documentOf = (file: string) => new DOMParser().parseFromString(read(file), 'text/html');
const text = (node: Element | null | undefined) => node?.textContent?.replace(/\s+/g, ' ').trim() ?? '';

describe.each(['dist/guides.html', 'dist/guides/index.html'])('the list of guides, /guides, in %s', (file) => {
  const list = documentOf(file);
  const links = [...list.querySelectorAll('main ol li h2 a')];

  it('lists at least three guides, newest first, each with its publication day', () => {
    expect(links.length).toBeGreaterThanOrEqual(3);
    expect(links.map((link) => link.getAttribute('href'))).toEqual(guides.map((guide) => guide.path));
    const days = [...list.querySelectorAll('main ol li time')].map((time) => time.getAttribute('datetime') ?? '');
    expect(days).toEqual([...days].sort().reverse());
  });

  it('has one canonical address, /guides', () => {
    expect(list.querySelector('link[rel="canonical"]')?.getAttribute('href')).toMatch(/[^/]\/guides$/);
  });
});

describe.each(guides)('the guide $path', (guide) => {
  const page = documentOf(`dist${guide.path}.html`);
  const main = page.querySelector('main');

  it('shows its two dates in <time>, its author, and whether a professional reviewed it', () => {
    const facts = text(main?.querySelector('header'));
    for (const day of [guide.data.publieLe, guide.data.misAJourLe])
      expect(main?.querySelector(`header time[datetime="${day}"]`)).not.toBeNull();
    expect(facts).toContain(guidePage.published);
    expect(facts).toContain(guidePage.updated);
    expect(main?.querySelector('header a[rel="author"]')?.textContent).toMatch(/\S/);
    expect(facts).toContain(guide.data.reluPar ?? guidePage.notReviewed);
  });

  it('says it is general information, not personal advice', () => {
    const box = page.getElementById('guide-conseil')?.closest('aside');
    expect(text(box)).toMatch(/pas un conseil personnalisé/);
    expect(text(box)).toMatch(/31 décembre 1971/);
  });

  it('links at least two outside sources, each with the day it was read', () => {
    const sources = [...(page.getElementById('guide-sources')?.parentElement?.querySelectorAll('li') ?? [])];
    expect(sources.length).toBeGreaterThanOrEqual(2);
    for (const source of sources) {
      expect(source.querySelector('a')?.getAttribute('href')).toMatch(/^https:\/\/(?!www\.propllc\.fr)/);
      expect(source.querySelector('time')?.getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it('carries Article data whose dates are the ones shown, and its canonical address', () => {
    const blocks = [...page.querySelectorAll('script[type="application/ld+json"]')].map((script) =>
      JSON.parse(script.textContent ?? ''),
    );
    const article = blocks.find((block) => block['@type'] === 'Article');
    // The title and the two days as the page shows them (its <h1> and the <time> of its header).
    const [published, updated] = [...(main?.querySelectorAll('header time') ?? [])].map((time) => time.getAttribute('datetime'));
    expect(article).toMatchObject({
      headline: main?.querySelector('h1')?.textContent?.trim(),
      datePublished: published,
      dateModified: updated,
    });
    expect([published, updated]).toEqual([guide.data.publieLe, guide.data.misAJourLe]);
    expect(article.image).toEqual([page.querySelector('meta[property="og:image"]')?.getAttribute('content')]);
    expect(article.author.name).toMatch(/\S/);
    expect(article.author.url).toMatch(/^https:\/\//);
    expect(page.querySelector('link[rel="canonical"]')?.getAttribute('href')).toMatch(new RegExp(`${guide.path}$`));
  });

  it('has a contents list whose every link reaches a heading of the guide', () => {
    const targets = [...page.querySelectorAll('#guide-sommaire ~ ol a')].map((link) => link.getAttribute('href')?.slice(1) ?? '');
    expect(targets.length).toBeGreaterThan(1);
    for (const id of targets) expect(page.getElementById(id)?.tagName).toBe('H2');
  });

  it('leads to the fees, the propfirm table and the contact page, with no affiliate link', () => {
    const hrefs = [...(main?.querySelectorAll('a') ?? [])].map((link) => link.getAttribute('href') ?? '');
    expect(hrefs).toEqual(expect.arrayContaining(['/tarifs', '/how-it-works#propfirms', '/contact']));
    for (const href of hrefs) expect(href).not.toMatch(/[?&](ref|aff|affiliate|utm_[a-z]+|coupon|promo)=/i);
  });
});

describe('the Atom feed, /guides/flux.xml', () => {
  const xml = read('dist/guides/flux.xml');
  // jsdom parses XML strictly: a malformed feed throws here.
  const feed = new DOMParser().parseFromString(xml, 'application/xml');

  it('is an Atom feed that lists every guide with its dates', () => {
    expect(feed.documentElement.namespaceURI).toBe('http://www.w3.org/2005/Atom');
    const entries = [...feed.querySelectorAll('entry')];
    expect(entries.map((entry) => entry.querySelector('link')?.getAttribute('href') ?? '')).toEqual(
      guides.map((guide) => expect.stringMatching(new RegExp(`${guide.path}$`))),
    );
    entries.forEach((entry, index) => {
      expect(entry.querySelector('published')?.textContent).toBe(`${guides[index]?.data.publieLe}T00:00:00Z`);
      expect(entry.querySelector('updated')?.textContent).toBe(`${guides[index]?.data.misAJourLe}T00:00:00Z`);
      expect(entry.querySelector('author name')?.textContent).toMatch(/\S/);
    });
  });

  it.each(pagesOnDisk.map((page) => page.file))('%s links it in its <head>', (file) => {
    expect(documentOf(file).querySelector('head link[rel="alternate"][type="application/atom+xml"]')?.getAttribute('href')).toBe(
      '/guides/flux.xml',
    );
  });
});

describe('sitemap.xml', () => {
  const sitemap = read('dist/sitemap.xml');
  it.each(guides)('lists $path with its update day', (guide) => {
    expect(sitemap).toMatch(new RegExp(`<loc>[^<]*${guide.path}</loc><lastmod>${guide.data.misAJourLe}</lastmod>`));
  });
});
