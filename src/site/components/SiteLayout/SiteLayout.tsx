import { useLocation } from 'react-router';
import type { Brand, InterfaceText, Navigation } from '../../../content/schema/site-schema.ts';
import { canonicalPath } from '../../registry.ts';
import { Footer } from '../Footer/Footer.tsx';
import { Header } from '../Header/Header.tsx';
import * as styles from './SiteLayout.css';

const MAIN_ID = 'contenu';

/** The words around every page, from the data files (src/site/layouts/site-layout-words.ts gathers them). */
export interface SiteLayoutWords {
  brand: Brand;
  nav: Navigation['nav'];
  footer: Navigation['footer'];
  a11y: InterfaceText['a11y'];
}

/** Header, main landmark and footer around every page (the not-found page stands alone). */
export function SiteLayout({ words: site, children }: { words: SiteLayoutWords; children: React.ReactNode }) {
  // Rendered at build time only: the pre-rendered path marks the current link (`/faq/` and `/faq` alike).
  const { pathname } = useLocation();
  return (
    <>
      <a href={`#${MAIN_ID}`} className={styles.skipLink}>
        {site.a11y.skipLink}
      </a>
      <Header
        brand={site.brand.name}
        homeLabel={site.a11y.homeLink}
        navLabel={site.nav.label}
        links={site.nav.links}
        cta={site.nav.cta}
        openMenuLabel={site.nav.openMenu}
        closeMenuLabel={site.nav.closeMenu}
        currentPath={canonicalPath(pathname)}
      />
      <main id={MAIN_ID} tabIndex={-1} className={styles.main}>
        {children}
      </main>
      <Footer
        brand={site.brand.name}
        blurb={site.brand.blurb}
        navTitle={site.footer.navTitle}
        links={site.nav.links}
        legalTitle={site.footer.legalTitle}
        legalLinks={site.footer.legalLinks}
        copyright={site.footer.copyright}
      />
    </>
  );
}
