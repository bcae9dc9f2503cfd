/**
 * The cost of a LLC in one state, year 1 and each following year, line by line and in total, from
 * content/tarifs.json. One pure function for the « Estimation » island, the table every visitor gets without
 * JavaScript, and the tests: they cannot disagree on a figure.
 *
 * When each line is paid: the state's filing fee once, at creation; the registered agent from the first year;
 * the state's yearly fee and the US filings from the year after creation (they are due for the past year);
 * PropLLC's creation fee in year 1, its yearly follow-up after.
 */
import type { Tarifs } from '../../../content/schema/tarifs-schema.ts';

/** An amount in both currencies; euros are whole (an estimate), and the totals add the rounded lines. */
interface Money {
  usd: number;
  eur: number;
}

/** A line's amount for one period: a sum, nothing to pay (`null`), or a price not set yet (its words). */
export type Amount = Money | null | { pending: string };

type LineKey = 'depot' | 'agent' | 'annuel' | 'declarations' | 'creation' | 'suivi';

export interface Line {
  key: LineKey;
  /** The state's or PropLLC's own wording of the line. */
  label: string;
  detail?: string;
  source?: string;
  verifieLe?: string;
  premiereAnnee: Amount;
  anneesSuivantes: Amount;
}

export interface Estimate {
  state: string;
  lines: Line[];
  total: { premiereAnnee: Money; anneesSuivantes: Money };
  /** Whether every line has a price: until PropLLC sets its fees, the totals leave them out. */
  complete: boolean;
}

const cents = (value: number) => Math.round(value * 100) / 100;

function fromUsd(usd: number, rate: number): Money {
  return { usd, eur: Math.round(usd / rate) };
}

function fromEur(eur: number, rate: number): Money {
  return { usd: cents(eur * rate), eur };
}

const isMoney = (amount: Amount): amount is Money => amount !== null && 'usd' in amount;

function sum(amounts: readonly Amount[]): Money {
  return amounts.filter(isMoney).reduce((total, money) => ({ usd: cents(total.usd + money.usd), eur: total.eur + money.eur }), {
    usd: 0,
    eur: 0,
  });
}

/** The estimate for the state named `state` (one of `tarifs.etats`). */
export function estimate(tarifs: Tarifs, state: string): Estimate {
  const entry = tarifs.etats.find((candidate) => candidate.nom === state);
  if (!entry) throw new Error(`content/tarifs.json: no state named "${state}"`);
  const rate = tarifs.change.dollarsPourUnEuro;
  const words = tarifs.textes;
  const sourced = (
    key: 'depot' | 'agent' | 'annuel' | 'declarations',
    fee: Tarifs['declarations'],
    first: boolean,
    next: boolean,
  ) => ({
    key,
    label: words[key],
    detail: fee.detail,
    source: fee.source,
    verifieLe: fee.verifieLe,
    premiereAnnee: first ? fromUsd(fee.montantUsd, rate) : null,
    anneesSuivantes: next ? fromUsd(fee.montantUsd, rate) : null,
  });
  const own = (key: 'creation' | 'suivi', first: boolean): Line => {
    const fee = tarifs.honoraires[key];
    const amount: Amount = fee.montantEur === undefined ? { pending: fee.enAttente } : fromEur(fee.montantEur, rate);
    return { key, label: fee.libelle, premiereAnnee: first ? amount : null, anneesSuivantes: first ? null : amount };
  };
  const lines: Line[] = [
    sourced('depot', entry.depot, true, false),
    sourced('agent', entry.agent, true, true),
    sourced('annuel', entry.annuel, false, true),
    sourced('declarations', tarifs.declarations, false, true),
    own('creation', true),
    own('suivi', false),
  ];
  return {
    state: entry.nom,
    lines,
    total: {
      premiereAnnee: sum(lines.map((line) => line.premiereAnnee)),
      anneesSuivantes: sum(lines.map((line) => line.anneesSuivantes)),
    },
    complete:
      lines.every((line) => line.premiereAnnee === null || isMoney(line.premiereAnnee)) &&
      lines.every((line) => line.anneesSuivantes === null || isMoney(line.anneesSuivantes)),
  };
}

/** Year 1 without PropLLC's own fees: what the state and the registered agent ask, whatever PropLLC charges. */
export function firstYearWithoutFees(estimate: Estimate): Money {
  return sum(estimate.lines.filter((line) => line.key !== 'creation' && line.key !== 'suivi').map((line) => line.premiereAnnee));
}

/**
 * French grouping of a whole number, as Intl's fr-FR writes it: a narrow no-break space every three digits.
 * Written out rather than asked of Intl: the island formats at hydration, and a page's first Intl formatter
 * (its locale data) is a long task on a slow phone. tests/unit/tarifs.test.ts holds both formats to Intl's.
 */
const grouped = (whole: number) => String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');

/** `138.75` → « 138,75 $ », `100` → « 100 $ » (French grouping and spacing). */
export function formatUsd(usd: number): string {
  if (Number.isInteger(usd)) return `${grouped(usd)}\u00a0$`;
  const cents = Math.round(usd * 100);
  return `${grouped(Math.trunc(cents / 100))},${String(cents % 100).padStart(2, '0')}\u00a0$`;
}

/** `120` → « 120 € ». */
export function formatEur(eur: number): string {
  return `${grouped(Math.round(eur))}\u00a0€`;
}
