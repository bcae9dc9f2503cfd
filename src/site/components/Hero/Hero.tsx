import * as styles from './Hero.css';

/** Top band of a page: its `# Titre`, a lead paragraph and, usually, <Actions>. */
export function Hero({ children }: { children: React.ReactNode }) {
  return (
    <section className={styles.root}>
      <div className={styles.inner}>{children}</div>
    </section>
  );
}
