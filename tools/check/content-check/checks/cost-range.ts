/**
 * The FAQ's answer on cost (content/faq/cout.mdx) states the range of docs/spec.txt §9, « de 100 € à 500 € »
 * selon l'État (held over dist/ by tests/built/spec.test.ts). The range is the editors' words, the figures are
 * content/tarifs.json's: each state's first year without PropLLC's fees (filing and registered agent, as /tarifs adds
 * them up) must fall inside it, or the two pages would say different things.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';
import { costRangeMessages } from '../../../../src/content/schema/messages.ts';
import { tarifsSchema } from '../../../../src/content/schema/tarifs-schema.ts';
import { estimate, firstYearWithoutFees, formatEur } from '../../../../src/site/components/Estimation/estimate.ts';
import { lineOf, type ProseBlock } from '../../proofreading/prose.ts';
import { readDataFile } from './data-files.ts';

const answer = 'content/faq/cout.mdx';

/** « de 100 € à 500 € », whatever spaces separate the digits and the sign. */
const range = /de\s*(\d[\d\s]*?)\s*€\s*à\s*(\d[\d\s]*?)\s*€/u;

const amountOf = (digits: string) => Number(digits.replace(/\s/gu, ''));

/** A problem for each state whose first year falls outside the FAQ's range; none when the answer states no range. */
export async function checkCostRange(root: string, prose: readonly ProseBlock[]): Promise<string[]> {
  if (!existsSync(path.join(root, answer))) return [];
  const stated = prose
    .filter((block) => block.file === answer)
    .flatMap((block) => {
      const match = range.exec(block.text);
      return match?.[1] && match[2] ? [{ block, match, low: amountOf(match[1]), high: amountOf(match[2]) }] : [];
    })[0];
  const file = await readDataFile(root, 'tarifs.json');
  if (!stated || !file || 'problem' in file) return [];
  const tarifs = v.parse(tarifsSchema, file.data);
  const line = lineOf(stated.block, stated.match.index);
  return tarifs.etats.flatMap((state) => {
    const { eur } = firstYearWithoutFees(estimate(tarifs, state.nom));
    if (eur >= stated.low && eur <= stated.high) return [];
    return [`${answer}:${line} → ${costRangeMessages.outOfRange(stated.match[0], state.nom, formatEur(eur))}`];
  });
}
