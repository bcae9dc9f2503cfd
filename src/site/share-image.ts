/**
 * Where a page's share image (Open Graph) lives: one name per route path, read by head.ts for `og:image` and by
 * tools/build/share-images.ts, which renders the PNG there at build time. `/` → `/partage/accueil.png`,
 * `/guides/formulaire-5472` → `/partage/guides-formulaire-5472.png`.
 */
export const shareImage = { width: 1200, height: 630, type: 'image/png' } as const;

export function shareImagePath(routePath: string): string {
  const slug = routePath
    .split('/')
    .filter((part) => part !== '')
    .join('-');
  return `/partage/${slug === '' ? 'accueil' : slug}.png`;
}
