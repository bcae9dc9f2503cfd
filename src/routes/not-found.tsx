import { useEffect } from 'react';
import { useLocation, type MetaFunction } from 'react-router';
import { site } from '../../content/site.ts';
import { notFoundHead } from '../head.ts';
import { ErrorScreen } from '../components/ErrorScreen/ErrorScreen.tsx';

export const meta: MetaFunction = () => notFoundHead(site.notFound.metaTitle);

/** Every path the registry does not know. Pre-rendered once, served by static hosts as 404.html. */
export default function NotFound() {
  const { pathname } = useLocation();
  useEffect(() => {
    // Leaves a trace of dead links in the browser console and in monitoring that records it.
    console.error(`404 : page introuvable : ${pathname}`);
  }, [pathname]);
  return (
    <ErrorScreen
      code={site.notFound.code}
      title={site.notFound.title}
      text={site.notFound.text}
      homeLabel={site.notFound.home}
      contact={{ label: site.notFound.contact, to: site.nav.cta.to }}
    />
  );
}
