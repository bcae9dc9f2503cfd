/**
 * Shape of `content/seo.json`: what search engines show for the whole site.
 * Each page's title (also drawn on its share image, tools/build/share-images.ts) and description live in its own `content/pages/*.mdx` frontmatter.
 */
import * as v from 'valibot';
import { text } from './fields.ts';

export const seoSchema = v.strictObject({
  organizationDescription: v.pipe(
    text,
    v.title('Description de la société'),
    v.description('Dans les données structurées (JSON-LD) que lisent les moteurs de recherche.'),
  ),
  appName: v.pipe(
    text,
    v.title('Nom de l’application'),
    // Honest about today: the manifest is a static file in public/, not generated from this field yet.
    v.description(
      'Nom prévu pour le site ajouté à l’écran d’accueil d’un téléphone. Pas encore repris automatiquement, ce nom vient aujourd’hui de public/site.webmanifest, à modifier aussi.',
    ),
  ),
});

export type SeoContent = v.InferOutput<typeof seoSchema>;
