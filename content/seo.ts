/**
 * Textes pour les moteurs de recherche et le partage sur les réseaux sociaux.
 * Le titre et la description de chaque page sont dans son fichier `content/pages/*.mdx` ;
 * ce fichier ne contient que ce qui est commun à tout le site.
 */
import type { SeoContent } from '../src/head.ts';

export const seo = {
  /** Description de la société dans les données structurées (JSON-LD) lues par Google. */
  organizationDescription:
    'PropLLC accompagne les traders francophones financés par des propfirms dans la création et la gestion d\'une LLC américaine pour recevoir leurs payouts.',
  /** Texte alternatif de l'image de partage (1200 × 630) affichée par les réseaux sociaux. */
  ogImageAlt: 'PropLLC : une LLC américaine pour encaisser vos payouts de propfirm',
  /** Textes dessinés sur l'image de partage (régénérez-la avec `npx tsx scripts/generate-images.ts`). */
  ogImageHeadline: 'Une LLC américaine pour encaisser vos payouts de propfirm',
  ogImageTagline: 'LLC, EIN, compte bancaire : un accompagnement en français.',
  /** Nom de l'application quand le site est ajouté à l'écran d'accueil d'un téléphone. */
  appName: 'PropLLC',
} satisfies SeoContent;
