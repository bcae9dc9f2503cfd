/**
 * The data files of content/ (`site.ts`, `contact-receiver.ts`): each loaded, then validated by its valibot schema;
 * the links of the site's menus must be pages of the registry.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as v from 'valibot';
import { pages } from '../../registry.ts';
import { unknownInternalLink } from '../messages.ts';
import { contactReceiverSchema } from '../contact-receiver-schema.ts';
import { siteSchema } from '../site-schema.ts';

const pagePaths = pages.map((page) => page.path);

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

export async function checkSite(root: string): Promise<string[]> {
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
export async function checkContactReceiver(root: string): Promise<string[]> {
  const relative = 'content/contact-receiver.ts';
  const file = path.join(root, 'content', 'contact-receiver.ts');
  if (!existsSync(file)) return [];
  const { module, problem } = await importContentFile(file, relative);
  if (!module) return problem ? [problem] : [];
  const result = v.safeParse(contactReceiverSchema, module.contactReceiver);
  return result.success ? [] : result.issues.map((issue) => describeDataIssue(relative, issue));
}

