/**
 * The « Estimation » island: a list of the states and the chosen state's cost, year 1 and each following
 * year. Its only props are content/tarifs.json, so the page render and the browser render the same tree.
 * The list stays disabled until the island has hydrated: before that, choosing would change nothing, and the
 * page's table of every state already shows each figure.
 */
import { useEffect, useState } from 'react';
import type { Tarifs } from '../../../content/schema/tarifs-schema.ts';
import { Breakdown } from './Breakdown.tsx';
import * as styles from './Estimation.css.ts';
import { estimate } from './estimate.ts';

export interface EstimationIslandProps {
  tarifs: Tarifs;
  /** The sentence giving the exchange rate and its date, written at build time. */
  rateNote: string;
}

// One island of this kind per page: a fixed id (`useId` would differ between the page render and the browser).
const selectId = 'estimation-etat';

export function EstimationIsland({ tarifs, rateNote }: EstimationIslandProps) {
  const [state, setState] = useState(tarifs.etats[0]?.nom ?? '');
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <div className={styles.root}>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={selectId}>
          {tarifs.textes.choix}
        </label>
        <select
          id={selectId}
          className={styles.select}
          value={state}
          disabled={!hydrated}
          onChange={(event) => setState(event.currentTarget.value)}
        >
          {tarifs.etats.map((entry) => (
            <option key={entry.nom} value={entry.nom}>
              {entry.nom}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.chosen}>
        <Breakdown estimate={estimate(tarifs, state)} words={tarifs.textes} withDetails={false} />
      </div>
      <p className={styles.note}>{rateNote}</p>
    </div>
  );
}
