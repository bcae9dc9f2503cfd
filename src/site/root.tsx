import { MDXProvider } from '@mdx-js/react';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, type LinksFunction, type MetaFunction } from 'react-router';
import { ErrorScreen } from './components/ErrorScreen/ErrorScreen.tsx';
import { SiteLayout } from './components/SiteLayout/SiteLayout.tsx';
import { brand } from '../content/data/brand.ts';
import { company } from '../content/data/company.ts';
import { interfaceText } from '../content/data/interface.ts';
import { navigation } from '../content/data/navigation.ts';
import { seo } from '../content/data/seo.ts';
import { siteLayoutWords } from './layouts/site-layout-words.ts';
import { organizationJsonLd, siteLinks, themeColor } from './head.ts';
import { mdxComponents } from './mdx/components.tsx';
import type { Route } from './+types/root';
import './styles/global.css';
import './styles/view-transition.css';

/**
 * Error screens only: each page route has its own `meta` (src/site/page-meta.ts), built from its frontmatter,
 * which replaces this one.
 */
export const meta: MetaFunction = () => [{ title: brand.name }];

export const links: LinksFunction = siteLinks;

// `<` escaped so no text of the data can close the script element.
const organization = JSON.stringify(
  organizationJsonLd({ name: brand.name, email: company.email, description: seo.organizationDescription }),
).replace(/</g, '\\u003c');

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="fr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={themeColor} />
        <Meta />
        <Links />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD built from our own data, with every < escaped above. */}
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: organization }} />
      </head>
      <body>
        {children}
        {/* Pages ship no React Router runtime: tools/build/postbuild.ts removes every executable script and
            module preload from the finished pages, then adds the site script (and an island's loader
            data where there is one). <Scripts/> stays because React Router also renders a SPA fallback
            from this root alone, and fails the build when that render lacks <Scripts/>. Removing after
            the build keeps React Router's pre-rendering untouched, and one place decides what ships. */}
        <Scripts />
      </body>
    </html>
  );
}

/** Page layouts (src/site/layouts/) add the header and footer; the not-found page stands alone. */
export default function App() {
  return (
    <MDXProvider components={mdxComponents}>
      <Outlet />
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
    <SiteLayout words={siteLayoutWords}>
      <ErrorScreen
        title={interfaceText.error.title}
        text={interfaceText.error.text}
        detail={detail}
        homeLabel={interfaceText.error.home}
        contact={{ label: interfaceText.error.contact, to: navigation.nav.cta.to }}
      />
    </SiteLayout>
  );
}
