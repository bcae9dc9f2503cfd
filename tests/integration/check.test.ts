// @vitest-environment node
/**
 * The messages `npm run check` shows editors, one broken content folder per case (tests/fixtures/<case>/content/…).
 * They are snapshotted so that a wording change is a deliberate, reviewed change.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkContent } from '../../tools/check/content-check/check.ts';
import { pages } from '../../src/site/registry.ts';
import { widgets } from '../../src/site/mdx/widgets/index.ts';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');
// A link message lists the registry's pages: shown as one placeholder, so that adding a page changes no snapshot,
// while a message listing anything else than exactly the registry's paths still shows in full.
const pageList = `(pages existantes : ${pages.map((page) => page.path).join(', ')})`;
// Likewise the widgets a message lists: adding a widget changes no snapshot.
const widgetList = `Composants disponibles : ${Object.keys(widgets).join(', ')}.`;
const check = async (name: string) =>
  (await checkContent(path.join(fixtures, name), { requireAllPages: false })).map((problem) =>
    problem
      .replace(pageList, '(pages existantes : [src/site/registry.ts])')
      .replace(widgetList, 'Composants disponibles : [src/site/mdx/widgets/index.ts].'),
  );

describe('npm run check: messages for editors', () => {
  // The first check of a process may build the spelling dictionary: seconds on a busy machine.
  it('accepts valid content (links with anchors, widgets, collections)', async () => {
    expect(await check('valid')).toEqual([]);
  });

  // Every page compiled and rendered, then proofread (Grammalecte's first run over the site: seconds more).
  it('accepts the site content itself', async () => {
    expect(await checkContent(path.join(fixtures, '..', '..'))).toEqual([]);
  });

  // The range is the FAQ's words, the figures content/tarifs.json's: here three states' first year pass 150 €.
  it("names the FAQ's cost range that the figures of content/tarifs.json leave", async () => {
    expect(await check('cost-range')).toMatchInlineSnapshot(`
      [
        "content/faq/cout.mdx:5 → la FAQ annonce « de 100 € à 150 € » selon l’État pour créer la LLC, mais d’après content/tarifs.json la première année dans l’État « Wyoming » (dépôt et agent enregistré, sans nos honoraires) revient à 170 €. Corrigez la fourchette de cette réponse, ou les montants de content/tarifs.json, pour que la FAQ et la page Tarifs disent la même chose.",
        "content/faq/cout.mdx:5 → la FAQ annonce « de 100 € à 150 € » selon l’État pour créer la LLC, mais d’après content/tarifs.json la première année dans l’État « Delaware » (dépôt et agent enregistré, sans nos honoraires) revient à 179 €. Corrigez la fourchette de cette réponse, ou les montants de content/tarifs.json, pour que la FAQ et la page Tarifs disent la même chose.",
        "content/faq/cout.mdx:5 → la FAQ annonce « de 100 € à 150 € » selon l’État pour créer la LLC, mais d’après content/tarifs.json la première année dans l’État « Floride » (dépôt et agent enregistré, sans nos honoraires) revient à 191 €. Corrigez la fourchette de cette réponse, ou les montants de content/tarifs.json, pour que la FAQ et la page Tarifs disent la même chose.",
      ]
    `);
  });

  it('names a missing frontmatter field', async () => {
    expect(await check('missing-field')).toMatchInlineSnapshot(`
      [
        "content/faq/cout.mdx:1 → « question » est obligatoire. Ajoutez une ligne « question: … » en haut du fichier, entre les deux lignes ---.",
      ]
    `);
  });

  it('names a misspelt frontmatter field and suggests the right one', async () => {
    expect(await check('mistyped-field')).toMatchInlineSnapshot(`
      [
        "content/pages/about.mdx:2 → champ inconnu « titel ». Vouliez-vous dire « title » ? Champs possibles : title, description. Corrigez l'orthographe ou supprimez la ligne.",
      ]
    `);
  });

  it('explains a field of the wrong type', async () => {
    expect(await check('wrong-type')).toMatchInlineSnapshot(`
      [
        "content/faq/cout.mdx:3 → « order » doit être un nombre entier (par exemple : order: 3).",
      ]
    `);
  });

  it('says how long a too long title is', async () => {
    expect(await check('too-long-title')).toMatchInlineSnapshot(`
      [
        "content/terms/acceptation.mdx:2 → « title » doit contenir au plus 90 caractères (actuellement 107) : raccourcissez le texte.",
      ]
    `);
  });

  it('rejects two FAQ questions with the same order', async () => {
    expect(await check('duplicate-order')).toMatchInlineSnapshot(`
      [
        "content/faq/delais.mdx:3 → « order: 2 » est déjà utilisé par content/faq/cout.mdx. Deux fichiers de content/faq/ ne peuvent pas avoir le même numéro : choisissez un numéro libre (par exemple order: 3) et, si besoin, décalez les autres.",
      ]
    `);
  });

  it('refuses a FAQ question without an answer, naming the file', async () => {
    expect(await check('empty-answer')).toEqual([
      "content/faq/prix.mdx:4 → la réponse est vide : la question serait publiée sans réponse. Écrivez la réponse sous la ligne --- qui ferme l'en-tête (dans l'éditeur visuel : le grand champ de texte).",
    ]);
  });

  it('explains an MDX syntax error (a tag left open)', async () => {
    expect(await check('mdx-syntax')).toMatchInlineSnapshot(`
      [
        "content/pages/about.mdx:6 → la balise <Section> ouverte ligne 6 n'est jamais fermée. Ajoutez </Section> à la fin de son contenu (ou écrivez <Section /> si elle n'a pas de contenu).",
      ]
    `);
  });

  it('rejects a component that is not in the allowed list', async () => {
    expect(await check('unknown-component')).toMatchInlineSnapshot(`
      [
        "content/pages/about.mdx:7 → composant inconnu <Carte>. Vouliez-vous dire <Cards> ? Composants disponibles : [src/site/mdx/widgets/index.ts]. Vérifiez l'orthographe (majuscules comprises) ou retirez la balise.",
      ]
    `);
  });

  it('rejects a Markdown link to a page that does not exist', async () => {
    expect(await check('dead-link')).toMatchInlineSnapshot(`
      [
        "content/pages/about.mdx:6 → lien interne inconnu : /ancienne-offre (pages existantes : [src/site/registry.ts]). Corrigez l'adresse du lien ou choisissez une de ces pages.",
      ]
    `);
  });

  it('rejects a <ButtonLink> to a page that does not exist', async () => {
    expect(await check('dead-button-link')).toMatchInlineSnapshot(`
      [
        "content/pages/about.mdx:7 → lien interne inconnu : /contacts (pages existantes : [src/site/registry.ts]). Vouliez-vous dire /contact ? Corrigez l'adresse du lien ou choisissez une de ces pages.",
      ]
    `);
  });

  // The real brand.json and navigation.json with three mistakes: an empty text, a link without its leading
  // slash, a dead link (not reported while the file does not match its schema).
  it('validates the values of the data files, naming file, line and field', async () => {
    expect(await check('invalid-site')).toMatchInlineSnapshot(`
      [
        "content/brand.json:3 → « blurb » ne peut pas être vide.",
        "content/navigation.json:16 → « nav.cta.to » doit être un chemin qui commence par / (par exemple : /contact).",
      ]
    `);
  });

  // The real contact-receiver.json with an empty title and a text that lost its {email}.
  it('validates the values of content/contact-receiver.json, placeholders included', async () => {
    expect(await check('invalid-receiver')).toMatchInlineSnapshot(`
      [
        "content/contact-receiver.json:13 → « answers.tooLarge.title » ne peut pas être vide.",
        "content/contact-receiver.json:34 → « answers.failed.text » doit contenir {email} (remplacé au moment de l’envoi).",
      ]
    `);
  });

  // The real navigation.json with one menu link to a missing page (and a footer link with an anchor, which is fine).
  it('rejects a menu link of content/navigation.json to a page that does not exist', async () => {
    expect(await check('dead-site-link')).toMatchInlineSnapshot(`
      [
        "content/navigation.json:11 → « nav.links.1.to » : lien interne inconnu : /offre-2019 (pages existantes : [src/site/registry.ts]). Corrigez l'adresse du lien ou choisissez une de ces pages.",
      ]
    `);
  });

  // A missing comma, a straight quote inside a text, a comma after the last field: one file each.
  it('explains JSON syntax errors in French, with the line to fix', async () => {
    expect(await check('json-syntax')).toMatchInlineSnapshot(`
      [
        "content/brand.json:2 → le fichier n'est pas du JSON valide : virgule manquante à la fin de cette ligne, ou guillemet droit " en trop dans le texte (dans un texte, écrivez « … » au lieu de "…"). Corrigez la ligne indiquée ; les noms de champs et les textes s'écrivent entre guillemets droits "…", séparés par des virgules.",
        "content/interface.json:3 → le fichier n'est pas du JSON valide : nom de champ attendu entre guillemets droits "…" : souvent une virgule en trop après le dernier champ, avant }. Corrigez la ligne indiquée ; les noms de champs et les textes s'écrivent entre guillemets droits "…", séparés par des virgules.",
        "content/seo.json:3 → le fichier n'est pas du JSON valide : caractère inattendu : souvent un guillemet droit " dans un texte, qui le termine trop tôt (dans un texte, écrivez « … » au lieu de "…"). Corrigez la ligne indiquée ; les noms de champs et les textes s'écrivent entre guillemets droits "…", séparés par des virgules.",
      ]
    `);
  });

  it('explains braces in a sentence, which MDX reads as code that would break the build', async () => {
    expect(await check('braces-expression')).toMatchInlineSnapshot(`
      [
        "content/faq/cout.mdx:6 → {environ} : les accolades { } sont réservées ; pour les afficher, écrivez \\{ et \\} (ici : \\{environ\\}).",
      ]
    `);
  });

  it('names a frontmatter block whose closing --- is missing, instead of a missing field', async () => {
    expect(await check('unclosed-frontmatter')).toMatchInlineSnapshot(`
      [
        "content/faq/cout.mdx:1 → le bloc d'en-tête commencé ligne 1 n'est pas fermé : ajoutez une ligne --- après le dernier champ.",
      ]
    `);
  });

  it('refuses an HTML comment and says how to mark a claim to prove', async () => {
    expect(await check('html-comment')).toMatchInlineSnapshot(`
      [
        "content/pages/about.mdx:9 → commentaire HTML <!-- … --> : ces fichiers n'acceptent pas de commentaire. Pour signaler une phrase ou un chiffre à prouver, remplacez-le par le bloc « À prouver » : <AProuver proof="ce qu’il faut prouver" /> ; sinon, supprimez-le.",
      ]
    `);
  });

  it('rejects a Markdown link whose brackets or parentheses do not pair up', async () => {
    expect(await check('broken-link')).toMatchInlineSnapshot(`
      [
        "content/pages/about.mdx:10 → lien Markdown mal formé : « [la page contact(/contact) ». Les crochets [ ] et les parenthèses ( ) d'un lien vont par paires : [texte du lien](/adresse), sans espace entre ] et (.",
      ]
    `);
  });

  it('rejects an import or export line', async () => {
    expect(await check('unknown-import')).toMatchInlineSnapshot(`
      [
        "content/pages/about.mdx:6 → ligne import ou export inconnue : les composants s'utilisent sans import. Supprimez la ligne ; s'il s'agit d'une phrase, commencez-la autrement (par exemple par une majuscule).",
      ]
    `);
  });

  it('reports, in French and naming the file, an error met while rendering the content', async () => {
    expect(await check('render-error')).toMatchInlineSnapshot(`
      [
        "content/pages/about.mdx → le contenu ne peut pas être affiché (Error : hr is a self-closing tag and must neither have \`children\` nor use \`dangerouslySetInnerHTML\`.). Vérifiez les balises de ce fichier et leurs attributs (noms et valeurs, voir content/README.md) ; si tout semble juste, demandez à un développeur.",
      ]
    `);
  });

  it('accepts straight quotes, dots and apostrophes in MDX: the build sets them', async () => {
    expect(await check('faq-typography')).toEqual([]);
  });

  it('reports a registry page whose file is missing', async () => {
    const problems = await checkContent(path.join(fixtures, 'valid'));
    expect(problems).toContain(
      "content/pages/home.mdx → fichier introuvable : c'est le texte de la page / (voir src/site/registry.ts). Remettez le fichier ou demandez à un développeur de retirer la page.",
    );
    expect(problems.some((problem) => problem.startsWith('content/pages/about.mdx'))).toBe(false);
  });
});

describe('npm run check: typography of content/*.json', () => {
  // The real contact-form.json with texts typed on an ordinary keyboard; the verbatim button text
  // (« Envoi en cours... ») and the right « Message envoyé ! » stay unflagged.
  it('names each text to fix (spaces, straight quotes and apostrophes, three dots, dash) with the fixed text, except a text the specification fixes', async () => {
    expect(await check('json-typography')).toMatchInlineSnapshot(`
      [
        "content/contact-form.json:8 → « fields.email.label » : espace ordinaire avant ? ! : ; » ou après «. Dans les fichiers .json, la typographie n'est pas corrigée automatiquement : remplacez le texte par « Votre email :  » (copiez-le depuis ce message, il contient les espaces fines insécables).",
        "content/contact-form.json:17 → « fields.message.placeholder » : guillemets droits "…" au lieu de « … » ; trois points ... au lieu du caractère … ; tiret - entre deux espaces au lieu du tiret –. Dans les fichiers .json, la typographie n'est pas corrigée automatiquement : remplacez le texte par « Un « vrai » conseiller – pas un robot – vous répond… » (copiez-le depuis ce message, il contient les espaces fines insécables).",
        "content/contact-form.json:30 → « errors.emailTooLong » : apostrophe droite ' au lieu de ’. Dans les fichiers .json, la typographie n'est pas corrigée automatiquement : remplacez le texte par « L’email est trop long » (copiez-le depuis ce message, il contient les espaces fines insécables).",
        "content/contact-form.json:40 → « toasts.invalid.title » : espace ordinaire avant ? ! : ; » ou après «. Dans les fichiers .json, la typographie n'est pas corrigée automatiquement : remplacez le texte par « Une question ? » (copiez-le depuis ce message, il contient les espaces fines insécables).",
      ]
    `);
  });
});
