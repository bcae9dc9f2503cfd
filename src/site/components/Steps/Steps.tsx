import * as styles from './Steps.css';

/** A numbered sequence of <Step>: stacked on phones, side by side on wide screens. */
export function Steps({ children }: { children: React.ReactNode }) {
  return <ol className={styles.root}>{children}</ol>;
}

export interface StepProps {
  /** Step heading (an h3); its number comes from its position in <Steps>. */
  title: string;
  children: React.ReactNode;
}

export function Step({ title, children }: StepProps) {
  return (
    <li className={styles.step}>
      <h3 className={styles.title}>{title}</h3>
      <div className={styles.body}>{children}</div>
    </li>
  );
}
