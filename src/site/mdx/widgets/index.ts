/**
 * The widgets editors may use in MDX: for each, the module that exports it and the schema of its settings.
 * This list is the single source of truth for
 *   - the build (remark-widgets imports only the widgets a page uses; any other capitalised tag fails);
 *   - `npm run check` (remark-widget-settings validates every setting of every widget use);
 *   - the visual editor (editor/ turns each schema into form fields: its titles, descriptions and choices).
 * The components' own prop types are checked against these schemas at compile time (./props-parity.ts).
 * Plain TypeScript and valibot only: the check and the editor load it without Vite or CSS.
 *
 * Adding a widget: its component in src/site/components/<Name>/ (or in ./ if it reads content/ itself); its entry
 * here (module, French label and description, the schema of its settings with `text(…)` or `choice(…)`, what it
 * holds between its tags; `inSentence: true` for a self-closing widget written inside a sentence, which the editor
 * makes inline); if it has settings, its line in ./props-parity.ts; and an example in the editors' guide,
 * content/README.md (tests/unit/guide.test.tsx renders every example and fails on a widget the guide does not show).
 */
import * as v from 'valibot';
import { cardIconNames } from '../../components/Cards/icon-names.ts';

/**
 * What goes between a widget's opening and closing tags:
 *   - `none`: nothing, the widget is written `<Faq />`;
 *   - `inline`: a short text, on one line of its own (the label of a button, the caption of a figure);
 *   - `block`: paragraphs, titles, lists and other widgets;
 *   - `{ widgets }`: only the widgets named (a <Cards> holds <Card>s).
 */
type WidgetChildren = 'none' | 'inline' | 'block' | { readonly widgets: readonly string[] };

/** Words of the messages about a setting with a fixed list of values (« walet » n'est pas une icône connue). */
export interface ChoiceWords {
  /** `une icône connue`: completes « … » n'est pas … */
  readonly unknown: string;
  /** `Icônes possibles`: introduces the list of values. */
  readonly choices: string;
}

type SettingSchema =
  | v.SchemaWithPipe<readonly [v.StringSchema<undefined>, ...v.PipeItem<string, string, v.BaseIssue<unknown>>[]]>
  | v.SchemaWithPipe<readonly [v.PicklistSchema<readonly string[], undefined>, ...v.PipeItem<string, string, v.BaseIssue<unknown>>[]]>;

type SettingsSchema = v.StrictObjectSchema<Record<string, SettingSchema | v.OptionalSchema<SettingSchema, undefined>>, undefined>;

export interface WidgetSpec {
  /** The module that exports the component, from the project root (what the page's import names). */
  readonly module: `/src/${string}.tsx`;
  /** The widget's name for editors, in French (the editor's block menu). */
  readonly label: string;
  /** What the widget is for, in French (shown by the editor under the label). */
  readonly description: string;
  readonly settings: SettingsSchema;
  readonly children: WidgetChildren;
  /**
   * A self-closing widget written inside a sentence (`écrivez-nous à <CompanyEmail />.`): the visual editor makes
   * it an inline element, not a block on its own line. tests/unit/cms-config.test.ts checks it against content/.
   */
  readonly inSentence?: true;
}

/** A setting that takes any text; `title` and `description` are what the editor shows beside the field. */
function text(title: string, description: string) {
  return v.pipe(v.string(), v.title(title), v.description(description));
}

/** A setting whose value is one of `values`; `words` name it in the check's messages. */
function choice<const T extends readonly [string, ...string[]]>(values: T, title: string, description: string, words: ChoiceWords) {
  return v.pipe(v.picklist(values), v.title(title), v.description(description), v.metadata({ words }));
}

/** The words of a setting with a fixed list of values, for the check's messages. */
export function choiceWords(schema: v.GenericSchema): ChoiceWords | undefined {
  const inner = schema.type === 'optional' ? (schema as v.OptionalSchema<v.GenericSchema, undefined>).wrapped : schema;
  return (
    v.getMetadata(inner as v.SchemaWithPipe<[v.GenericSchema, v.MetadataAction<unknown, { words: ChoiceWords }>]>) as {
      words?: ChoiceWords;
    }
  ).words;
}

const noSettings = v.strictObject({});

export const widgets = {
  Hero: {
    module: '/src/site/components/Hero/Hero.tsx',
    label: 'Bandeau de tête',
    description: "Le haut d'une page : son titre (# Titre), une phrase d'accroche et, en général, des boutons (Actions).",
    settings: noSettings,
    children: 'block',
  },
  Section: {
    module: '/src/site/components/Section/Section.tsx',
    label: 'Section',
    description: "Une bande de la page, sur toute la largeur, qui commence d'ordinaire par un titre (## Titre).",
    settings: v.strictObject({
      tone: v.optional(
        choice(
          ['plain', 'muted', 'accent'],
          'Fond',
          'plain : blanc (par défaut) ; muted : gris-bleu clair ; accent : ton chaud léger.',
          {
            unknown: 'un fond connu',
            choices: 'Fonds possibles',
          },
        ),
      ),
      id: v.optional(
        text('Ancre', 'Nom court, sans espace ni accent (par exemple processus), pour les liens du type /about#processus.'),
      ),
    }),
    children: 'block',
  },
  Cards: {
    module: '/src/site/components/Cards/Cards.tsx',
    label: 'Cartes',
    description: 'Une grille de cartes : une colonne sur téléphone, deux sur tablette, trois sur grand écran.',
    settings: noSettings,
    children: { widgets: ['Card'] },
  },
  Card: {
    module: '/src/site/components/Cards/Cards.tsx',
    label: 'Carte',
    description: 'Une carte de la grille : un titre, une icône facultative et un court texte.',
    settings: v.strictObject({
      title: text('Titre', 'Le titre de la carte, en quelques mots.'),
      icon: v.optional(
        choice(cardIconNames, 'Icône', "L'icône affichée au-dessus du titre (facultative).", {
          unknown: 'une icône connue',
          choices: 'Icônes possibles',
        }),
      ),
    }),
    children: 'block',
  },
  Steps: {
    module: '/src/site/components/Steps/Steps.tsx',
    label: 'Étapes',
    description: 'Une suite numérotée d’étapes : les unes sous les autres sur téléphone, côte à côte sur grand écran.',
    settings: noSettings,
    children: { widgets: ['Step'] },
  },
  Step: {
    module: '/src/site/components/Steps/Steps.tsx',
    label: 'Étape',
    description: 'Une étape : un titre et un court texte. Le numéro est ajouté automatiquement.',
    settings: v.strictObject({ title: text('Titre', "Le titre de l'étape, en quelques mots.") }),
    children: 'block',
  },
  Stats: {
    module: '/src/site/components/Stats/Stats.tsx',
    label: 'Chiffres clés',
    description: 'Des chiffres clés en ligne (les uns sous les autres sur téléphone).',
    settings: noSettings,
    children: { widgets: ['Stat'] },
  },
  Stat: {
    module: '/src/site/components/Stats/Stats.tsx',
    label: 'Chiffre clé',
    description: 'Un chiffre, affiché en grand, suivi de ce qu’il compte en quelques mots.',
    settings: v.strictObject({ value: text('Chiffre', 'Le chiffre affiché en grand : « 3 à 4 semaines », « 1 devis ».') }),
    children: 'inline',
  },
  Actions: {
    module: '/src/site/components/ButtonLink/ButtonLink.tsx',
    label: 'Boutons',
    description: 'Un ou plusieurs boutons côte à côte, qui passent à la ligne sur petit écran.',
    settings: v.strictObject({
      align: v.optional(
        choice(['start', 'center'], 'Alignement', 'start : aligné sur le texte (par défaut) ; center : centré.', {
          unknown: 'un alignement connu',
          choices: 'Alignements possibles',
        }),
      ),
    }),
    children: { widgets: ['ButtonLink'] },
  },
  ButtonLink: {
    module: '/src/site/components/ButtonLink/ButtonLink.tsx',
    label: 'Bouton',
    description: 'Un lien présenté comme un bouton, vers une page du site.',
    settings: v.strictObject({
      to: text('Lien', 'Adresse d’une page du site, par exemple /contact ou /about#processus.'),
      variant: v.optional(
        choice(['primary', 'secondary'], 'Style', 'primary : orange, l’action principale (par défaut) ; secondary : bordé.', {
          unknown: 'un style de bouton connu',
          choices: 'Styles possibles',
        }),
      ),
    }),
    children: 'inline',
  },
  Callout: {
    module: '/src/site/components/Callout/Callout.tsx',
    label: 'Encadré',
    description: 'Un encadré dans le fil d’une section : un exemple, un cas chiffré, une mise en garde.',
    settings: v.strictObject({ title: v.optional(text('Titre', 'Le titre de l’encadré (facultatif).')) }),
    children: 'block',
  },
  CallToAction: {
    module: '/src/site/components/CallToAction/CallToAction.tsx',
    label: 'Appel à l’action',
    description: 'La bande qui clôt une page : un titre (## Titre), une phrase et un bouton vers /contact.',
    settings: noSettings,
    children: 'block',
  },
  Columns: {
    module: '/src/site/components/Columns/Columns.tsx',
    label: 'Deux colonnes',
    description:
      'Deux colonnes côte à côte sur grand écran (la première plus large), l’une sous l’autre sur téléphone : le formulaire à côté de ce qui suit, un texte à côté de son schéma.',
    settings: noSettings,
    children: { widgets: ['Column'] },
  },
  Column: {
    module: '/src/site/components/Columns/Columns.tsx',
    label: 'Colonne',
    description: 'Une des deux colonnes : des titres, du texte, des widgets.',
    settings: v.strictObject({
      tone: v.optional(
        choice(['plain', 'muted'], 'Fond', 'plain : sans fond (par défaut) ; muted : un panneau gris-bleu clair.', {
          unknown: 'un fond connu',
          choices: 'Fonds possibles',
        }),
      ),
      id: v.optional(
        text('Ancre', 'Nom court, sans espace ni accent (par exemple nous-joindre), pour les liens du type /contact#nous-joindre.'),
      ),
    }),
    children: 'block',
  },
  PaymentFlow: {
    module: '/src/site/components/PaymentFlow/PaymentFlow.tsx',
    label: 'Schéma du trajet des fonds',
    description: 'Un schéma en trois étapes (qui paie, où arrive l’argent, qui est payé), avec sa légende en dessous.',
    settings: v.strictObject({
      title: text('Titre du schéma', 'Ce que le schéma montre, lu par les lecteurs d’écran.'),
      source: text('Première étape', 'Qui paie (par exemple Propfirm).'),
      sourceDetail: v.optional(text('Détail de la première étape', 'Une précision en petits caractères (facultative).')),
      bank: text('Deuxième étape', 'Où arrive l’argent.'),
      bankDetail: v.optional(text('Détail de la deuxième étape', 'Une précision en petits caractères (facultative).')),
      trader: text('Troisième étape', 'Qui est payé à la fin.'),
      traderDetail: v.optional(text('Détail de la troisième étape', 'Une précision en petits caractères (facultative).')),
      firstArrow: text('Première flèche', 'Ce qui passe de la première à la deuxième étape.'),
      secondArrow: text('Deuxième flèche', 'Ce qui passe de la deuxième à la troisième étape.'),
    }),
    children: 'inline',
  },
  Faq: {
    module: '/src/site/mdx/widgets/Faq.tsx',
    label: 'Questions fréquentes',
    description: 'Toutes les questions de content/faq/, dans l’ordre de leur champ order.',
    settings: noSettings,
    children: 'none',
  },
  Guides: {
    module: '/src/site/mdx/widgets/Guides.tsx',
    label: 'Liste des guides',
    description: 'Les guides publiés de content/guides/, du plus récent au plus ancien, avec leur date et leur résumé.',
    settings: noSettings,
    children: 'none',
  },
  TermsSections: {
    module: '/src/site/mdx/widgets/TermsSections.tsx',
    label: 'Sections des conditions d’utilisation',
    description: 'Toutes les sections de content/terms/, numérotées dans l’ordre de leur champ order.',
    settings: noSettings,
    children: 'none',
  },
  LegalSections: {
    module: '/src/site/mdx/widgets/LegalSections.tsx',
    label: 'Sections des mentions légales',
    description: 'Toutes les sections de content/legal/, dans l’ordre de leur champ order.',
    settings: noSettings,
    children: 'none',
  },
  CompanyFacts: {
    module: '/src/site/mdx/widgets/Facts.tsx',
    label: 'Identité de la société',
    description: 'Dénomination, forme, capital, immatriculation, siège… tirés des informations de la société.',
    settings: noSettings,
    children: 'none',
  },
  HostFacts: {
    module: '/src/site/mdx/widgets/Facts.tsx',
    label: 'Hébergeur',
    description: 'Nom, adresse, téléphone et site de l’hébergeur, tirés des informations de la société.',
    settings: noSettings,
    children: 'none',
  },
  CompanyEmail: {
    module: '/src/site/mdx/widgets/Facts.tsx',
    label: 'Adresse email de la société',
    description: 'L’adresse email de contact, en lien cliquable.',
    settings: noSettings,
    children: 'none',
    inSentence: true,
  },
  ProcessorFacts: {
    module: '/src/site/mdx/widgets/Facts.tsx',
    label: 'Sous-traitants',
    description: 'Les prestataires qui traitent des données personnelles, selon la façon dont le site est publié.',
    settings: noSettings,
    children: 'none',
  },
  LeadRetention: {
    module: '/src/site/mdx/widgets/Facts.tsx',
    label: 'Durée de conservation des messages',
    description:
      'La durée de conservation des messages du formulaire (« 3 ans »), tirée de content/processors.json : celle que npm run leads -- --purge applique.',
    settings: noSettings,
    children: 'none',
    inSentence: true,
  },
  SpamRetention: {
    module: '/src/site/mdx/widgets/Facts.tsx',
    label: 'Durée de conservation des messages indésirables',
    description:
      'La durée de conservation des messages mis à l’écart comme indésirables (« 30 jours »), tirée de content/processors.json : celle que la purge applique.',
    settings: noSettings,
    children: 'none',
    inSentence: true,
  },
  AudienceNotice: {
    module: '/src/site/mdx/widgets/Audience.tsx',
    label: 'Mesure d’audience',
    description:
      'Ce que le site compte de ses visites, sans cookie, combien de temps il garde les totaux et le lien « Ne pas être compté », tirés de content/audience.json ; dit que rien n’est compté quand le site est construit avec AUDIENCE=off.',
    settings: noSettings,
    children: 'none',
  },
  LastUpdated: {
    module: '/src/site/components/LastUpdated/LastUpdated.tsx',
    label: 'Date de mise à jour',
    description: 'Le texte choisi suivi de la date du jour.',
    settings: v.strictObject({
      label: text('Texte avant la date', 'Par exemple « Dernière mise à jour : », espace comprise à la fin.'),
    }),
    children: 'none',
  },
  AProuver: {
    module: '/src/site/mdx/widgets/AProuver.tsx',
    label: 'À prouver',
    description:
      'Signale que la phrase ou le chiffre qui suit reste à prouver. Invisible sur le site ; la vérification avant mise en ligne échoue tant qu’il en reste un.',
    settings: v.strictObject({
      proof: text(
        'Preuve à rassembler',
        'Ce qu’il faut vérifier et où le trouver. Une fois la preuve en main (ou la phrase retirée), supprimez le bloc.',
      ),
    }),
    children: 'none',
  },
  ContactForm: {
    module: '/src/site/mdx/widgets/ContactForm.tsx',
    label: 'Formulaire de contact',
    description: 'Le formulaire de contact ; ses textes sont dans les données du formulaire.',
    settings: noSettings,
    children: 'none',
  },
  Comparaison: {
    module: '/src/site/mdx/widgets/Estimation.tsx',
    label: 'Comparaison des États',
    description:
      'Un tableau, une ligne par État : le coût total de la première année et de chaque année suivante, en dollars et en euros. Chiffres dans content/tarifs.json.',
    settings: noSettings,
    children: 'none',
  },
  Estimation: {
    module: '/src/site/mdx/widgets/Estimation.tsx',
    label: 'Estimation des coûts',
    description:
      'La liste des États et, pour l’État choisi, le coût de la première année et de chaque année suivante, en dollars et en euros ; chiffres et textes dans content/tarifs.json.',
    settings: noSettings,
    children: 'none',
  },
  TarifsEtats: {
    module: '/src/site/mdx/widgets/Estimation.tsx',
    label: 'Coûts de chaque État',
    description:
      'Le détail de chaque État, replié : chaque ligne avec sa source et sa date de vérification, ouvert d’un geste, sans JavaScript. Chiffres dans content/tarifs.json.',
    settings: noSettings,
    children: 'none',
  },
  ContactWays: {
    module: '/src/site/mdx/widgets/ContactWays.tsx',
    label: 'Autres façons de nous joindre',
    description:
      'Les liens téléphone, WhatsApp, Telegram, email et prise de rendez-vous, tirés des informations de la société et de content/contact-ways.json ; un réglage vide cache son lien.',
    settings: noSettings,
    children: 'none',
  },
  PropfirmTable: {
    module: '/src/site/mdx/widgets/Propfirms.tsx',
    label: 'Tableau des propfirms',
    description:
      'Les propfirms qui versent les payouts à une société, tirées de content/propfirms.json et triées par nom, chacune avec sa source, sa date de vérification et un lien vers le formulaire de contact.',
    settings: noSettings,
    children: 'none',
  },
} as const satisfies Record<string, WidgetSpec>;

export type WidgetName = keyof typeof widgets;

export function isWidgetName(name: string): name is WidgetName {
  return Object.hasOwn(widgets, name);
}

/** The settings a widget's schema accepts, as the component receives them (its children apart). */
export type WidgetSettings<Name extends WidgetName> = v.InferOutput<(typeof widgets)[Name]['settings']>;
