import { frenchLongDate, frenchMonths, parisDay } from '../../../content/french-date.ts';
import * as styles from './LastUpdated.css';

/**
 * `<LastUpdated label="Dernière mise à jour : " />`: the label followed by today's date. Showing the
 * visitor's today (Paris time) is the spec's rule for the terms page. The page is rendered at build
 * time with the build's day; the site script (src/site/client/site-script.ts) writes the visitor's day into the
 * `time[data-today]` element, in the same format, with the month names the element carries (`data-months`): the
 * browser then needs no Intl formatter, whose first use is a long task on a slow phone.
 */
export function LastUpdated({ label }: { label: string }) {
  const day = parisDay(new Date());
  return (
    <p className={styles.root}>
      {label}
      <time dateTime={day} data-today="" data-months={frenchMonths().join(' ')}>
        {frenchLongDate(day)}
      </time>
    </p>
  );
}
