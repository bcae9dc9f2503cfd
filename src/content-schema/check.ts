/**
 * Validates everything under content/ without building the site:
 *   - each MDX file goes through the same compile pipeline as the build (frontmatter, widgets,
 *     internal links, MDX syntax), so `npm run check`, `npm run dev` and the build report the same errors;
 *   - then what spans files: duplicate `order` in a collection, a registry page without its file;
 *   - then `content/site.ts` (values, and the links of the menus) and `content/contact-receiver.ts`;
 *   - then the French spaces of the texts in `content/*.ts`, which no plugin corrects.
 * Returns French, editor-facing messages; `scripts/check-content.ts` prints them.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { compile } from '@mdx-js/mdx';
import * as v from 'valibot';
import { VFile } from 'vfile';
import { parse as parseYaml } from 'yaml';
import { mdxOptions } from '../mdx/pipeline.ts';
import { pages } from '../registry.ts';
import { frenchTypography } from '../typography/french.ts';
import { commentProblem, ContentError, esmProblem, unknownInternalLink } from './errors.ts';
import { createContentRenderer, type RenderTarget } from './render-check.ts';
import { collectionOf, orderedCollections } from './schema.ts';
import { contactReceiverSchema } from './contact-receiver-schema.ts';
import { siteSchema } from './site-schema.ts';

const pagePaths = pages.map((page) => page.path);

async function mdxFiles(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.mdx'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/** MDX's own syntax errors are technical English; these are the ones editors actually make. */
function explainSyntaxError(reason: string): string {
  let match = /^Expected a closing tag for `<(\w*)>` \((\d+):/.exec(reason);
  if (match) {
    return `la balise <${match[1]}> ouverte ligne ${match[2]} n'est jamais fermée. Ajoutez </${match[1]}> à la fin de son contenu (ou écrivez <${match[1]} /> si elle n'a pas de contenu).`;
  }
  match = /^Unexpected closing tag `<\/(\w*)>`, expected corresponding closing tag for `<(\w*)>` \((\d+):/.exec(reason);
  if (match) {
    return `la balise fermante </${match[1]}> ne correspond pas à la balise <${match[2]}> ouverte ligne ${match[3]}. Les deux noms doivent être identiques, majuscules comprises.`;
  }
  if (/^Unexpected closing (slash|tag)/.test(reason)) {
    return `balise fermante </…> sans balise ouvrante correspondante. Supprimez-la ou ajoutez la balise ouvrante plus haut.`;
  }
  if (/expected a corresponding closing brace for `\{`|Could not parse expression/.test(reason)) {
    return `accolade { sans accolade } correspondante. Dans le texte, les accolades sont réservées : écrivez \\{ pour afficher « { », ou supprimez-la.`;
  }
  if (/to create a comment in MDX/.test(reason)) return `${commentProblem}.`;
  if (/^Could not parse import\/exports/.test(reason)) return `${esmProblem}.`;
  if (/^Unexpected character .* (before name|in name|after name|before attribute)/.test(reason)) {
    return `signe < mal placé. Pour afficher « < » dans le texte, écrivez \\<. Sinon, vérifiez l'écriture de la balise (par exemple <Section> ou </Section>).`;
  }
  return `erreur de syntaxe MDX (${reason}). Vérifiez qu'aucune balise <…> n'est restée ouverte et qu'aucune accolade { } n'est isolée.`;
}

function toMessage(error: unknown, relative: string): string {
  if (error instanceof ContentError) return error.message;
  const reason = (error as { reason?: string }).reason ?? String(error);
  // An unclosed tag has no line of its own: its reason names where the tag was opened (`(6:1-6:10)`).
  const line = (error as { line?: number }).line ?? Number(/\((\d+):\d+/.exec(reason)?.[1] ?? 0);
  return `${relative}${line ? `:${line}` : ''} → ${explainSyntaxError(reason)}`;
}

/** Loads a `content/*.ts` file; a syntax error (a missing quote, comma or brace) becomes a French message. */
export async function importContentFile(file: string, relative: string): Promise<{ module?: Record<string, unknown>; problem?: string }> {
  try {
    return { module: (await import(pathToFileURL(file).href)) as Record<string, unknown> };
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    // esbuild (tsx) reports `file.ts:2:22: ERROR: Expected "}" but found "équipe"`.
    const located = /:(\d+):\d+: ERROR: (.*)/.exec(text);
    const where = located ? `${relative}:${located[1]}` : relative;
    const detail = located?.[2] ?? text.split('\n')[0];
    return {
      problem: `${where} → le fichier ne peut pas être lu (${detail}). Vérifiez qu'aucune apostrophe, guillemet, virgule ou accolade ne manque près de la ligne indiquée ; une apostrophe dans un texte entre apostrophes s'écrit \\' ou le texte se met entre guillemets "…".`,
    };
  }
}

function describeDataIssue(relative: string, issue: v.BaseIssue<unknown>): string {
  const field = issue.path?.map((item) => String(item.key)).join('.') ?? '';
  if (issue.type === 'strict_object' && issue.expected === 'never' && field) {
    return `${relative} → champ inconnu « ${field} ». Gardez les noms de champs tels quels : ne modifiez que les textes entre guillemets.`;
  }
  if (issue.input === undefined && field) {
    return `${relative} → « ${field} » est obligatoire. Remettez ce champ avec son texte entre guillemets.`;
  }
  return `${relative} → « ${field || relative.replace(/^content\/|\.ts$/g, '')} » ${issue.message}.`;
}

const describeSiteIssue = (issue: v.BaseIssue<unknown>) => describeDataIssue('content/site.ts', issue);

async function checkSite(root: string): Promise<string[]> {
  const file = path.join(root, 'content', 'site.ts');
  if (!existsSync(file)) return [];
  const { module, problem } = await importContentFile(file, 'content/site.ts');
  if (!module) return problem ? [problem] : [];
  const result = v.safeParse(siteSchema, module.site);
  if (!result.success) return result.issues.map(describeSiteIssue);

  const { nav, footer } = result.output;
  const links = [
    ...nav.links.map((link, index) => [`nav.links.${index}.to`, link.to] as const),
    ['nav.cta.to', nav.cta.to] as const,
    ...footer.legalLinks.map((link, index) => [`footer.legalLinks.${index}.to`, link.to] as const),
  ];
  return links.flatMap(([field, target]) => {
    const problem = unknownInternalLink(target, pagePaths);
    return problem ? [`content/site.ts → « ${field} » : ${problem}`] : [];
  });
}

/** `content/contact-receiver.ts`: the receiver's answers and pages (placeholders such as {email} kept). */
async function checkContactReceiver(root: string): Promise<string[]> {
  const relative = 'content/contact-receiver.ts';
  const file = path.join(root, 'content', 'contact-receiver.ts');
  if (!existsSync(file)) return [];
  const { module, problem } = await importContentFile(file, relative);
  if (!module) return problem ? [problem] : [];
  const result = v.safeParse(contactReceiverSchema, module.contactReceiver);
  return result.success ? [] : result.issues.map((issue) => describeDataIssue(relative, issue));
}

/** What French typography wants in a displayed text, and how each mistake is named to the editor. */
const typographyMistakes: readonly [RegExp, string][] = [
  // An ordinary or no-break space where French wants a narrow one: what the built-page check rejects.
  [/[ \u00A0][?!:;»]|«[ \u00A0]/, 'espace ordinaire avant ? ! : ; » ou après «'],
  [/[\p{L}\p{N})\]»…’][;!?]|\p{L}:(?=\s|$)/u, 'espace manquante avant ? ! : ;'],
  [/"/, 'guillemets droits "…" au lieu de « … »'],
  [/(?<!\.)\.{3}(?!\.)/, 'trois points ... au lieu du caractère …'],
  [/\S[ \u00A0]+-[ \u00A0]+\S/, 'tiret - entre deux espaces au lieu du tiret –'],
];

/**
 * Texts whose spelling is fixed character for character by the site's specification, kept as written:
 * the contact button while sending, and the titles of the not-found and error screens.
 */
export const verbatimFields = new Set(['contactForm.submit.submitting', 'site.notFound.title', 'site.error.title']);

/**
 * `content/*.ts` files are not run through the MDX typography plugin: their editors type the
 * narrow no-break spaces, guillemets and ellipses themselves. This catches what they leave,
 * with the fixed text to paste.
 */
async function checkTsTypography(root: string): Promise<string[]> {
  const dir = path.join(root, 'content');
  if (!existsSync(dir)) return [];
  const files = (await readdir(dir)).filter((name) => name.endsWith('.ts')).sort();
  const problems: string[] = [];
  for (const name of files) {
    const file = path.join(dir, name);
    const source = await readFile(file, 'utf8');
    const { module } = await importContentFile(file, `content/${name}`);
    // A file that cannot be loaded is reported once, by checkSite or by the type check.
    if (!module) continue;
    const visit = (value: unknown, field: string): void => {
      if (typeof value === 'string') {
        if (verbatimFields.has(field)) return;
        const found = typographyMistakes.filter(([pattern]) => pattern.test(value)).map(([, mistake]) => mistake);
        if (found.length === 0) return;
        const index = source.indexOf(value);
        const line = index === -1 ? undefined : source.slice(0, index).split('\n').length;
        problems.push(
          `content/${name}${line ? `:${line}` : ''} → « ${field} » : ${found.join(' ; ')}. Dans les fichiers .ts, la typographie n'est pas corrigée automatiquement : remplacez le texte par « ${frenchTypography(value)} » (copiez-le depuis ce message, il contient les espaces fines insécables).`,
        );
      } else if (Array.isArray(value)) {
        value.forEach((item, index) => visit(item, `${field}.${index}`));
      } else if (value && typeof value === 'object') {
        for (const [key, item] of Object.entries(value)) visit(item, field ? `${field}.${key}` : key);
      }
    };
    for (const [exported, value] of Object.entries(module)) visit(value, exported === 'default' ? '' : exported);
  }
  return problems;
}

export interface CheckOptions {
  /**
   * Whether every page of the registry must have its file in content/pages/. True for the site;
   * false for a test fixture that holds only the files of one broken case.
   */
  requireAllPages?: boolean;
}

/**
 * The MDX files of content/: each compiled by the site's pipeline, then rendered with the real widgets;
 * then what spans files (duplicate `order`, a registry page without its file). What the build runs first
 * (see vite.config.ts), so that it fails with these messages rather than a stack trace.
 * `root` is the folder that holds content/; messages name files relative to it.
 */
export async function checkMdxContent(root: string, { requireAllPages = true }: CheckOptions = {}): Promise<string[]> {
  const problems: string[] = [];
  const orders = new Map<string, Map<number, string[]>>();
  const compiled: RenderTarget[] = [];
  const files = await mdxFiles(path.join(root, 'content'));
  // Started now, ready by the time every file is compiled.
  const renderer = files.length > 0 ? createContentRenderer() : undefined;
  // Awaited after the compile loop; until then a failure to start must not count as unhandled.
  renderer?.catch(() => undefined);

  for (const file of files) {
    const relative = path.relative(root, file).split(path.sep).join('/');
    const source = await readFile(file, 'utf8');
    try {
      const code = String(await compile(new VFile({ path: file, value: source, cwd: root }), mdxOptions));
      compiled.push({ file, relative, code });
    } catch (error) {
      problems.push(toMessage(error, relative));
      continue;
    }
    const collection = collectionOf(file);
    if (collection && (orderedCollections as readonly string[]).includes(collection)) {
      // The file compiled, so its frontmatter is valid and `order` is an integer.
      const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(source)?.[1] ?? '';
      const order = (parseYaml(frontmatter) as { order: number }).order;
      const byOrder = orders.get(collection) ?? new Map<number, string[]>();
      byOrder.set(order, [...(byOrder.get(order) ?? []), relative]);
      orders.set(collection, byOrder);
    }
  }

  for (const [collection, byOrder] of orders) {
    const free = Math.max(...byOrder.keys()) + 1;
    for (const [order, files] of byOrder) {
      const [first, ...others] = files;
      for (const other of others) {
        const line = /^---\r?\n([\s\S]*?)^order:/m.exec(await readFile(path.join(root, other), 'utf8'));
        const lineNumber = line ? line[0].split('\n').length : undefined;
        problems.push(
          `${other}${lineNumber ? `:${lineNumber}` : ''} → « order: ${order} » est déjà utilisé par ${first}. Deux fichiers de content/${collection}/ ne peuvent pas avoir le même numéro : choisissez un numéro libre (par exemple order: ${free}) et, si besoin, décalez les autres.`,
        );
      }
    }
  }

  if (requireAllPages) {
    for (const page of pages) {
      if (!existsSync(path.join(root, 'content', 'pages', page.content))) {
        problems.push(
          `content/pages/${page.content} → fichier introuvable : c'est le texte de la page ${page.path} (voir src/registry.ts). Remettez le fichier ou demandez à un développeur de retirer la page.`,
        );
      }
    }
  }

  if (renderer) {
    const started = await renderer;
    try {
      problems.push(...(await started.render(compiled, problems)));
    } finally {
      await started.close();
    }
  }
  return problems;
}

/** Problems as `npm run check` and `npm run build` print them: a count, then one line per problem. */
export function formatProblems(problems: readonly string[]): string {
  return `\n${problems.length} problème(s) dans content/ :\n\n${problems.map((problem) => `  ✗ ${problem}\n`).join('\n')}`;
}

/** Everything `npm run check` validates in content/: the MDX files, `site.ts`, the typography of `content/*.ts`. */
export async function checkContent(root: string, options: CheckOptions = {}): Promise<string[]> {
  return [
    ...(await checkMdxContent(root, options)),
    ...(await checkSite(root)),
    ...(await checkContactReceiver(root)),
    ...(await checkTsTypography(root)),
  ];
}
