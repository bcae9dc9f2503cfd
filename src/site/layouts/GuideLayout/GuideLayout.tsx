import type { ReactNode } from 'react';
import { Outlet, useMatches } from 'react-router';
import { authorOf, isPublished } from '../../guides/published.ts';
import { guidePage } from '../../../content/data/guide-page.ts';
import { frenchLongDate, parisDay } from '../../../content/french-date.ts';
import { SiteLayout } from '../../components/SiteLayout/SiteLayout.tsx';
import { isGuideHandle } from '../../head.ts';
import * as prose from '../../mdx/components.css';
import { textLink } from '../../styles/link.css';
import { siteLayoutWords } from '../site-layout-words.ts';
import * as styles from './GuideLayout.css';

/** A day as the page shows it, and as machines read it (`datetime`): the two never differ. */
function Day({ day }: { day: string }) {
  return <time dateTime={day}>{frenchLongDate(day)}</time>;
}

/** One of the blocks under a guide's text (sources, changes, pages to go on to): a section named by its heading. */
function Annex({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={styles.annex} aria-labelledby={id}>
      <h2 id={id} className={prose.h2}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * A guide (content/guides/): its title, its dates, its author and reviewer, the « not advice » box, its contents,
 * then its text, its sources, its changes and the pages to go on to. Everything but the text comes from its
 * frontmatter and the words of content/guide-page.json, so that no guide can leave one out.
 */
export default function GuideLayout() {
  const handle = useMatches().at(-1)?.handle;
  if (!isGuideHandle(handle)) throw new Error('GuideLayout frames the guides of content/guides/ only');
  const author = authorOf(handle.auteur);
  const words = guidePage;
  return (
    <SiteLayout words={siteLayoutWords}>
      <article className={styles.root}>
        {/* Only the editor's preview gives an unpublished guide a page (src/site/guides/guides.ts): say so on it. */}
        {!isPublished(handle, parisDay(new Date())) && (
          <p className={styles.unpublished} role="note">
            {handle.brouillon ? (
              words.previewDraft
            ) : (
              <>
                {words.previewScheduled} <Day day={handle.publieLe} />.
              </>
            )}
          </p>
        )}
        <header className={styles.header}>
          <h1 className={prose.h1}>{handle.title}</h1>
          <p className={styles.lede}>{handle.description}</p>
          <ul className={styles.facts}>
            <li>
              {words.published} <Day day={handle.publieLe} />
            </li>
            <li>
              {words.updated} <Day day={handle.misAJourLe} />
            </li>
            <li>
              {words.by}{' '}
              <a className={textLink} href={author.url} rel="author">
                {author.nom}
              </a>
            </li>
            <li>
              {handle.reluPar && handle.reluLe ? (
                <>
                  {words.reviewedBy} {handle.reluPar} {words.reviewedOn} <Day day={handle.reluLe} />
                </>
              ) : (
                words.notReviewed
              )}
            </li>
          </ul>
        </header>
        <aside className={styles.advice} aria-labelledby="guide-conseil">
          <h2 id="guide-conseil" className={styles.boxTitle}>
            {words.adviceTitle}
          </h2>
          <p className={styles.boxText}>{words.advice}</p>
        </aside>
        {handle.toc.length > 1 && (
          <nav className={styles.contents} aria-labelledby="guide-sommaire">
            <h2 id="guide-sommaire" className={styles.boxTitle}>
              {words.contents}
            </h2>
            <ol className={styles.contentsList}>
              {handle.toc.map((entry) => (
                <li key={entry.id}>
                  <a className={textLink} href={`#${entry.id}`}>
                    {entry.text}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
        )}
        <div className={styles.body}>
          <Outlet />
        </div>
        <Annex id="guide-sources" title={words.sources}>
          <ol className={prose.list}>
            {handle.sources.map((source) => (
              <li key={source.url} className={prose.listItem}>
                <a className={textLink} href={source.url}>
                  {source.titre}
                </a>
                , {words.consulted} <Day day={source.consulteLe} />
              </li>
            ))}
          </ol>
        </Annex>
        <Annex id="guide-historique" title={words.history}>
          <ul className={prose.list}>
            {[...handle.historique].reverse().map((line) => (
              <li key={`${line.date} ${line.changement}`} className={prose.listItem}>
                <Day day={line.date} />
                {'\u202f: '}
                {line.changement}
              </li>
            ))}
          </ul>
        </Annex>
        <Annex id="guide-suite" title={words.related}>
          <ul className={prose.list}>
            {words.relatedLinks.map((link) => (
              <li key={link.to} className={prose.listItem}>
                <a className={textLink} href={link.to}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
          <p className={styles.bio}>
            <strong className={prose.strong}>{author.nom}</strong>
            {'\u202f: '}
            {author.bio}
          </p>
        </Annex>
      </article>
    </SiteLayout>
  );
}
