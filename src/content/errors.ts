/**
 * Content errors, in French, for the people who edit `content/`.
 * Every message names the file (and line when known), what is wrong, and how to fix it:
 *   content/faq/cout.mdx:2 → « question » est obligatoire. Ajoutez une ligne « question: … » en haut du fichier, entre les deux lignes ---.
 */
import * as v from 'valibot';

export class ContentError extends Error {
  override name = 'ContentError';
  constructor(
    /** Path from the project root, e.g. `content/faq/cout.mdx`. */
    readonly file: string,
    readonly problem: string,
    readonly line?: number,
  ) {
    super(`${file}${line ? `:${line}` : ''} → ${problem}`);
  }
}

/** Turns valibot issues on a frontmatter object into one French sentence per field. */
export function describeFrontmatterIssues(
  issues: readonly v.BaseIssue<unknown>[],
  knownFields: readonly string[],
): { field: string; problem: string }[] {
  return issues.map((issue) => {
    const field = issue.path?.map((item) => String(item.key)).join('.') ?? '';
    if (issue.kind === 'schema' && issue.type === 'strict_object' && field) {
      return {
        field,
        problem: `champ inconnu « ${field} ». Champs possibles : ${knownFields.join(', ')}. Vérifiez l'orthographe ou supprimez la ligne.`,
      };
    }
    if (issue.input === undefined && field) {
      return {
        field,
        problem: `« ${field} » est obligatoire. Ajoutez une ligne « ${field}: … » en haut du fichier, entre les deux lignes ---.`,
      };
    }
    if (!field) {
      return {
        field,
        problem: `l'en-tête (frontmatter) est absent ou mal formé. Le fichier doit commencer par une ligne ---, puis les champs (${knownFields.join(', ')}), puis une ligne ---.`,
      };
    }
    return { field, problem: `${issue.message}.` };
  });
}

/**
 * Why an internal link target is not a page, or `undefined` when it is one.
 * Valid targets: a path of the route registry (src/registry.ts), optionally followed by `#ancre` or `?…`.
 */
export function unknownInternalLink(target: string, pagePaths: readonly string[]): string | undefined {
  const pathname = target.replace(/[?#].*$/, '');
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (pathname === '' || pagePaths.includes(normalised)) return undefined;
  return `lien interne inconnu : ${target} (pages existantes : ${pagePaths.join(', ')}). Corrigez l'adresse du lien ou choisissez une de ces pages.`;
}
