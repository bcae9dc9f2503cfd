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

/**
 * Mistakes MDX accepts, or reports in technical English, each with its own explanation: the remark plugin
 * src/mdx/remark-editor-mistakes.ts and the check (src/content-schema/check.ts, for MDX's own syntax errors) share them.
 */
export const bracesProblem = 'les accolades { } sont réservées ; pour les afficher, écrivez \\{ et \\}';
export const unclosedFrontmatterProblem =
  "le bloc d'en-tête commencé ligne 1 n'est pas fermé : ajoutez une ligne --- après le dernier champ";
export const esmProblem =
  "ligne import ou export inconnue : les composants s'utilisent sans import. Supprimez la ligne ; s'il s'agit d'une phrase, commencez-la autrement (par exemple par une majuscule)";
export const commentProblem =
  "commentaire HTML <!-- … --> : les commentaires s'écrivent {/* … */} dans ces fichiers. Remplacez <!-- par {/* et --> par */}";

/** The candidate closest to a misspelt name (`titel` → `title`), if one is close enough to be a typo. */
export function closest(name: string, candidates: readonly string[]): string | undefined {
  const distance = (a: string, b: string): number => {
    let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
    for (let i = 1; i <= a.length; i++) {
      const current = [i];
      for (let j = 1; j <= b.length; j++) {
        const cost = a[i - 1]?.toLowerCase() === b[j - 1]?.toLowerCase() ? 0 : 1;
        current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      }
      previous = current;
    }
    return previous[b.length] ?? Infinity;
  };
  let best: { candidate: string; score: number } | undefined;
  for (const candidate of candidates) {
    const score = distance(name, candidate);
    if (score <= Math.max(2, Math.floor(candidate.length / 3)) && (!best || score < best.score)) best = { candidate, score };
  }
  return best?.candidate;
}

/** Turns valibot issues on a frontmatter object into one French sentence per field. */
export function describeFrontmatterIssues(
  issues: readonly v.BaseIssue<unknown>[],
  knownFields: readonly string[],
): { field: string; problem: string }[] {
  const described = issues.map((issue) => {
    const field = issue.path?.map((item) => String(item.key)).join('.') ?? '';
    // valibot reports a key that the schema does not know with `expected: 'never'`.
    if (issue.type === 'strict_object' && issue.expected === 'never' && field) {
      const guess = closest(field, knownFields);
      return {
        field,
        problem: `champ inconnu « ${field} ».${guess ? ` Vouliez-vous dire « ${guess} » ?` : ''} Champs possibles : ${knownFields.join(', ')}. Corrigez l'orthographe ou supprimez la ligne.`,
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
    // Length limits: say how long the text is now, so the editor knows how much to cut or add.
    if (issue.type === 'max_length') return { field, problem: `${issue.message} (actuellement ${issue.received}) : raccourcissez le texte.` };
    if (issue.type === 'min_length') return { field, problem: `${issue.message} (actuellement ${issue.received}) : complétez le texte.` };
    return { field, problem: `${issue.message}.` };
  });
  // A misspelt field also makes the right one "missing": the unknown name is what the editor typed, so say it first.
  return described.sort((a, b) => Number(!a.problem.startsWith('champ inconnu')) - Number(!b.problem.startsWith('champ inconnu')));
}

/**
 * Why an internal link target is not a page, or `undefined` when it is one.
 * Valid targets: a path of the route registry (src/registry.ts), optionally followed by `#ancre` or `?…`.
 */
export function unknownInternalLink(target: string, pagePaths: readonly string[]): string | undefined {
  const pathname = target.replace(/[?#].*$/, '');
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (pathname === '' || pagePaths.includes(normalised)) return undefined;
  const guess = closest(normalised, pagePaths);
  return `lien interne inconnu : ${target} (pages existantes : ${pagePaths.join(', ')}).${guess ? ` Vouliez-vous dire ${guess} ?` : ''} Corrigez l'adresse du lien ou choisissez une de ces pages.`;
}

/**
 * One valibot issue on a data file of content/ (`content/company.json`…) as a French sentence naming the file,
 * the line when known, and the field as a dotted path inside the file (`host.phone`, `nav.links.1.to`).
 */
export function describeDataIssue(relative: string, issue: v.BaseIssue<unknown>, line?: number): string {
  const where = `${relative}${line ? `:${line}` : ''}`;
  const field = issue.path?.map((item) => String(item.key)).join('.') ?? '';
  // valibot reports a key that the schema does not know with `expected: 'never'`.
  if (issue.type === 'strict_object' && issue.expected === 'never' && field) {
    return `${where} → champ inconnu « ${field} ». Gardez les noms de champs tels quels : ne modifiez que les textes entre guillemets.`;
  }
  if (issue.input === undefined && field) {
    return `${where} → « ${field} » est obligatoire. Remettez ce champ avec son texte entre guillemets.`;
  }
  if (!field) return `${where} → le fichier doit contenir un objet { … } : ${issue.message}.`;
  return `${where} → « ${field} » ${issue.message}.`;
}

/** Thrown when code imports a data file that does not match its schema (`npm run check` usually says it first). */
export function invalidDataFile(relative: string, problems: readonly string[]): string {
  return `${relative} n'est pas valide (lancez npm run check) :\n${problems.map((problem) => `  ✗ ${problem}`).join('\n')}`;
}
