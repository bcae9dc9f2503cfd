/**
 * The four states side by side, one row each: what year 1 and each following year cost in total, in dollars and
 * euros. The first thing /tarifs shows on a phone, without JavaScript; each state's lines and sources follow,
 * folded (EstimationTables).
 */
import type { Tarifs } from '../../../content/schema/tarifs-schema.ts';
import * as styles from './Estimation.css.ts';
import { type Estimate, estimate, formatEur, formatUsd } from './estimate.ts';

function Total({ money }: { money: Estimate['total']['premiereAnnee'] }) {
  return (
    <td className={styles.amount}>
      {formatUsd(money.usd)}
      <span className={styles.eur}>{formatEur(money.eur)}</span>
    </td>
  );
}

export function Comparison({ tarifs }: { tarifs: Tarifs }) {
  const words = tarifs.textes;
  return (
    <table className={styles.table}>
      <caption className={styles.caption}>{words.comparaison}</caption>
      <thead>
        <tr>
          <th scope="col" className={styles.head}>
            {words.etat}
          </th>
          <th scope="col" className={styles.headAmount}>
            {words.premiereAnnee}
          </th>
          <th scope="col" className={styles.headAmount}>
            {words.anneesSuivantes}
          </th>
        </tr>
      </thead>
      <tbody>
        {tarifs.etats.map((entry) => {
          const { total } = estimate(tarifs, entry.nom);
          return (
            <tr key={entry.nom}>
              <th scope="row" className={`${styles.rowHead} ${styles.stateName}`}>
                {entry.nom}
              </th>
              <Total money={total.premiereAnnee} />
              <Total money={total.anneesSuivantes} />
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
