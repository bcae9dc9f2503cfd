import { MDXProvider } from '@mdx-js/react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  type LinksFunction,
  type MetaFunction,
} from 'react-router';
import { site } from '../content/site.ts';
import { ErrorScreen } from './components/ErrorScreen/ErrorScreen.tsx';
import { SiteLayout } from './components/SiteLayout/SiteLayout.tsx';
import { pageHead } from './head.ts';
import { mdxComponents } from './mdx/components.tsx';
import type { Route } from './+types/root';
import './styles/global.css';

/** Head tags of every page, from the frontmatter of the page's MDX file (exported as `handle`). */
export const meta: MetaFunction = ({ matches, location }) => pageHead(matches.at(-1)?.handle, location.pathname);

export const links: LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="fr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {/* No <ScrollRestoration/>: its inline script would need one more CSP hash on every page,
            and React Router already scrolls to the top on navigation. */}
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <MDXProvider components={mdxComponents}>
      <SiteLayout>
        <Outlet />
      </SiteLayout>
    </MDXProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`.trim()
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <SiteLayout>
      <ErrorScreen title={site.error.title} text={site.error.text} detail={detail} homeLabel={site.error.home} />
    </SiteLayout>
  );
}
