import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { site } from '../../../content/site.ts';
import { Footer } from '../Footer/Footer.tsx';
import { Header } from '../Header/Header.tsx';
import * as styles from './SiteLayout.css';

/** Replaces `{name}` placeholders of the wording in content/site.ts. */
function fill(template: string, values: Record<string, string>) {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

const MAIN_ID = 'contenu';

/** Header, main landmark and footer around every screen, the error screen included. */
export function SiteLayout({ children }: { children: React.ReactNode }) {
  const mainRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const firstRender = useRef(true);

  // After a client-side navigation, start the new page at its top and move focus there,
  // as a full page load would (screen readers then read the new page from its start).
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    window.scrollTo(0, 0);
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

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
      />
      <main id={MAIN_ID} ref={mainRef} tabIndex={-1} className={styles.main}>
        {children}
      </main>
      <Footer
        brand={site.brand.name}
        blurb={site.brand.blurb}
        navTitle={site.footer.navTitle}
        links={site.nav.links}
        legalTitle={site.footer.legalTitle}
        legalLinks={site.footer.legalLinks}
        copyright={fill(site.footer.copyright, {
          year: String(new Date().getFullYear()),
          brand: site.brand.name,
        })}
      />
    </>
  );
}
