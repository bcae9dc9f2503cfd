import { Menu, X } from 'lucide-react';
import { button } from '../../styles/button.css';
import * as styles from './Header.css';

export interface HeaderProps {
  brand: string;
  homeLabel: string;
  navLabel: string;
  links: readonly { label: string; to: string }[];
  cta: { label: string; to: string };
  openMenuLabel: string;
  closeMenuLabel: string;
  /** Path of the page being rendered, without trailing slash: its link is marked `aria-current`. */
  currentPath: string;
}

/** One menu per page: a fixed id is the same in the pre-rendered HTML and in the site script. */
const menuId = 'menu';

/**
 * Under 48em the links are a popover opened by the toggle (`popovertarget`): the browser opens and
 * closes it, dismisses it on Escape or a tap outside, with no JavaScript. The site script
 * (src/site/client/site-script.ts) adds `aria-expanded` and switches the label, read from the data attributes.
 * From 48em the same links sit in the bar and the toggle is hidden.
 */
export function Header({ brand, homeLabel, navLabel, links, cta, openMenuLabel, closeMenuLabel, currentPath }: HeaderProps) {
  return (
    <header className={styles.root}>
      <div className={styles.bar}>
        <a href="/" className={styles.brand} aria-label={homeLabel}>
          {brand}
        </a>
        <button
          type="button"
          className={styles.toggle}
          popoverTarget={menuId}
          aria-controls={menuId}
          aria-label={openMenuLabel}
          data-menu-toggle=""
          data-label-open={openMenuLabel}
          data-label-close={closeMenuLabel}
        >
          <Menu aria-hidden="true" className={styles.iconOpen} />
          <X aria-hidden="true" className={styles.iconClose} />
        </button>
        <nav id={menuId} popover="auto" aria-label={navLabel} className={styles.menu}>
          <ul className={styles.links}>
            {links.map((link) => (
              <li key={link.to}>
                <a href={link.to} className={styles.link} aria-current={link.to === currentPath ? 'page' : undefined}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
          <a href={cta.to} className={button({ variant: 'primary', size: 'compact' })}>
            {cta.label}
          </a>
        </nav>
      </div>
    </header>
  );
}
