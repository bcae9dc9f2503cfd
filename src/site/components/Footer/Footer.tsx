import { parisYear } from '../../../content/french-date.ts';
import { plainList } from '../../styles/list.css';
import * as styles from './Footer.css';

interface FooterLink {
  label: string;
  to: string;
}

export interface FooterProps {
  brand: string;
  blurb: string;
  navTitle: string;
  links: readonly FooterLink[];
  legalTitle: string;
  legalLinks: readonly FooterLink[];
  /** `© {year} {brand}. …`: the year is the build's, then the visitor's (site script). */
  copyright: string;
}

/** Fills `{brand}` and puts the year in an element the site script updates. */
function Copyright({ template, brand }: { template: string; brand: string }) {
  return template
    .replaceAll('{brand}', brand)
    .split('{year}')
    .flatMap((part, index) =>
      index === 0
        ? [part]
        : [
            // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one fixed sentence, never reordered.
            <span key={index} data-current-year="">
              {parisYear(new Date())}
            </span>,
            part,
          ],
    );
}

function LinkList({ title, links }: { title: string; links: readonly FooterLink[] }) {
  return (
    <nav aria-label={title}>
      <h2 className={styles.title}>{title}</h2>
      <ul className={plainList}>
        {links.map((link) => (
          <li key={link.to}>
            <a href={link.to} className={styles.link}>
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Footer({ brand, blurb, navTitle, links, legalTitle, legalLinks, copyright }: FooterProps) {
  return (
    <footer className={styles.root}>
      <div className={styles.inner}>
        <div className={styles.about}>
          <p className={styles.brand}>{brand}</p>
          <p className={styles.blurb}>{blurb}</p>
        </div>
        <LinkList title={navTitle} links={links} />
        <LinkList title={legalTitle} links={legalLinks} />
      </div>
      <p className={styles.copyright}>
        <Copyright template={copyright} brand={brand} />
      </p>
    </footer>
  );
}
