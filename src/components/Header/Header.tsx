import { Menu, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { canonicalPath } from '../../registry.ts';
import * as styles from './Header.css';

export interface HeaderProps {
  brand: string;
  homeLabel: string;
  navLabel: string;
  links: readonly { label: string; to: string }[];
  cta: { label: string; to: string };
  openMenuLabel: string;
  closeMenuLabel: string;
}

export function Header({ brand, homeLabel, navLabel, links, cta, openMenuLabel, closeMenuLabel }: HeaderProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  // Pages are pre-rendered at `/faq/` but visited at `/faq`: comparing without the trailing slash
  // marks the same link in the HTML and after hydration. (NavLink compares them as different, and
  // React does not patch attribute mismatches in production, so `aria-current` would be lost.)
  const currentPath = canonicalPath(pathname);

  // Choosing a link closes the menu, even when it points at the current page.
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  const close = () => setOpen(false);

  return (
    <header className={styles.root}>
      <div className={styles.bar}>
        <Link to="/" className={styles.brand} aria-label={homeLabel} onClick={close}>
          {brand}
        </Link>
        <button
          ref={toggleRef}
          type="button"
          className={styles.toggle}
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={open ? closeMenuLabel : openMenuLabel}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
        </button>
        <nav id={menuId} aria-label={navLabel} className={styles.menu({ open })}>
          <ul className={styles.links}>
            {links.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className={styles.link}
                  aria-current={link.to === currentPath ? 'page' : undefined}
                  onClick={close}
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
          <Link to={cta.to} className={styles.cta} onClick={close}>
            {cta.label}
          </Link>
        </nav>
      </div>
    </header>
  );
}
