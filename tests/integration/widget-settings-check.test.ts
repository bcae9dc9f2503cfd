// @vitest-environment node
/**
 * `npm run check` on a page whose widget settings are wrong: every mistake of the file, with its line and the closest
 * valid value. The whole content check (its renderer, and Grammalecte where installed); each mistake on its own:
 * tests/unit/widget-settings.test.ts.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkContent } from '../../tools/check/content-check/check.ts';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');

describe('npm run check: widget settings', () => {
  it('reports every misspelt value, unknown or missing setting of the file, with its line and the closest valid value', async () => {
    const problems = await checkContent(path.join(fixtures, 'widget-settings'), { requireAllPages: false });
    expect(problems).toEqual([
      'content/pages/about.mdx:6 → <Section tone="mutted"> : « mutted » n\'est pas un fond connu. Vouliez-vous dire « muted » ? Fonds possibles : plain, muted, accent.',
      'content/pages/about.mdx:11 → <Card icon="walet"> : « walet » n\'est pas une icône connue. Vouliez-vous dire « wallet » ? Icônes possibles : wallet, checklist, scale, bank, shield, badge, chart.',
      'content/pages/about.mdx:15 → <Card titel="x"> : réglage inconnu « titel ». Vouliez-vous dire « title » ? Réglages possibles de <Card> : title, icon. Corrigez l\'orthographe ou supprimez ce réglage.',
      'content/pages/about.mdx:15 → <Card> : le réglage « title » (Titre) est obligatoire. Ajoutez title="…" dans la balise.',
      'content/pages/about.mdx:20 → <Actions align="centre"> : « centre » n\'est pas un alignement connu. Vouliez-vous dire « center » ? Alignements possibles : start, center.',
      'content/pages/about.mdx:21 → <ButtonLink variant="secondry"> : « secondry » n\'est pas un style de bouton connu. Vouliez-vous dire « secondary » ? Styles possibles : primary, secondary.',
      'content/pages/about.mdx:25 → <Stat value=""> : « value » (Chiffre) est vide. Écrivez un texte entre les guillemets, ou supprimez le réglage s\'il est facultatif.',
      'content/pages/about.mdx:28 → <Faq> ne prend pas de contenu entre ses balises : écrivez <Faq /> seul, et mettez le texte avant ou après.',
      'content/pages/about.mdx:30 → <LastUpdated label=…> : la valeur de « label » doit s\'écrire entre guillemets droits, par exemple label="…".',
    ]);
  });
});
