import * as styles from './Callout.css';

export interface CalloutProps {
  /** Optional heading (an h3: a callout sits under a section's `## Titre`). */
  title?: string;
  children: React.ReactNode;
}

/** A boxed aside in the flow of a section: an example, a worked scenario, a caveat. */
export function Callout({ title, children }: CalloutProps) {
  return (
    <div className={styles.root}>
      {title && <h3 className={styles.title}>{title}</h3>}
      {children}
    </div>
  );
}
