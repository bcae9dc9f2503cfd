/**
 * /tarifs without JavaScript: the built page compares the states of content/tarifs.json first, then shows each
 * state's table folded in a <details>, each figure with its source and the day it was checked, and the totals of
 * the estimate (src/site/components/Estimation/).
 * The figures come from the data file and the one function that adds them up: nothing is restated here.
 */
import { describe, expect, test } from 'vitest';
import { frenchLongDate } from '../../src/content/french-date.ts';
import { tarifs } from '../../src/content/data/tarifs.ts';
import { estimate, formatEur, formatUsd } from '../../src/site/components/Estimation/estimate.ts';
import { distFile, read } from './dist.ts';

const html = read(distFile('/tarifs.html'));

/** Visible text of a piece of HTML: tags dropped, `&amp;` decoded. */
const textOf = (fragment: string) => fragment.replace(/<[^>]+>/g, '').replaceAll('&amp;', '&');

/** Every table of the page whose caption is `state`, as HTML. */
function tablesOf(state: string): string[] {
  return [...html.matchAll(/<table\b[\s\S]*?<\/table>/g)]
    .map((match) => match[0])
    .filter((table) => textOf(/<caption\b[^>]*>([\s\S]*?)<\/caption>/.exec(table)?.[1] ?? '') === state);
}

describe('/tarifs without JavaScript', () => {
  test('the estimate is pre-rendered for the first state, its list of states disabled until the island hydrates', () => {
    expect(html).toMatch(/<select id="estimation-etat"[^>]*\bdisabled=""/);
    const options = [...html.matchAll(/<option value="([^"]*)"/g)].map((match) => match[1]);
    expect(options).toEqual(tarifs.etats.map((state) => state.nom));
  });

  test('one comparison first: a row per state with its totals of year 1 and each following year', () => {
    const comparison = /<table\b[\s\S]*?<\/table>/.exec(html.slice(html.indexOf('id="comparaison"')))?.[0] ?? '';
    expect(textOf(/<caption\b[^>]*>([\s\S]*?)<\/caption>/.exec(comparison)?.[1] ?? '')).toBe(tarifs.textes.comparaison);
    const rows = [...comparison.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].slice(1).map((row) => row[1] ?? '');
    expect(rows.map((row) => textOf(/<th\b[^>]*>([\s\S]*?)<\/th>/.exec(row)?.[1] ?? ''))).toEqual(
      tarifs.etats.map((state) => state.nom),
    );
    for (const [index, state] of tarifs.etats.entries()) {
      const { total } = estimate(tarifs, state.nom);
      const cells = [...(rows[index] ?? '').matchAll(/<td\b[^>]*>([\s\S]*?)<\/td>/g)].map((cell) => textOf(cell[1] ?? ''));
      expect(cells).toEqual([
        `${formatUsd(total.premiereAnnee.usd)}${formatEur(total.premiereAnnee.eur)}`,
        `${formatUsd(total.anneesSuivantes.usd)}${formatEur(total.anneesSuivantes.eur)}`,
      ]);
    }
    // Before the island and before the details: what a phone shows first.
    expect(html.indexOf('id="comparaison"')).toBeLessThan(html.indexOf('data-island="estimation"'));
  });

  test("each state's details are folded, closed, one tap away: a <details> whose <summary> names the state", () => {
    const folds = [...html.matchAll(/<details\b([^>]*)>\s*<summary\b[^>]*>([\s\S]*?)<\/summary>([\s\S]*?)<\/details>/g)];
    expect(folds.map((fold) => textOf(fold[2] ?? ''))).toEqual(
      tarifs.etats.map((state) => tarifs.textes.detailEtat.replaceAll('{etat}', state.nom)),
    );
    for (const fold of folds) {
      expect(fold[1]).not.toMatch(/\bopen\b/);
      expect(fold[3]).toContain('<table');
    }
  });

  for (const state of tarifs.etats) {
    test(`${state.nom}: a table with each figure's source and date, and the totals of year 1 and each following year`, () => {
      const tables = tablesOf(state.nom);
      // The first state also has the island's own table, without sources.
      const table = tables.find((candidate) => candidate.includes('<time'));
      expect(table, `a table captioned ${state.nom} with its sources`).toBeDefined();
      const sourced = [state.depot, state.annuel, state.agent, tarifs.declarations];
      for (const fee of sourced) {
        expect(table).toContain(`href="${fee.source.replaceAll('&', '&amp;')}"`);
        expect(textOf(table ?? '')).toContain(frenchLongDate(fee.verifieLe));
        expect(table).toMatch(new RegExp(`<time [^>]*datetime="${fee.verifieLe}"`, 'i'));
      }
      const { total } = estimate(tarifs, state.nom);
      const footer = textOf(/<tfoot>[\s\S]*<\/tfoot>/.exec(table ?? '')?.[0] ?? '');
      for (const money of [total.premiereAnnee, total.anneesSuivantes]) {
        expect(footer).toContain(formatUsd(money.usd));
        expect(footer).toContain(formatEur(money.eur));
      }
    });
  }

  test('PropLLC’s fees show their words while unset, never a made-up figure', () => {
    for (const fee of Object.values(tarifs.honoraires)) {
      expect(textOf(html)).toContain(fee.montantEur === undefined ? fee.enAttente : formatEur(fee.montantEur));
    }
  });

  test('the exchange rate is given with its day', () => {
    expect(textOf(html)).toContain(frenchLongDate(tarifs.change.verifieLe));
  });
});
