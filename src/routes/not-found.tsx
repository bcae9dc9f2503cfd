import type { MetaFunction } from 'react-router';
import { site } from '../../content/site.ts';
import { notFoundHead } from '../head.ts';
import { ErrorScreen } from '../components/ErrorScreen/ErrorScreen.tsx';

export const meta: MetaFunction = () => notFoundHead(site.notFound.metaTitle);

/**
 * Every path the registry does not know. Pre-rendered once, served by static hosts as 404.html.
 * It stands alone, without the site's header and footer (the spec's route table gives it no layout).
 * The site script logs the missing path with the message of `data-missing-path`.
 */
export default function NotFound() {
  return (
    <main data-missing-path={site.notFound.consoleMessage}>
      <ErrorScreen
        code={site.notFound.code}
        title={site.notFound.title}
        text={site.notFound.text}
        homeLabel={site.notFound.home}
        contact={{ label: site.notFound.contact, to: site.nav.cta.to }}
      />
    </main>
  );
}
