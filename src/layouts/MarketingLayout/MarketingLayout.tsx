import { Outlet } from 'react-router';
import * as styles from './MarketingLayout.css';

/** Pages made of full-width sections (Hero, Section, CallToAction…), stacked. */
export default function MarketingLayout() {
  return (
    <div className={styles.root}>
      <Outlet />
    </div>
  );
}
