import { Outlet } from 'react-router';
import * as styles from './DocumentLayout.css';

/** Long legal texts: one readable column. */
export default function DocumentLayout() {
  return (
    <article className={styles.root}>
      <Outlet />
    </article>
  );
}
