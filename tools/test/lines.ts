/** What `npm test` (tools/test/run.ts) tells whoever runs it, in French. */

export type StageState = 'waiting' | 'running' | 'passed' | 'failed' | 'skipped' | 'stopped';

export interface StageReport {
  name: string;
  state: StageState;
  /** Wall time, from its start to its end. */
  seconds?: number;
  /** As the stage printed them (./counts.ts). */
  tests?: string;
}

const results: Record<StageState, string> = {
  waiting: 'non lancé',
  running: 'interrompu',
  passed: 'réussi',
  failed: 'ÉCHEC',
  skipped: 'non lancé (une étape dont il dépend a échoué)',
  stopped: 'interrompu',
};

const time = (seconds: number | undefined) => (seconds === undefined ? '—' : `${seconds.toFixed(0)} s`);

export const testLines = {
  stageStarted: (name: string) => `▶ ${name}`,
  stageOutput: (name: string) => `──── ${name} (sortie complète) ────`,
  stageEnded: ({ name, state, seconds }: StageReport) => `■ ${name} : ${results[state]} en ${time(seconds)}`,
  /** One line per stage, in the order they are declared; columns padded to their widest cell. */
  table: (reports: readonly StageReport[], seconds: number) => {
    const head = ['Étape', 'Durée', 'Tests', 'Résultat'];
    const body = reports.map((report) => [report.name, time(report.seconds), report.tests ?? '—', results[report.state]]);
    const total = ['npm test', time(seconds), '', ''];
    const rows = [head, ...body, total];
    const widths = head.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
    const line = (row: string[]) =>
      row
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join('  ')
        .trimEnd();
    const rule = widths.map((width) => '─'.repeat(width)).join('  ');
    return [line(head), rule, ...body.map(line), rule, line(total)].join('\n');
  },
  allPassed: (seconds: number) => `Tout est passé en ${time(seconds)}.`,
  failed: (names: readonly string[]) => `Échec de ${names.join(', ')} : la sortie de chacun est ci-dessus.`,
  stopping: (signal: string) => `${signal} reçu : arrêt de chaque étape et de ce qu'elle a lancé…`,
  stopped: (signal: string) => `Arrêté par ${signal} : aucun processus du test ne reste.`,
  unknownStages: (unknown: readonly string[], known: readonly string[]) =>
    `Étape inconnue : ${unknown.join(', ')}. Les étapes : ${known.map((name) => `« ${name} »`).join(', ')}.`,
  leftovers: (commands: readonly string[]) =>
    `${commands.length} processus lancé${commands.length > 1 ? 's' : ''} par les tests étai${commands.length > 1 ? 'ent' : 't'} encore là à la fin, arrêté${commands.length > 1 ? 's' : ''} :\n${commands.map((command) => `  ${command}`).join('\n')}`,
};
