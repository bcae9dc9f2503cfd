import { Link } from 'react-router';
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
  copyright: string;
}

function LinkList({ title, links }: { title: string; links: readonly FooterLink[] }) {
  return (
    <nav aria-label={title} className={styles.column}>
      <h2 className={styles.title}>{title}</h2>
      <ul className={styles.list}>
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={styles.link}>
              {link.label}
            </Link>
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
      {/* The year is the build's; a page built in December and read in January keeps it without a hydration warning. */}
      <p className={styles.copyright} suppressHydrationWarning>
        {copyright}
      </p>
    </footer>
  );
}
