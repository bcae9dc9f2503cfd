/** What `npm test`'s side-by-side stages tell whoever runs them, in French. */
export const testLines = {
  stageOutput: (script: string) => `──── npm run ${script} (sortie complète, lancé en parallèle) ────`,
  allPassed: (scripts: readonly string[]) => `\nTout est passé : ${scripts.map((script) => `npm run ${script}`).join(', ')}.`,
  failed: (scripts: readonly string[]) =>
    `\nÉchec de ${scripts.map((script) => `npm run ${script}`).join(', ')} : la sortie de chacun est ci-dessus.`,
};
