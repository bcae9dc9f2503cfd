/**
 * The messages `npm run check` shows editors, one broken content folder per case (tests/fixtures/<case>/content/…).
 * They are snapshotted so that a wording change is a deliberate, reviewed change.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkContent } from '../../src/content/check.ts';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');
const check = (name: string) => checkContent(path.join(fixtures, name), { requireAllPages: false });

describe('npm run check: messages for editors', () => {
  it('accepts valid content (links with anchors, widgets, collections)', async () => {
    expect(await check('valid')).toEqual([]);
  });

  it('accepts the site content itself', async () => {
    expect(await checkContent(path.join(fixtures, '..', '..'))).toEqual([]);
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
        "content/pages/about.mdx:7 → composant inconnu <Carte>. Vouliez-vous dire <Cards> ? Composants disponibles : Hero, Section, Cards, Card, Steps, Step, Stats, Stat, Actions, ButtonLink, Callout, CallToAction, PaymentFlow, Faq, TermsSections, LegalSections, CompanyFacts, HostFacts, CompanyEmail, LastUpdated, ContactForm. Vérifiez l'orthographe (majuscules comprises) ou retirez la balise.",
      ]
    `);
  });

  it('rejects a Markdown link to a page that does not exist', async () => {
    expect(await check('dead-link')).toMatchInlineSnapshot(`
      [
        "content/pages/about.mdx:6 → lien interne inconnu : /tarif (pages existantes : /, /about, /how-it-works, /faq, /contact, /contact/merci, /legal, /terms). Corrigez l'adresse du lien ou choisissez une de ces pages.",
      ]
    `);
  });

  it('rejects a <ButtonLink> to a page that does not exist', async () => {
    expect(await check('dead-button-link')).toMatchInlineSnapshot(`
      [
        "content/pages/about.mdx:7 → lien interne inconnu : /contacts (pages existantes : /, /about, /how-it-works, /faq, /contact, /contact/merci, /legal, /terms). Vouliez-vous dire /contact ? Corrigez l'adresse du lien ou choisissez une de ces pages.",
      ]
    `);
  });

  it('validates the values of content/site.ts', async () => {
    expect(await check('invalid-site')).toMatchInlineSnapshot(`
      [
        "content/site.ts → « brand.blurb » ne peut pas être vide.",
        "content/site.ts → « nav.cta.to » doit être un chemin qui commence par / (par exemple : /contact).",
      ]
    `);
  });

  it('validates the values of content/contact-receiver.ts, placeholders included', async () => {
    expect(await check('invalid-receiver')).toMatchInlineSnapshot(`
      [
        "content/contact-receiver.ts → « answers.tooLarge.title » ne peut pas être vide.",
        "content/contact-receiver.ts → « answers.failed.text » doit contenir {email} (remplacé au moment de l’envoi).",
      ]
    `);
  });

  it('rejects a menu link of content/site.ts to a page that does not exist', async () => {
    expect(await check('dead-site-link')).toMatchInlineSnapshot(`
      [
        "content/site.ts → « nav.links.1.to » : lien interne inconnu : /tarifs (pages existantes : /, /about, /how-it-works, /faq, /contact, /contact/merci, /legal, /terms). Corrigez l'adresse du lien ou choisissez une de ces pages.",
      ]
    `);
  });

  it('reports a registry page whose file is missing', async () => {
    const problems = await checkContent(path.join(fixtures, 'valid'));
    expect(problems).toContain(
      "content/pages/home.mdx → fichier introuvable : c'est le texte de la page / (voir src/registry.ts). Remettez le fichier ou demandez à un développeur de retirer la page.",
    );
    expect(problems.some((problem) => problem.startsWith('content/pages/about.mdx'))).toBe(false);
  });
});

describe('npm run check: typography of content/*.ts', () => {
  it('names each text typed with an ordinary space before ? or :, and gives the fixed text', async () => {
    expect(await check('ts-typography')).toMatchInlineSnapshot(`
      [
        "content/contact-form.ts:3 → « contactForm.title » : espace ordinaire avant ? ! : ; » ou après «. Dans les fichiers .ts, la typographie n'est pas corrigée automatiquement : remplacez le texte par « Une question ? » (copiez-le depuis ce message, il contient les espaces fines insécables).",
        "content/contact-form.ts:4 → « contactForm.fields.0.label » : espace ordinaire avant ? ! : ; » ou après «. Dans les fichiers .ts, la typographie n'est pas corrigée automatiquement : remplacez le texte par « Votre email :  » (copiez-le depuis ce message, il contient les espaces fines insécables).",
      ]
    `);
  });
});
