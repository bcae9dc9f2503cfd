import * as styles from './Section.css';

export interface SectionProps {
  /** Background: `plain` (white, default), `muted` (light grey-blue) or `accent` (soft warm). */
  tone?: 'plain' | 'muted' | 'accent';
  /** Anchor for links such as /about#processus. */
  id?: string;
  children: React.ReactNode;
}

/** A full-width band of a marketing page; its content stays in the readable column. */
export function Section({ tone = 'plain', id, children }: SectionProps) {
  return (
    <section id={id} className={styles.root({ tone })}>
      <div className={styles.inner}>{children}</div>
    </section>
  );
}
