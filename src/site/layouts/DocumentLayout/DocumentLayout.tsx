import { Outlet } from 'react-router';
import { SiteLayout } from '../../components/SiteLayout/SiteLayout.tsx';
import { siteLayoutWords } from '../site-layout-words.ts';
import * as styles from './DocumentLayout.css';

/** Long legal texts: one readable column. */
export default function DocumentLayout() {
  return (
    <SiteLayout words={siteLayoutWords}>
      <article className={styles.root}>
        <Outlet />
      </article>
    </SiteLayout>
  );
}
