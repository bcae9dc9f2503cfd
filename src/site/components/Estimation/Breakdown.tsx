/**
 * One state's estimate as a table: a row per line, year 1 and each following year, in dollars and euros, and
 * the totals. The « Estimation » island shows the chosen state's; the page shows every state's, with each
 * figure's source and date, so a visitor without JavaScript sees the same figures.
 */
import type { ReactNode } from 'react';
import type { Tarifs } from '../../../content/schema/tarifs-schema.ts';
import * as styles from './Estimation.css.ts';
import { type Amount, type Estimate, formatEur, formatUsd } from './estimate.ts';

interface BreakdownProps {
  estimate: Estimate;
  words: Tarifs['textes'];
  /** Each line's source and the day it was checked (`2026-11-27` → « 27 novembre 2026 »); left out when absent. */
  checkedOn?: (day: string) => string;
  /** Each line's explanation under its name; the island leaves it to the folded tables below it, to stay short. */
  withDetails?: boolean;
}

/** An amount in dollars over euros, or « — », or the words of a price not set yet. */
export function AmountCell({ amount, total = false }: { amount: Amount; total?: boolean }) {
  const className = [
    styles.amount,
    total ? styles.total : undefined,
    amount !== null && 'pending' in amount ? styles.pending : undefined,
  ]
    .filter(Boolean)
    .join(' ');
  if (amount === null) return <td className={className}>—</td>;
  if ('pending' in amount) return <td className={className}>{amount.pending}</td>;
  return (
    <td className={className}>
      {formatUsd(amount.usd)}
      <span className={styles.eur}>{formatEur(amount.eur)}</span>
    </td>
  );
}

/** The head row of a cost table: its first column's name, then year 1 and each following year. */
export function YearsHead({ first, words }: { first: string; words: Tarifs['textes'] }) {
  return (
    <thead>
      <tr>
        <th scope="col" className={styles.head}>
          {first}
        </th>
        <th scope="col" className={styles.headAmount}>
          {words.premiereAnnee}
        </th>
        <th scope="col" className={styles.headAmount}>
          {words.anneesSuivantes}
        </th>
      </tr>
    </thead>
  );
}

export function Breakdown({ estimate, words, checkedOn, withDetails = true }: BreakdownProps) {
  const source = (href: string | undefined, day: string | undefined): ReactNode =>
    checkedOn && href && day ? (
      <span className={styles.detail}>
        <a className={styles.link} href={href}>
          {words.source}
        </a>
        , {words.dateVerification} <time dateTime={day}>{checkedOn(day)}</time>
      </span>
    ) : null;
  return (
    <table className={styles.table}>
      <caption className={styles.caption}>{estimate.state}</caption>
      <YearsHead first={words.ligne} words={words} />
      <tbody>
        {estimate.lines.map((line) => (
          <tr key={line.key}>
            <th scope="row" className={styles.rowHead}>
              {line.label}
              {withDetails && line.detail ? <span className={styles.detail}>{line.detail}</span> : null}
              {source(line.source, line.verifieLe)}
            </th>
            <AmountCell amount={line.premiereAnnee} />
            <AmountCell amount={line.anneesSuivantes} />
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" className={`${styles.rowHead} ${styles.total}`}>
            {estimate.complete ? words.total : words.totalHorsHonoraires}
          </th>
          <AmountCell amount={estimate.total.premiereAnnee} total />
          <AmountCell amount={estimate.total.anneesSuivantes} total />
        </tr>
      </tfoot>
    </table>
  );
}
