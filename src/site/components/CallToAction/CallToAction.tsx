import * as styles from './CallToAction.css';

/** The closing band of a page: a `## Titre`, one sentence and a <ButtonLink> to /contact. */
export function CallToAction({ children }: { children: React.ReactNode }) {
  return (
    <section className={styles.root}>
      <div className={styles.inner}>{children}</div>
    </section>
  );
}
