import { Outlet } from 'react-router';
import { SiteLayout } from '../../components/SiteLayout/SiteLayout.tsx';
import { siteLayoutWords } from '../site-layout-words.ts';
import * as styles from './MarketingLayout.css';

/** Pages made of full-width sections (Hero, Section, CallToAction…), stacked. */
export default function MarketingLayout() {
  return (
    <SiteLayout words={siteLayoutWords}>
      <div className={styles.root}>
        <Outlet />
      </div>
    </SiteLayout>
  );
}
