/**
 * The spec the site was made from is the contract of its pages (CONTRIBUTING.md says where to read it). Each test
 * holds the built site to one of its statements and names the section it comes from, so that a change of
 * content/ that drops one fails here, with that section in the message.
 */
import { describe, expect, test } from 'vitest';
import { distFile, read } from './dist.ts';

/** Visible text of a piece of HTML: tags dropped, a few entities decoded. */
const textOf = (fragment: string) =>
  fragment
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&amp;', '&')
    .replaceAll('&#x27;', '’')
    .replace(/[ \t\n]+/g, ' ')
    .trim();

const page = (path: string) => read(distFile(`${path}.html`));

/** The text of the element that opens with `<tag id="id"`, up to its closing tag (FAQ items nest no other). */
function elementText(html: string, tag: string, id: string): string {
  const start = html.indexOf(`<${tag} id="${id}"`);
  if (start < 0) return '';
  return textOf(html.slice(start, html.indexOf(`</${tag}>`, start)));
}

/** The headings of a page's `<main>`, at one level, as read. */
function headings(html: string, level: number): string[] {
  const main = /<main\b[\s\S]*<\/main>/.exec(html)?.[0] ?? '';
  return [...main.matchAll(new RegExp(`<h${level}\\b[^>]*>([\\s\\S]*?)</h${level}>`, 'g'))].map((match) => textOf(match[1] ?? ''));
}

/** The sentence of `text` that holds `pattern`, or '' when none does. */
function sentenceWith(text: string, pattern: RegExp): string {
  return text.split(/(?<=[.!?])\s+/).find((sentence) => pattern.test(sentence)) ?? '';
}

describe('spec §9, business constants: the marketing statements', () => {
  const costAnswer = elementText(page('/faq'), 'details', 'cout');
  const delayAnswer = elementText(page('/faq'), 'details', 'delai');

  test('§9 « LLC registration costs 100 € to 500 € depending on the state »: the FAQ cost answer says so', () => {
    const range = /100\s*€\s*à\s*500\s*€/u;
    expect(costAnswer, 'spec §9: the FAQ has its cost answer (id « cout »)').not.toBe('');
    expect(costAnswer, 'spec §9: « LLC registration costs 100 € to 500 € »: the FAQ cost answer must state the range').toMatch(range);
    expect(sentenceWith(costAnswer, range), 'spec §9: the range is « depending on the state », in its sentence').toMatch(
      /(?<!\p{L})État(?!\p{L})/u,
    );
  });

  test('§9 « EIN is free »: the FAQ cost answer says so', () => {
    expect(sentenceWith(costAnswer, /\bEIN\b/u), 'spec §9: « EIN is free »').toMatch(/gratuit/u);
  });

  test('§9 registration 1 to 2 weeks, the bank a few days more, about 3 to 4 weeks overall: the FAQ delay answer', () => {
    expect(delayAnswer, 'spec §9: « registration takes 1 to 2 weeks »').toMatch(/1\s*à\s*2\s*semaines/u);
    expect(delayAnswer, 'spec §9: « bank account a few extra days »').toMatch(/quelques jours/u);
    expect(delayAnswer, 'spec §9: « about 3 to 4 weeks overall »').toMatch(/3\s*à\s*4\s*semaines/u);
  });

  test('§9 and §2 « example payout 5 000 € per month »: the scenario of /how-it-works', () => {
    expect(textOf(page('/how-it-works')), 'spec §9: « example payout 5 000 € per month »').toMatch(
      /5\s*000\s*€\s*(?:de payouts\s*)?par mois/u,
    );
  });

  test('§9 « message box 6 rows »: the contact form', () => {
    const box = /<textarea\b[^>]*\bname="message"[^>]*>/.exec(page('/contact'))?.[0] ?? '';
    expect(box, 'spec §9: the contact form has its message box').not.toBe('');
    expect(box, 'spec §9: « message box 6 rows »').toMatch(/\brows="6"/);
  });
});

describe('spec §2, screens: what the pages hold', () => {
  test('§2 Terms « Ten numbered sections », in the spec’s order', () => {
    // The spec's topics, in its order: acceptance; site use; services offered; information provided; limitation of
    // liability; external links; changes to terms; confidentiality; applicable law; contact.
    const topics = [
      /acceptation/i,
      /utilisation/i,
      /services/i,
      /informations/i,
      /responsabilité/i,
      /liens externes/i,
      /modification/i,
      /confidentialité/i,
      /droit applicable/i,
      /contact/i,
    ];
    const sections = headings(page('/terms'), 2);
    expect(sections, 'spec §2: the terms have « Ten numbered sections »').toHaveLength(topics.length);
    sections.forEach((heading, index) => {
      expect(heading, `spec §2: terms section ${index + 1} is numbered ${index + 1}`).toMatch(new RegExp(`^${index + 1}\\.\\s`));
      expect(heading, `spec §2: terms section ${index + 1} is about ${topics[index]}`).toMatch(topics[index] ?? /$^/);
    });
  });

  test('§2 FAQ « Eight questions », in the spec’s order', () => {
    // why an LLC; cost; transferring payouts; legality; creation time; need for an accountant; several propfirms;
    // tax obligations.
    const topics = [
      /pourquoi.*LLC/i,
      /coûte/i,
      /payouts/i,
      /légal/i,
      /combien de temps/i,
      /comptable/i,
      /plusieurs propfirms/i,
      /fiscales/i,
    ];
    const questions = [...page('/faq').matchAll(/<summary\b[^>]*>([\s\S]*?)<\/summary>/g)].map((match) => textOf(match[1] ?? ''));
    expect(questions, 'spec §2: the FAQ has « Eight questions »').toHaveLength(topics.length);
    questions.forEach((question, index) => {
      expect(question, `spec §2: FAQ question ${index + 1} is about ${topics[index]}`).toMatch(topics[index] ?? /$^/);
    });
  });
});
