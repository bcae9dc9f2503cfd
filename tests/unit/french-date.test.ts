/**
 * The days the site writes, worked out without Intl in the browser (src/content/french-date.ts), held to what
 * Intl answers with the time-zone database: a change of the EU's clock rule, or a slip in the arithmetic, fails here.
 */
import { describe, expect, it } from 'vitest';
import { frenchLongDate, frenchMonths, parisDay, parisYear } from '../../src/content/french-date.ts';

const intlDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' });
const intlLong = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Paris' });

describe('the day in Paris', () => {
  it('is Intl’s for every half hour of 2026 to 2030, the clock changes included', () => {
    const wrong: string[] = [];
    for (let time = Date.UTC(2026, 0, 1); time < Date.UTC(2031, 0, 1); time += 30 * 60_000) {
      const instant = new Date(time);
      if (parisDay(instant) !== intlDay.format(instant)) wrong.push(instant.toISOString());
    }
    expect(wrong).toEqual([]);
  });

  it('turns at midnight in Paris: 22:00 UTC in summer, 23:00 UTC in winter', () => {
    expect(parisDay(new Date('2026-07-14T21:59:00Z'))).toBe('2026-07-14');
    expect(parisDay(new Date('2026-07-14T22:00:00Z'))).toBe('2026-07-15');
    expect(parisDay(new Date('2026-12-31T22:59:00Z'))).toBe('2026-12-31');
    expect(parisDay(new Date('2026-12-31T23:00:00Z'))).toBe('2027-01-01');
    expect(parisYear(new Date('2026-12-31T23:00:00Z'))).toBe('2027');
  });
});

describe('the French long date', () => {
  it('is Intl’s for every day of 2026 and 2027, with « 1er » for the first of the month', () => {
    const months = frenchMonths();
    for (let time = Date.UTC(2026, 0, 1, 12); time < Date.UTC(2028, 0, 1); time += 86_400_000) {
      const day = new Date(time).toISOString().slice(0, 10);
      const expected = intlLong.format(new Date(time)).replace(/^1 /, '1er ');
      // The browser's way (the page's month names) and the build's give the same text.
      expect(frenchLongDate(day, months)).toBe(expected);
      expect(frenchLongDate(day)).toBe(expected);
    }
  });

  it('names the twelve months in French, January first', () => {
    expect(frenchMonths()).toHaveLength(12);
    expect(frenchMonths()[0]).toBe('janvier');
    expect(frenchMonths()[7]).toBe('août');
  });
});
