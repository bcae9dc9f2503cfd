/**
 * `<PropfirmTable />` in MDX: content/propfirms.json as a table, sorted by name whatever the file's order, each row
 * with its source and the day it was read, and a link to /contact that names the propfirm (the form's message then
 * starts with it). Pre-rendered, no JavaScript.
 */
import { propfirms } from '../../../content/data/propfirms.ts';
import { frenchLongDate } from '../../../content/french-date.ts';
import type { Propfirm } from '../../../content/schema/propfirms-schema.ts';
import { PropfirmTable as Table, type PropfirmRow } from '../../components/PropfirmTable/PropfirmTable.tsx';

/** The address of /contact that names `name`: the form reads `propfirm` and starts the message with it. */
export const propfirmContactHref = (name: string) => `/contact?propfirm=${encodeURIComponent(name)}`;

const byName = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

/** The rows in the table's order: by name, as a French reader sorts (case and accents aside). */
export function sortedPropfirms(rows: readonly Propfirm[]): Propfirm[] {
  return [...rows].sort((a, b) => byName.compare(a.name, b.name));
}

export function PropfirmTable() {
  const { caption, headings, answers, sourceLink, contactLink } = propfirms;
  const [before = '', after = ''] = sourceLink.split('{date}');
  const rows: PropfirmRow[] = sortedPropfirms(propfirms.propfirms).map((firm) => {
    const answer = firm.paysCompany === 'à vérifier' ? 'unconfirmed' : firm.paysCompany;
    return {
      name: firm.name,
      answer,
      answerLabel: answers[answer],
      conditions: firm.conditions,
      source: { href: firm.source, before, dateTime: firm.verifieLe, dateLabel: frenchLongDate(firm.verifieLe), after },
      contact: { href: propfirmContactHref(firm.name), label: contactLink.replaceAll('{propfirm}', firm.name) },
    };
  });
  return <Table caption={caption} headings={headings} rows={rows} />;
}
