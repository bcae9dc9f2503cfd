/** The words SiteLayout shows around every page, gathered from the data files for the layouts and the error screen. */
import type { SiteLayoutWords } from '../components/SiteLayout/SiteLayout.tsx';
import { brand } from '../../content/data/brand.ts';
import { interfaceText } from '../../content/data/interface.ts';
import { navigation } from '../../content/data/navigation.ts';

export const siteLayoutWords: SiteLayoutWords = {
  brand,
  nav: navigation.nav,
  footer: navigation.footer,
  a11y: interfaceText.a11y,
};
