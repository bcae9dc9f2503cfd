/**
 * End of life of each Node major version (nodejs.org/en/about/previous-releases): past that date,
 * a version gets no security fix, so `npm start` warns whoever runs the site on it.
 */
import { fillTemplate } from '../../content/template.ts';
import { nodeLines } from './lines.ts';

const nodeEndOfLife: Readonly<Record<number, string>> = {
  14: '2023-04-30',
  15: '2021-06-01',
  16: '2023-09-11',
  17: '2022-06-01',
  18: '2025-04-30',
  19: '2023-06-01',
  20: '2026-04-30',
  21: '2024-06-01',
  22: '2027-04-30',
  23: '2025-06-01',
  24: '2028-04-30',
  25: '2026-06-01',
  26: '2029-04-30',
};

/** The French warning for a Node version past its end of life, or undefined while it is maintained. */
export function endOfLifeWarning(version: string = process.versions.node, today: Date = new Date()): string | undefined {
  const major = Number(version.replace(/^v/, '').split('.')[0]);
  // A version newer than this table was not released when it was written: it stays quiet.
  const end = nodeEndOfLife[major];
  if (end === undefined || today.getTime() < Date.parse(`${end}T00:00:00Z`)) return undefined;
  const date = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'UTC' })
    .format(new Date(`${end}T00:00:00Z`))
    // French writes the first day of a month "1er".
    .replace(/^1 /, '1er ');
  return fillTemplate(nodeLines.nodeEndOfLife, { version: String(major), date });
}
