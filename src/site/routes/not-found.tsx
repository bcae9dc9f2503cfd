import type { MetaFunction } from 'react-router';
import { interfaceText } from '../../content/data/interface.ts';
import { navigation } from '../../content/data/navigation.ts';
import { notFoundHead } from '../head.ts';
import { ErrorScreen } from '../components/ErrorScreen/ErrorScreen.tsx';

export const meta: MetaFunction = () => notFoundHead(interfaceText.notFound.metaTitle);

/**
 * Every path the registry does not know. Pre-rendered once, served by static hosts as 404.html.
 * It stands alone, without the site's header and footer (the spec's route table gives it no layout).
 * The site script logs the missing path with the message of `data-missing-path`.
 */
export default function NotFound() {
  const { notFound } = interfaceText;
  return (
    <main data-missing-path={notFound.consoleMessage}>
      <ErrorScreen
        code={notFound.code}
        title={notFound.title}
        text={notFound.text}
        homeLabel={notFound.home}
        contact={{ label: notFound.contact, to: navigation.nav.cta.to }}
      />
    </main>
  );
}
