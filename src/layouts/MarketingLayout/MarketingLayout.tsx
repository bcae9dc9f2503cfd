import { Outlet } from 'react-router';
import { SiteLayout } from '../../components/SiteLayout/SiteLayout.tsx';
import * as styles from './MarketingLayout.css';

/** Pages made of full-width sections (Hero, Section, CallToAction…), stacked. */
export default function MarketingLayout() {
  return (
    <SiteLayout>
      <div className={styles.root}>
        <Outlet />
      </div>
    </SiteLayout>
  );
}
