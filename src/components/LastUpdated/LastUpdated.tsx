import { useSyncExternalStore } from 'react';
import * as styles from './LastUpdated.css';

const timeZone = 'Europe/Paris';
const longDate = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone });
// en-CA formats as YYYY-MM-DD: the machine-readable `datetime`.
const isoDay = new Intl.DateTimeFormat('en-CA', { timeZone });

// The page is rendered at build time, but the date shown is the visitor's today (Paris time).
// useSyncExternalStore hydrates with the build's value, then renders the visitor's: no mismatch warning.
// In the browser, "today" at module load is the visitor's day, not the build's: hydration must
// instead reuse the day written in the pre-rendered HTML, or React discards the page's markup.
const serverDay = isoDay.format(new Date());
const noSubscription = () => () => {};
const today = () => isoDay.format(new Date());
const atBuild = () =>
  typeof document === 'undefined'
    ? serverDay
    : (document.querySelector('time[data-last-updated]')?.getAttribute('datetime') ?? today());

/** `<LastUpdated label="Dernière mise à jour : " />`: the label followed by today's date. */
export function LastUpdated({ label }: { label: string }) {
  const day = useSyncExternalStore(noSubscription, today, atBuild);
  return (
    <p className={styles.root}>
      {label}
      <time dateTime={day} data-last-updated="">{longDate.format(new Date(`${day}T12:00:00Z`))}</time>
    </p>
  );
}
