/**
 * Shape of content/tarifs.json: what a LLC costs, year 1 and each year after, as the page /tarifs shows it
 * (the « Estimation » widget and its table for every state). Each public figure carries the address of its
 * source and the day it was checked (`verifieLe`), which `npm run check` flags once it is more than 12 months old.
 * PropLLC's own fees stay empty until the company sets them: the page then says « sur devis », and
 * `npm run check -- --release` refuses to publish.
 */
import * as v from 'valibot';
import { amount, isoDay, text, website } from './fields.ts';
import { valueMessages } from './messages.ts';

/** A schema with the label and help text an editing tool shows for it. */
const field = <S extends v.GenericSchema>(schema: S, title: string, description?: string) =>
  description === undefined ? v.pipe(schema, v.title(title)) : v.pipe(schema, v.title(title), v.description(description));

const checkedNote =
  'La date du jour où le chiffre a été vérifié sur sa source, au format AAAA-MM-JJ. npm run check prévient quand elle a plus de 12 mois.';

/** A public figure, in dollars, with its source and the day it was checked. */
const sourcedFee = (title: string, description: string) =>
  field(
    v.strictObject({
      montantUsd: field(amount, 'Montant en dollars', 'Un nombre, avec un point pour les décimales (138.75), sans le signe $.'),
      detail: field(text, 'Précision', 'Ce que couvre ce montant, affiché sous la ligne.'),
      source: field(website, 'Source', 'L’adresse de la page officielle qui publie ce montant (https://…).'),
      verifieLe: field(isoDay, 'Vérifié le', checkedNote),
    }),
    title,
    description,
  );

/** A fee of PropLLC itself: no amount until the company sets it, and the words shown meanwhile. */
const ownFee = (title: string, description: string) =>
  field(
    v.strictObject({
      libelle: field(text, 'Intitulé de la ligne'),
      montantEur: field(
        v.optional(amount),
        'Prix en euros',
        'Vide tant que le prix n’est pas fixé : la page affiche alors le texte ci-dessous, et la vérification avant mise en ligne échoue.',
      ),
      enAttente: field(text, 'Texte tant que le prix n’est pas fixé', 'Par exemple « sur devis (prix à fixer) ».'),
    }),
    title,
    description,
  );

const state = v.strictObject({
  nom: field(text, 'Nom de l’État'),
  depot: sourcedFee(
    'Frais de dépôt',
    'Payés une fois, à la création de la LLC (Articles of Organization ou Certificate of Formation).',
  ),
  annuel: sourcedFee(
    'Frais annuels de l’État',
    'Rapport annuel ou taxe annuelle (franchise tax), payés chaque année à partir de l’année qui suit la création. 0 si l’État n’en demande pas.',
  ),
  agent: sourcedFee('Agent enregistré (prix courant par an)', 'Un prix courant d’un prestataire, payé dès la première année.'),
});

/** A short text of the widget, with its label in the editor. */
const word = (title: string) => field(text, title);

export const tarifsSchema = v.strictObject({
  honoraires: field(
    v.strictObject({
      creation: ownFee('Création', 'Les honoraires de PropLLC pour créer la LLC, payés la première année.'),
      suivi: ownFee(
        'Suivi annuel',
        'Les honoraires de PropLLC chaque année suivante, dont la préparation des déclarations américaines.',
      ),
    }),
    'Honoraires de PropLLC',
  ),
  etats: field(
    v.pipe(v.array(state), v.minLength(1, valueMessages.empty)),
    'États proposés',
    'Chaque État où PropLLC crée des LLC, dans l’ordre de la liste de choix.',
  ),
  declarations: sourcedFee(
    'Déclarations américaines (Form 5472 et 1120 pro forma)',
    'Ce que l’IRS demande pour leur dépôt (0 : aucun droit), chaque année à partir de l’année qui suit la création. Leur préparation fait partie du suivi annuel.',
  ),
  change: field(
    v.strictObject({
      dollarsPourUnEuro: field(
        v.pipe(v.number(valueMessages.notRate), v.gtValue(0, valueMessages.notRate)),
        'Dollars pour un euro',
        'Le taux de référence de la BCE (par exemple 1.16 : 1 € = 1,16 $).',
      ),
      source: field(website, 'Source'),
      verifieLe: field(isoDay, 'Date du taux', checkedNote),
    }),
    'Taux de change',
    'Sert à afficher chaque montant en euros.',
  ),
  textes: field(
    v.strictObject({
      choix: word('Libellé de la liste des États'),
      ligne: word('En-tête de la colonne des lignes'),
      premiereAnnee: word('En-tête « année 1 »'),
      anneesSuivantes: word('En-tête « chaque année suivante »'),
      total: word('Libellé du total'),
      totalHorsHonoraires: word('Libellé du total tant que les honoraires ne sont pas fixés'),
      depot: word('Ligne des frais de dépôt'),
      annuel: word('Ligne des frais annuels de l’État'),
      agent: word('Ligne de l’agent enregistré'),
      declarations: word('Ligne des déclarations américaines'),
      source: word('Texte du lien vers la source'),
      dateVerification: word('Texte avant la date de vérification'),
      change: word('Phrase du taux de change ({taux} et {date} sont remplacés)'),
      etat: word('En-tête de la colonne des États, dans la comparaison'),
      comparaison: word('Titre du tableau qui compare les États'),
      detailEtat: word('Texte qui ouvre le détail d’un État ({etat} est remplacé par son nom)'),
    }),
    'Textes du widget « Estimation »',
  ),
});

export type Tarifs = v.InferOutput<typeof tarifsSchema>;
