import * as styles from './PropfirmTable.css';

export interface PropfirmRow {
  name: string;
  /** `oui`, `non`, or any other answer shown as not confirmed. */
  answer: 'oui' | 'non' | 'unconfirmed';
  /** The answer's words. */
  answerLabel: string;
  conditions: string;
  /** The public page the row rests on, and the day it was read (`2026-03-01`, shown as `dateLabel`). */
  source: { href: string; before: string; dateTime: string; dateLabel: string; after: string };
  /** /contact with the propfirm named, and the link's words. */
  contact: { href: string; label: string };
}

export interface PropfirmTableProps {
  caption: string;
  headings: { name: string; paysCompany: string; conditions: string };
  /** In the order shown. */
  rows: readonly PropfirmRow[];
}

/** Which propfirms pay a company, as a table: columns on wide screens, one card per propfirm on phones. */
export function PropfirmTable({ caption, headings, rows }: PropfirmTableProps) {
  return (
    <table className={styles.table}>
      <caption className={styles.caption}>{caption}</caption>
      <thead className={styles.head}>
        <tr>
          <th scope="col" className={styles.headCell}>
            {headings.name}
          </th>
          <th scope="col" className={styles.headCell}>
            {headings.paysCompany}
          </th>
          <th scope="col" className={styles.headCell}>
            {headings.conditions}
          </th>
        </tr>
      </thead>
      <tbody className={styles.body}>
        {rows.map((row) => (
          <tr key={row.name} className={styles.row}>
            <th scope="row" className={styles.name}>
              {row.name}
            </th>
            <td className={styles.answerCell} data-label={headings.paysCompany}>
              <span className={styles.answer({ answer: row.answer })}>{row.answerLabel}</span>
            </td>
            <td className={styles.cell}>
              <p className={styles.text}>{row.conditions}</p>
              <p className={styles.links}>
                <a className={styles.link} href={row.source.href}>
                  {row.source.before}
                  <time dateTime={row.source.dateTime}>{row.source.dateLabel}</time>
                  {row.source.after}
                </a>
                <a className={styles.link} href={row.contact.href}>
                  {row.contact.label}
                </a>
              </p>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
