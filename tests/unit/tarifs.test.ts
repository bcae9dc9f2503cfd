// @vitest-environment node
/**
 * content/tarifs.json: the estimate of every state, computed from the data file (its figures are never restated
 * here); the release check, which refuses PropLLC's fees while unset; and `npm run check`'s warning about a
 * figure checked more than 12 months ago, against a day the test chooses.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseTree } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { tarifs } from '../../src/content/data/tarifs.ts';
import type { Tarifs } from '../../src/content/schema/tarifs-schema.ts';
import { estimate, formatEur, formatUsd, type Line } from '../../src/site/components/Estimation/estimate.ts';
import { checkFreshness, staleDatesIn } from '../../tools/check/content-check/checks/freshness.ts';
import { unsetFeeProblems } from '../../tools/check/content-check/release.ts';

const root = path.resolve(import.meta.dirname, '..', '..');
const rate = tarifs.change.dollarsPourUnEuro;
const lineOf = (lines: readonly Line[], key: Line['key']) => lines.find((line) => line.key === key);

/** The data with PropLLC's fees set, as the company will fill them in. */
const withFees = (creation: number, suivi: number): Tarifs => ({
  ...tarifs,
  honoraires: {
    creation: { ...tarifs.honoraires.creation, montantEur: creation },
    suivi: { ...tarifs.honoraires.suivi, montantEur: suivi },
  },
});

describe('the estimate of each state, from content/tarifs.json', () => {
  it('offers at least Wyoming, New Mexico, Delaware and Florida', () => {
    expect(tarifs.etats.map((state) => state.nom)).toEqual(
      expect.arrayContaining(['Wyoming', 'Nouveau-Mexique', 'Delaware', 'Floride']),
    );
  });

  for (const state of tarifs.etats) {
    it(`${state.nom}: year 1 is the filing fee and the agent; each following year the agent, the state's yearly fee and the US filings`, () => {
      const { lines, total, complete } = estimate(tarifs, state.nom);
      expect(total.premiereAnnee.usd).toBeCloseTo(state.depot.montantUsd + state.agent.montantUsd, 2);
      expect(total.anneesSuivantes.usd).toBeCloseTo(
        state.agent.montantUsd + state.annuel.montantUsd + tarifs.declarations.montantUsd,
        2,
      );
      // Each line in euros at the file's rate, whole; the total adds the lines as shown.
      for (const line of lines) {
        for (const amount of [line.premiereAnnee, line.anneesSuivantes]) {
          if (amount && 'usd' in amount) expect(amount.eur).toBe(Math.round(amount.usd / rate));
        }
      }
      const euros = (period: 'premiereAnnee' | 'anneesSuivantes') =>
        lines.reduce((sum, line) => {
          const amount = line[period];
          return sum + (amount && 'eur' in amount ? amount.eur : 0);
        }, 0);
      expect(total.premiereAnnee.eur).toBe(euros('premiereAnnee'));
      expect(total.anneesSuivantes.eur).toBe(euros('anneesSuivantes'));
      // PropLLC's fees are unset in the file: the lines say so, and the totals are marked as leaving them out.
      expect(lineOf(lines, 'creation')?.premiereAnnee).toEqual({ pending: tarifs.honoraires.creation.enAttente });
      expect(lineOf(lines, 'suivi')?.anneesSuivantes).toEqual({ pending: tarifs.honoraires.suivi.enAttente });
      expect(complete).toBe(false);
      // Each public figure keeps its source and date.
      for (const key of ['depot', 'agent', 'annuel', 'declarations'] as const) {
        expect(lineOf(lines, key)?.source).toMatch(/^https:\/\//);
        expect(lineOf(lines, key)?.verifieLe).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }
    });

    it(`${state.nom}: once PropLLC's fees are set, they join the totals, converted at the file's rate`, () => {
      const plain = estimate(tarifs, state.nom).total;
      const { total, complete } = estimate(withFees(400, 300), state.nom);
      expect(complete).toBe(true);
      expect(total.premiereAnnee.eur).toBe(plain.premiereAnnee.eur + 400);
      expect(total.anneesSuivantes.eur).toBe(plain.anneesSuivantes.eur + 300);
      expect(total.premiereAnnee.usd).toBeCloseTo(plain.premiereAnnee.usd + 400 * rate, 2);
    });
  }

  it('refuses a state the file does not have', () => {
    expect(() => estimate(tarifs, 'Texas')).toThrow(/no state named "Texas"/);
  });

  it('writes amounts the French way', () => {
    expect(formatUsd(138.75)).toBe('138,75\u00A0$');
    expect(formatUsd(1300)).toBe('1\u202F300\u00A0$');
    expect(formatEur(1300)).toBe('1\u202F300\u00A0€');
  });

  it('writes amounts as Intl’s fr-FR does, without asking Intl (the island formats while it hydrates)', () => {
    const usd = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol' });
    const whole = new Intl.NumberFormat('fr-FR', {
      style: 'currency',
      currency: 'USD',
      currencyDisplay: 'narrowSymbol',
      maximumFractionDigits: 0,
    });
    const eur = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });
    const amounts = [0, 5, 60, 99.9, 100, 138.75, 999, 1000, 1234.5, 12_345.67, 100_000, 1_234_567.01, 0.05];
    for (const amount of amounts) {
      expect(formatUsd(amount)).toBe(Number.isInteger(amount) ? whole.format(amount) : usd.format(amount));
      expect(formatEur(Math.round(amount))).toBe(eur.format(Math.round(amount)));
    }
  });
});

describe('release check: PropLLC’s own fees', () => {
  it('refuses each fee still unset, naming the file, its line and the field', async () => {
    const text = await readFile(path.join(root, 'content', 'tarifs.json'), 'utf8');
    const problems = unsetFeeProblems({ data: JSON.parse(text), text });
    const lineOfKey = (key: string) => text.split('\n').findIndex((line) => line.includes(`"${key}": {`)) + 1;
    expect(problems).toEqual([
      expect.stringMatching(
        new RegExp(`^content/tarifs\\.json:${lineOfKey('creation')} → « honoraires\\.creation\\.montantEur » est vide`),
      ),
      expect.stringMatching(new RegExp(`^content/tarifs\\.json:${lineOfKey('suivi')} → « honoraires\\.suivi\\.montantEur » est vide`)),
    ]);
    expect(problems[0]).toContain(`la page /tarifs affiche « ${tarifs.honoraires.creation.enAttente} »`);
  });

  it('is satisfied once both are set', () => {
    expect(unsetFeeProblems({ data: withFees(400, 300) })).toEqual([]);
  });
});

describe('npm run check: figures checked more than 12 months ago', () => {
  const text = `${JSON.stringify(
    {
      lignes: [
        { nom: 'A', verifieLe: '2025-11-26' },
        { nom: 'B', verifieLe: '2025-11-27' },
      ],
      change: { verifieLe: '2024-02-29' },
      textes: { verifieLe: 'vérifié le' },
    },
    null,
    2,
  )}\n`;
  const file = { relative: 'content/exemple.json', text, tree: parseTree(text) };

  it('warns about each date older than 12 months, in French, with its file, line and field; not about one exactly 12 months old', () => {
    expect(staleDatesIn(file, '2026-11-27')).toEqual([
      'content/exemple.json:5 → « lignes.0.verifieLe » : chiffre vérifié le 26 novembre 2025, il y a plus de 12 mois. Revérifiez-le sur sa source (le champ « source » voisin), corrigez-le s’il a changé, puis mettez la date du jour (AAAA-MM-JJ).',
      expect.stringMatching(/^content\/exemple\.json:13 → « change\.verifieLe » : chiffre vérifié le 29 février 2024/),
    ]);
  });

  it('says nothing while every date is recent', () => {
    expect(staleDatesIn(file, '2025-12-01')).toEqual([expect.stringContaining('« change.verifieLe »')]);
    expect(staleDatesIn(file, '2024-03-01')).toEqual([]);
  });

  it('covers every dated figure of every data file of content/', async () => {
    const text = await readFile(path.join(root, 'content', 'tarifs.json'), 'utf8');
    const dated = text.match(/"verifieLe":/g)?.length ?? 0;
    expect(dated).toBeGreaterThan(tarifs.etats.length * 3);
    // Far enough ahead, every date of the file is stale; on the day of its latest check, none is (the rate is
    // dated by the day the ECB set it, which may be earlier than the day the figures were checked).
    const later = await checkFreshness(root, new Date('2100-01-01T12:00:00Z'));
    expect(later.filter((warning) => warning.startsWith('content/tarifs.json:'))).toHaveLength(dated);
    const latest = [...text.matchAll(/"verifieLe": "(\d{4}-\d{2}-\d{2})"/g)]
      .map((match) => match[1])
      .sort()
      .at(-1);
    expect(await checkFreshness(root, new Date(`${latest}T12:00:00Z`))).toEqual([]);
  });
});
