/** MDX's own syntax errors (technical English) turned into the French sentences editors need. */
import { commentProblem, ContentError, ContentErrors, esmProblem } from '../errors.ts';

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

export function toMessages(error: unknown, relative: string): string[] {
  if (error instanceof ContentErrors) return error.errors.map((each) => each.message);
  return [toMessage(error, relative)];
}

function toMessage(error: unknown, relative: string): string {
  if (error instanceof ContentError) return error.message;
  const reason = (error as { reason?: string }).reason ?? String(error);
  // An unclosed tag has no line of its own: its reason names where the tag was opened (`(6:1-6:10)`).
  const line = (error as { line?: number }).line ?? Number(/\((\d+):\d+/.exec(reason)?.[1] ?? 0);
  return `${relative}${line ? `:${line}` : ''} → ${explainSyntaxError(reason)}`;
}

