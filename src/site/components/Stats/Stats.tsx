import * as styles from './Stats.css';

/** Key figures in a row (stacked on phones). */
export function Stats({ children }: { children: React.ReactNode }) {
  return <ul className={styles.root}>{children}</ul>;
}

export interface StatProps {
  /** The figure, shown large: « Plus de 300 », « 3 à 4 semaines ». */
  value: string;
  /** What the figure counts, in a few words. */
  children: React.ReactNode;
}

export function Stat({ value, children }: StatProps) {
  return (
    <li className={styles.stat}>
      <span className={styles.value}>{value}</span> <span className={styles.label}>{children}</span>
    </li>
  );
}
