import { button } from '../../styles/button.css';
import * as styles from './ButtonLink.css';

export interface ButtonLinkProps {
  /** Internal path, such as /contact. */
  to: string;
  /** `primary` (orange, the main action) or `secondary` (outlined). */
  variant?: 'primary' | 'secondary';
  children: React.ReactNode;
}

/** A link that looks like a button: calls to action inside MDX. */
export function ButtonLink({ to, variant = 'primary', children }: ButtonLinkProps) {
  return (
    <a href={to} className={button({ variant })}>
      {children}
    </a>
  );
}

export interface ActionsProps {
  /**
   * `start` lines the buttons up with the text; `center` for centred screens. Without it, the row
   * follows its band: centred in a <CallToAction>, at the start elsewhere.
   */
  align?: 'start' | 'center';
  children: React.ReactNode;
}

/** Lays out one or more <ButtonLink> side by side, wrapping on narrow screens. */
export function Actions({ align, children }: ActionsProps) {
  return <div className={styles.actions({ align })}>{children}</div>;
}
