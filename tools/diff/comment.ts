/**
 * The pull request comment: the report of `npm run diff`, a link to the screenshots, and a link to the run.
 * GitHub refuses comments over 65,536 characters: a longer report is cut between two pages, and says where
 * the rest is (the run's summary holds the whole report).
 */
export const maxCommentLength = 60_000;

export interface CommentOptions {
  report: string;
  /** Download link of the screenshots artifact, when screenshots were taken. */
  screenshotsUrl?: string;
  /** The workflow run: its summary holds the whole report. */
  runUrl?: string;
}

const nb = '\u00a0';

export function commentBody({ report, screenshotsUrl, runUrl }: CommentOptions): string {
  const footer = [
    '',
    '---',
    '',
    screenshotsUrl
      ? `**Captures d’écran**${nb}: chaque page ci-dessus, avant et après côte à côte, à 375 et 1280${nb}px${nb}: [télécharger l’archive](${screenshotsUrl}).`
      : `Pas de capture d’écran${nb}: aucune page ne change.`,
    runUrl
      ? `Rapport produit par \`npm run diff\` ([exécution et rapport complet](${runUrl})).`
      : 'Rapport produit par `npm run diff`.',
    '',
  ].join('\n');
  const body = report.trimEnd();
  if (body.length + footer.length <= maxCommentLength) return `${body}\n${footer}`;
  const note = `\n\n*Rapport tronqué ici${nb}: la suite est dans le résumé de l’exécution.*\n`;
  const room = maxCommentLength - footer.length - note.length;
  // Cut before a page heading, so that no page is shown in part.
  const cut = body.lastIndexOf('\n### ', room);
  return `${body.slice(0, cut > 0 ? cut : room)}${note}${footer}`;
}
