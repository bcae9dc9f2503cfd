/**
 * The widgets of content/pages/tarifs.mdx, from content/tarifs.json: <Comparaison />, the four states' totals
 * side by side; <Estimation />, an island where the visitor picks a state and sees its cost line by line
 * (src/site/islands/); and <TarifsEtats />, every state's lines with sources and dates, each folded in a
 * `<details>`: the same figures without JavaScript.
 */
import { frenchLongDate } from '../../../content/french-date.ts';
import { interfaceText } from '../../../content/data/interface.ts';
import { navigation } from '../../../content/data/navigation.ts';
import { tarifs } from '../../../content/data/tarifs.ts';
import { EstimationIsland, type EstimationIslandProps } from '../../components/Estimation/EstimationIsland.tsx';
import { EstimationTables } from '../../components/Estimation/EstimationTables.tsx';
import { Comparison } from '../../components/Estimation/Comparison.tsx';
import { Island } from '../../islands/Island.tsx';

/**
 * The rate as French writes it (1,16), and its day in words. Written at each render, not at import, so that the
 * editor's « Aperçu » follows the file as it is edited.
 */
const rateNote = () =>
  tarifs.textes.change
    .replaceAll('{taux}', new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 4 }).format(tarifs.change.dollarsPourUnEuro))
    .replaceAll('{date}', frenchLongDate(tarifs.change.verifieLe));

const errorCopy = {
  title: interfaceText.error.title,
  text: interfaceText.error.text,
  home: interfaceText.error.home,
  contact: { label: interfaceText.error.contact, to: navigation.nav.cta.to },
};

export function Estimation() {
  const props: EstimationIslandProps = { tarifs, rateNote: rateNote() };
  return <Island name="estimation" component={EstimationIsland} props={props} errorCopy={errorCopy} />;
}

export function Comparaison() {
  return <Comparison tarifs={tarifs} />;
}

export function TarifsEtats() {
  return <EstimationTables tarifs={tarifs} rateNote={rateNote()} checkedOn={frenchLongDate} />;
}
