// @vitest-environment node
/**
 * Every setting of every widget written in MDX is checked against the widget's schema
 * (src/site/mdx/widgets/index.ts): the mistakes that MDX accepts silently, each with file, line and fix in French.
 * The same mistakes found by the whole content check: tests/integration/widget-settings-check.test.ts.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');

/** The messages for one MDX text, compiled by the build's pipeline as `content/pages/about.mdx`. */
async function problemsOf(body: string): Promise<string[]> {
  const { compile } = await import('@mdx-js/mdx');
  const { VFile } = await import('vfile');
  const { mdxOptions } = await import('../../src/site/mdx/pipeline.ts');
  const { ContentError, ContentErrors } = await import('../../src/content/schema/errors.ts');
  const value = `---\ntitle: À propos de PropLLC et de son équipe\ndescription: Qui nous sommes, comment nous travaillons et pourquoi des traders nous confient leur LLC.\n---\n\n${body}\n`;
  try {
    await compile(
      new VFile({ path: path.join(fixtures, 'x', 'content', 'pages', 'about.mdx'), value, cwd: path.join(fixtures, 'x') }),
      mdxOptions,
    );
    return [];
  } catch (error) {
    if (error instanceof ContentErrors) return error.errors.map((each) => each.message);
    if (error instanceof ContentError) return [error.message];
    throw error;
  }
}

describe('widget settings: what else a tag can get wrong', () => {
  it('accepts a widget written as its schema says', async () => {
    expect(await problemsOf('<Cards>\n  <Card title="Vos fonds" icon="bank">\n    Texte.\n  </Card>\n</Cards>')).toEqual([]);
  });

  it('says when a widget takes no setting at all', async () => {
    expect(await problemsOf('<Faq titre="Questions" />')).toEqual([
      'content/pages/about.mdx:6 → <Faq titre="Questions"> : <Faq> n\'a aucun réglage. Supprimez titre="…" de la balise.',
    ]);
  });

  it('refuses text or other widgets inside a widget that holds only its own items', async () => {
    expect(await problemsOf('<Cards>\n  Du texte perdu.\n\n  <Step title="Un">\n    Texte.\n  </Step>\n</Cards>')).toEqual([
      "content/pages/about.mdx:7 → <Cards> ne peut contenir que des <Card> ; du texte n'y a pas sa place. Sortez-le de <Cards> ou mettez-le dans un <Card>.",
      "content/pages/about.mdx:9 → <Cards> ne peut contenir que des <Card> ; <Step> n'y a pas sa place. Sortez-le de <Cards> ou mettez-le dans un <Card>.",
    ]);
  });

  it('suggests nothing when no valid value is close, and still lists them all', async () => {
    expect(await problemsOf('<Section tone="rouge">\n\n## Titre\n\n</Section>')).toEqual([
      'content/pages/about.mdx:6 → <Section tone="rouge"> : « rouge » n\'est pas un fond connu. Fonds possibles : plain, muted, accent.',
    ]);
  });
});
