/**
 * French typography for prose, so that editors can type on an ordinary keyboard:
 *   - straight double quotes become guillemets: "oui" → « oui » (narrow no-break spaces inside);
 *   - three dots become an ellipsis: ... → …
 *   - a straight apostrophe between two letters becomes a typographic one: l'État → l’État;
 *   - a hyphen between spaces, used as a dash, becomes an en dash: a - b → a – b (no-break space before,
 *     so that a line never starts with the dash);
 *   - a narrow no-break space (U+202F) before ; : ! ? (one before a group such as !?) and inside « »;
 *   - a no-break space (U+00A0) between a number and €, $ or %, and between a number and its unit of time or
 *     size (4 semaines, 3 ans, 6 Ko), as Grammalecte and French typesetting ask: the pair never splits
 *     across lines;
 *   - thousands grouped with U+202F in amounts (5000 € → 5 000 €), but not in years, phone numbers or times.
 * Idempotent: text that is already correct comes out unchanged.
 *
 * Spans left exactly as typed: URLs, email addresses, times and ratios (10:30). Where the text comes from
 * (prose only, never code, attribute values or keys) is the callers' business: see src/site/mdx/rehype-french-typography.ts
 * (MDX body) and src/site/mdx/remark-frontmatter-typography.ts (frontmatter).
 */

const NNBSP = '\u202F';
const NBSP = '\u00A0';

// Characters an editor may have typed as the space: plain space, tab, no-break, narrow no-break, thin.
const SPACE = '[ \\t\\u00A0\\u202F\\u2009]';

// Spans left exactly as typed: URLs, email addresses, times and ratios such as 10:30 or 1:2.
const protectedSpan = new RegExp(
  [
    String.raw`\b(?:https?|ftp):\/\/[^\s<>«»"]*[^\s<>«»".,;:!?)]`,
    String.raw`\b(?:mailto|tel):[^\s<>«»"]*[^\s<>«»".,;:!?)]`,
    String.raw`\bwww\.[^\s<>«»"]*[^\s<>«»".,;:!?)]`,
    String.raw`[\w.+-]+@[\w-]+(?:\.[\w-]+)+`,
    String.raw`\d:\d`,
  ].join('|'),
  'giu',
);

// Units after which a 4+ digit number is an amount to group (a year or a phone number is followed by none).
const UNIT = String.raw`(?:€|\$|%|euros?\b|dollars?\b|EUR\b|USD\b)`;
const amount = new RegExp(String.raw`(?<![\d,.])(\d{1,3}(?:${SPACE}\d{3})+|\d{4,})(,\d+)?(${SPACE}*)(${UNIT})`, 'gu');

/**
 * What one run of text needs to know about the runs before it in the same block: text split by inline
 * markup (`"**oui**"` is three runs) still pairs its quotes and sees the character before it.
 */
export interface TypographyState {
  /** Whether a guillemet « is open. */
  quoteOpen: boolean;
  /** The last character of the previous run, as set ('' at the start of a block). */
  previous: string;
  /** The start of the next runs ('' at the end of a block): `d'` before `**accès**` elides. */
  next: string;
}

export function newTypographyState(): TypographyState {
  return { quoteOpen: false, previous: '', next: '' };
}

// Compiled once: this runs on every text node of every page.
const dash = new RegExp(`(^|[^\\s])${SPACE}+-${SPACE}+(?=[^\\s]|$)`, 'gu');
const unitAfterNumber = new RegExp(String.raw`(\d)${SPACE}*([€%$])`, 'gu');
// Units of time and size that stay on the line of their number (4 semaines, 6 Ko).
const MEASURE = String.raw`(?:secondes?|minutes?|heures?|jours?|semaines?|mois|ans?|années?|[kKMGT]o|km|kg|min|h)(?![\p{L}\p{N}])`;
const measureAfterNumber = new RegExp(String.raw`(\d)${SPACE}+(${MEASURE})`, 'gu');
// The same pairs split by markup (`**4** semaines`, `4 **semaines**`): the space on either side of the split.
const unitOrMeasure = new RegExp(String.raw`^(?:[€%$]|${MEASURE})`, 'u');
const spaceBeforeUnit = new RegExp(String.raw`^${SPACE}*(?=[€%$])|^${SPACE}+(?=${MEASURE})`, 'u');
const spaceAfterNumber = new RegExp(String.raw`(?<=\d)${SPACE}+$`, 'u');
/** A number and its unit separated by an ordinary space, which may break the line between them. */
export const breakableMeasure = new RegExp(String.raw`\d[ \t]+${MEASURE}`, 'u');
const spaceBeforePunctuation = new RegExp(`${SPACE}+(?=[;:!?])`, 'gu');
const openingGuillemet = new RegExp(`«${SPACE}*`, 'gu');
const closingGuillemet = new RegExp(`${SPACE}*»`, 'gu');

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, NNBSP);
}

const isSpace = (char: string | undefined) => char === undefined || char === '' || /\s/u.test(char);

/**
 * A straight double quote opens after a space, a bracket or a dash and before a word; it closes after a
 * word and before a space or a punctuation mark. When neither is clear (`" oui "`), quotes alternate.
 */
function guillemets(text: string, state: TypographyState, next: string): string {
  let result = '';
  for (let index = 0; index < text.length; index++) {
    const char = text[index] as string;
    if (char !== '"') {
      result += char;
      continue;
    }
    const before = index === 0 ? state.previous : (text[index - 1] as string);
    const after = index + 1 < text.length ? text[index + 1] : next || undefined;
    let opens: boolean;
    if ((isSpace(before) || /[([{\u2013\u2014/-]/u.test(before)) && after !== undefined && !isSpace(after)) {
      opens = true;
    } else if (!isSpace(before) && (after === undefined || isSpace(after) || /[.,;:!?)\]…]/u.test(after))) {
      opens = false;
    } else {
      opens = !state.quoteOpen;
    }
    state.quoteOpen = opens;
    result += opens ? '«' : '»';
  }
  return result;
}

const startsWord = /^[\p{L}"«]/u;

/**
 * `next` is the text after this segment ('' when none is known): markup may split a word, a quote or a number
 * and its unit (`d'**accès**`, `"[texte](/faq)"`, `**4** semaines`), so both ends of a segment look across it.
 */
function fixSegment(text: string, state: TypographyState, next: string): string {
  let words = text
    // Exactly three dots: an ellipsis (a longer run of dots is left alone).
    .replace(/(?<!\.)\.{3}(?!\.)/g, '…')
    // An apostrophe inside a word: l'État, aujourd'hui, l'"EIN" (a quote 'like this' is left alone).
    .replace(/(?<=\p{L})'(?=[\p{L}"«])/gu, '’');
  if (startsWord.test(next)) words = words.replace(/(?<=\p{L})'$/u, '’');
  if (/^\p{L}$/u.test(state.previous)) words = words.replace(/^'(?=[\p{L}"«])/u, '’');
  // Punctuation right after the previous run's word: **Quoi**? → Quoi ?
  if (/^[\p{L}\p{N})\]»…’"]$/u.test(state.previous)) words = words.replace(/^[;!?]/u, `${NNBSP}$&`);
  if (/^\p{L}$/u.test(state.previous)) words = words.replace(/^:(?=\s|$)/u, `${NNBSP}:`);
  if (/^\d$/u.test(state.previous)) words = words.replace(spaceBeforeUnit, NBSP);
  if (unitOrMeasure.test(next)) words = words.replace(spaceAfterNumber, NBSP);
  return (
    guillemets(words, state, next)
      // A hyphen between spaces is a dash: en dash, no-break space before it, ordinary space after.
      .replace(dash, `$1${NBSP}– `)
      // Amounts: 5000 € → 5 000 €, 12500€ → 12 500 €, 20 % → 20 %.
      .replace(amount, (_match, integer: string, decimals: string | undefined, space: string, unit: string) => {
        const grouped = groupThousands(integer.replace(/\D/g, ''));
        const separator = unit === '€' || unit === '%' || unit === '$' ? NBSP : space ? NBSP : '';
        return `${grouped}${decimals ?? ''}${separator}${unit}`;
      })
      .replace(unitAfterNumber, `$1${NBSP}$2`)
      .replace(measureAfterNumber, `$1${NBSP}$2`)
      // Whatever space was typed before ; : ! ? becomes one narrow no-break space.
      .replace(spaceBeforePunctuation, NNBSP)
      // No space typed: add one after a word, a closing bracket or quote (« Quoi? » → « Quoi ? »).
      .replace(/([\p{L}\p{N})\]»…'’"])([;!?]+)/gu, `$1${NNBSP}$2`)
      // A colon right after a word, followed by a space or the end: « Note: » → « Note : ».
      .replace(/(\p{L})(:)(?=\s|$)/gu, `$1${NNBSP}$2`)
      // Guillemets, typed with or without spaces.
      .replace(openingGuillemet, `«${NNBSP}`)
      .replace(closingGuillemet, `${NNBSP}»`)
  );
}

/**
 * Applies French typography to one run of visible text, leaving URLs, emails and times as typed.
 * Pass the same `state` to consecutive runs of one block (a paragraph split by inline markup).
 */
export function frenchTypography(text: string, state: TypographyState = newTypographyState()): string {
  let result = '';
  let last = 0;
  for (const match of text.matchAll(protectedSpan)) {
    const before = text.slice(last, match.index);
    // A URL or an email is machine text: nothing before it elides into it (o'neil@exemple.fr stays).
    result += fixSegment(before, state, '') + match[0];
    state.previous = match[0].slice(-1);
    last = match.index + match[0].length;
  }
  const rest = text.slice(last);
  result += fixSegment(rest, state, state.next);
  if (result.length > 0) state.previous = result.slice(-1);
  return result;
}

/** A path, an anchor or a URL (`/contact`, `#processus`, `mailto:…`): machine text that typography must not touch. */
export function looksLikeTarget(value: string): boolean {
  return /^(?:[/#]|[a-z][a-z0-9+.-]*:)/i.test(value.trim());
}
