import * as styles from './Columns.css';

/**
 * Two columns side by side on wide screens (the first the wider), one under the other below that: the contact form
 * beside what happens next, a hero's text beside its drawing. Pure CSS: nothing moves once the page is drawn.
 */
export function Columns({ children }: { children: React.ReactNode }) {
  return <div className={styles.root}>{children}</div>;
}

export interface ColumnProps {
  /** Background: `plain` (none, default) or `muted` (a light panel that sets the column apart). */
  tone?: 'plain' | 'muted';
  /** Anchor for links such as /contact#nous-joindre. */
  id?: string;
  children: React.ReactNode;
}

export function Column({ tone = 'plain', id, children }: ColumnProps) {
  return (
    <div id={id} className={styles.column({ tone })}>
      {children}
    </div>
  );
}
