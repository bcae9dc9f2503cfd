/** Every state's estimate, each figure with its source and date: what a visitor sees without JavaScript. */
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
      <div className={styles.grid}>
        {tarifs.etats.map((entry) => (
          <Breakdown key={entry.nom} estimate={estimate(tarifs, entry.nom)} words={tarifs.textes} checkedOn={checkedOn} />
        ))}
      </div>
      <p className={styles.note}>{rateNote}</p>
    </>
  );
}
