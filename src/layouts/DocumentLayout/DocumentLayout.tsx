import { Outlet } from 'react-router';
import { SiteLayout } from '../../components/SiteLayout/SiteLayout.tsx';
import * as styles from './DocumentLayout.css';

/** Long legal texts: one readable column. */
export default function DocumentLayout() {
  return (
    <SiteLayout>
      <article className={styles.root}>
        <Outlet />
      </article>
    </SiteLayout>
  );
}
