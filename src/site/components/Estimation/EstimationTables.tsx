/**
 * Every state's estimate, each figure with its source and date, one state per fold: a `<details>` opens with a
 * tap and no JavaScript, so the page stays short on a phone and every figure stays one tap away.
 */
import type { Tarifs } from '../../../content/schema/tarifs-schema.ts';
import { Breakdown } from './Breakdown.tsx';
import * as styles from './Estimation.css.ts';
import { estimate } from './estimate.ts';

interface EstimationTablesProps {
  tarifs: Tarifs;
  rateNote: string;
  checkedOn: (day: string) => string;
}

export function EstimationTables({ tarifs, rateNote, checkedOn }: EstimationTablesProps) {
  return (
    <>
      <div className={styles.folds}>
        {tarifs.etats.map((entry) => (
          <details key={entry.nom} className={styles.fold}>
            <summary className={styles.summary}>{tarifs.textes.detailEtat.replaceAll('{etat}', entry.nom)}</summary>
            <Breakdown estimate={estimate(tarifs, entry.nom)} words={tarifs.textes} checkedOn={checkedOn} />
          </details>
        ))}
      </div>
      <p className={styles.note}>{rateNote}</p>
    </>
  );
}
