import { textLink } from '../../styles/link.css';
import * as styles from './CompanyFacts.css';

export interface Fact {
  label: string;
  value: string;
  /** Makes the value a link (mailto:, tel:, https:). */
  href?: string;
}

/** The facts of the legal notice (publisher, host) as a definition list: label, then value. */
export function CompanyFacts({ facts }: { facts: readonly Fact[] }) {
  return (
    <dl className={styles.root}>
      {facts.map((fact) => (
        <div key={fact.label} className={styles.row}>
          <dt className={styles.label}>{fact.label}</dt>
          <dd className={styles.value}>{fact.href ? <FactLink href={fact.href}>{fact.value}</FactLink> : fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A mailto:, tel: or external link among the facts, or inside a sentence of the legal text. */
export function FactLink({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <a href={href} className={textLink}>
      {children}
    </a>
  );
}

/** A sentence that completes a list of facts, in the same column. */
export function FactNote({ children }: { children: React.ReactNode }) {
  return <p className={styles.note}>{children}</p>;
}
