import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';
import { guidesWithAPage } from './guides/guides';
import { type LayoutName, pages } from './registry';

/** Layout route module of each page layout (paths relative to `src/`). */
const layoutFiles: Record<LayoutName, string> = {
  marketing: 'layouts/MarketingLayout/MarketingLayout.tsx',
  document: 'layouts/DocumentLayout/DocumentLayout.tsx',
};

// Each page's MDX file is its own route module: its copy is split into a chunk of its own,
// and its frontmatter (exported as `handle`) feeds the <head> built in root.tsx.
const pageRoutes = (Object.keys(layoutFiles) as LayoutName[]).map((name) =>
  layout(
    layoutFiles[name],
    pages
      .filter((page) => page.layout === name)
      .map((page) => {
        const file = `../../content/pages/${page.content}`;
        return page.path === '/' ? index(file) : route(page.path, file);
      }),
  ),
);

// Each published guide (each guide, in the editor's preview) is its own route module too, framed by the guide layout (dates, author, sources).
const guideRoutes = layout(
  'layouts/GuideLayout/GuideLayout.tsx',
  guidesWithAPage().map((guide) => route(guide.path, `../../${guide.file}`)),
);

export default [...pageRoutes, guideRoutes, route('*', 'routes/not-found.tsx')] satisfies RouteConfig;
