/**
 * The states side by side, one row each: what year 1 and each following year cost in total, in dollars and
 * euros. The first thing /tarifs shows on a phone, without JavaScript; each state's lines and sources follow,
 * folded (EstimationTables).
 */
import type { Tarifs } from '../../../content/schema/tarifs-schema.ts';
import * as styles from './Estimation.css.ts';
import { AmountCell, YearsHead } from './Breakdown.tsx';
import { estimate } from './estimate.ts';

export function Comparison({ tarifs }: { tarifs: Tarifs }) {
  const words = tarifs.textes;
  return (
    <table className={styles.table}>
      <caption className={styles.caption}>{words.comparaison}</caption>
      <YearsHead first={words.etat} words={words} />
      <tbody>
        {tarifs.etats.map((entry) => {
          const { total } = estimate(tarifs, entry.nom);
          return (
            <tr key={entry.nom}>
              <th scope="row" className={`${styles.rowHead} ${styles.stateName}`}>
                {entry.nom}
              </th>
              <AmountCell amount={total.premiereAnnee} />
              <AmountCell amount={total.anneesSuivantes} />
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
