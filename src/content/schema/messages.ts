/**
 * Every French message `npm run check` and the build show editors, in one place: the wording is reviewed here,
 * the checks (tools/check/content-check/checks/, src/site/mdx/remark-*.ts) only decide when to say it. Each message names what is wrong and
 * how to fix it; the caller adds the file and line (`content/faq/cout.mdx:2 → …`, see ./errors.ts).
 */
import type * as v from 'valibot';
import { closest } from './errors.ts';
import { type LeadStoreSpec, leadStoreKinds, leadStores } from '../../contact/lead-stores.ts';

/**
 * Mistakes MDX accepts, or reports in technical English, each with its own explanation: the remark plugin
 * src/site/mdx/remark-editor-mistakes.ts and the check (tools/check/content-check/checks/mdx-syntax.ts, for MDX's own syntax errors) share them.
 */
const bracesProblem = 'les accolades { } sont réservées ; pour les afficher, écrivez \\{ et \\}';
export const unclosedFrontmatterProblem =
  "le bloc d'en-tête commencé ligne 1 n'est pas fermé : ajoutez une ligne --- après le dernier champ";
export const esmProblem =
  "ligne import ou export inconnue : les composants s'utilisent sans import. Supprimez la ligne ; s'il s'agit d'une phrase, commencez-la autrement (par exemple par une majuscule)";
const commentFix =
  'Pour signaler une phrase ou un chiffre à prouver, remplacez-le par le bloc « À prouver » : <AProuver proof="ce qu’il faut prouver" /> ; sinon, supprimez-le';
const commentProblem = `commentaire HTML <!-- … --> : ces fichiers n'acceptent pas de commentaire. ${commentFix}`;

/** Markdown, frontmatter and file-level mistakes found by the remark plugins and the MDX check. */
export const mdxMessages = {
  brokenLink: (excerpt: string) =>
    `lien Markdown mal formé : « ${excerpt} ». Les crochets [ ] et les parenthèses ( ) d'un lien vont par paires : [texte du lien](/adresse), sans espace entre ] et (.`,
  comment: `commentaire {/* … */} : l'éditeur visuel ne peut pas ouvrir un fichier qui en contient. ${commentFix}.`,
  braces: (expression: string) => `{${expression}} : ${bracesProblem} (ici : \\{${expression}\\}).`,
  bracesInTag: (expression: string, tag: string) =>
    `{${expression}} dans la balise <${tag}> : ${bracesProblem}. Une valeur s'écrit entre guillemets droits : nom="texte".`,
  invalidYaml:
    "l'en-tête (frontmatter) n'est pas du YAML valide. Chaque ligne doit avoir la forme « champ: valeur » ; mettez entre guillemets une valeur qui contient « : » ou commence par un caractère spécial.",
  unknownComponent: (name: string, guess: string | undefined, available: readonly string[]) =>
    `composant inconnu <${name}>.${guess ? ` Vouliez-vous dire <${guess}> ?` : ''} Composants disponibles : ${available.join(', ')}. Vérifiez l'orthographe (majuscules comprises) ou retirez la balise.`,
  duplicateOrder: (order: number, first: string, collection: string, free: number) =>
    `« order: ${order} » est déjà utilisé par ${first}. Deux fichiers de content/${collection}/ ne peuvent pas avoir le même numéro : choisissez un numéro libre (par exemple order: ${free}) et, si besoin, décalez les autres.`,
  missingPage: (pagePath: string) =>
    `fichier introuvable : c'est le texte de la page ${pagePath} (voir src/site/registry.ts). Remettez le fichier ou demandez à un développeur de retirer la page.`,
  renderError: (detail: string) =>
    `le contenu ne peut pas être affiché (${detail}). Vérifiez les balises de ce fichier et leurs attributs (noms et valeurs, voir content/README.md) ; si tout semble juste, demandez à un développeur.`,
} as const;

/**
 * A file of content/ with nothing under its frontmatter would be published empty. `check` is what `npm run check`
 * says (after the file's name); `editor` is what the visual editor shows under the text when it refuses to save.
 * One of each per collection of the content manifest, which checks it (src/content/content.config.ts).
 */
export const emptyBodyMessages = {
  check: {
    pages:
      "la page n'a aucun contenu sous l'en-tête : elle serait publiée vide. Écrivez son texte sous la ligne --- qui ferme l'en-tête (dans l'éditeur visuel : le grand champ de texte).",
    faq: "la réponse est vide : la question serait publiée sans réponse. Écrivez la réponse sous la ligne --- qui ferme l'en-tête (dans l'éditeur visuel : le grand champ de texte).",
    terms:
      "le texte de la section est vide : elle serait publiée sans texte. Écrivez-le sous la ligne --- qui ferme l'en-tête (dans l'éditeur visuel : le grand champ de texte).",
    legal:
      "le texte de la section est vide : elle serait publiée sans texte. Écrivez-le sous la ligne --- qui ferme l'en-tête (dans l'éditeur visuel : le grand champ de texte).",
    guides:
      "le guide n'a aucun texte sous l'en-tête : il serait publié vide. Écrivez-le sous la ligne --- qui ferme l'en-tête (dans l'éditeur visuel : le grand champ de texte).",
  },
  editor: {
    pages: 'La page est vide : écrivez son contenu avant d’enregistrer.',
    faq: 'La réponse est vide : écrivez-la avant d’enregistrer, sinon la question serait publiée sans réponse.',
    terms: 'Le texte de la section est vide : écrivez-le avant d’enregistrer.',
    legal: 'Le texte de la section est vide : écrivez-le avant d’enregistrer.',
    guides: 'Le guide est vide : écrivez son texte avant d’enregistrer.',
  },
} as const satisfies Record<'check' | 'editor', Record<string, string>>;

/** The limits of a frontmatter field, as valibot messages (src/content/schema/schema.ts). */
export const fieldMessages = {
  notText: (field: string) => `« ${field} » doit être un texte`,
  tooShort: (field: string, min: number) => `« ${field} » doit contenir au moins ${min} caractères`,
  tooLong: (field: string, max: number) => `« ${field} » doit contenir au plus ${max} caractères`,
  orderNotInteger: '« order » doit être un nombre entier (par exemple : order: 3)',
  orderTooSmall: '« order » doit être supérieur ou égal à 1',
} as const;

/** MDX's own syntax errors are technical English; these are the ones editors actually make. */
export function explainSyntaxError(reason: string): string {
  let match = /^Expected a closing tag for `<(\w*)>` \((\d+):/.exec(reason);
  if (match) {
    return `la balise <${match[1]}> ouverte ligne ${match[2]} n'est jamais fermée. Ajoutez </${match[1]}> à la fin de son contenu (ou écrivez <${match[1]} /> si elle n'a pas de contenu).`;
  }
  match = /^Unexpected closing tag `<\/(\w*)>`, expected corresponding closing tag for `<(\w*)>` \((\d+):/.exec(reason);
  if (match) {
    return `la balise fermante </${match[1]}> ne correspond pas à la balise <${match[2]}> ouverte ligne ${match[3]}. Les deux noms doivent être identiques, majuscules comprises.`;
  }
  if (/^Unexpected closing (slash|tag)/.test(reason)) {
    return `balise fermante </…> sans balise ouvrante correspondante. Supprimez-la ou ajoutez la balise ouvrante plus haut.`;
  }
  if (/expected a corresponding closing brace for `\{`|Could not parse expression/.test(reason)) {
    return `accolade { sans accolade } correspondante. Dans le texte, les accolades sont réservées : écrivez \\{ pour afficher « { », ou supprimez-la.`;
  }
  if (/to create a comment in MDX/.test(reason)) return `${commentProblem}.`;
  if (/^Could not parse import\/exports/.test(reason)) return `${esmProblem}.`;
  if (/^Unexpected character .* (before name|in name|after name|before attribute)/.test(reason)) {
    return `signe < mal placé. Pour afficher « < » dans le texte, écrivez \\<. Sinon, vérifiez l'écriture de la balise (par exemple <Section> ou </Section>).`;
  }
  return `erreur de syntaxe MDX (${reason}). Vérifiez qu'aucune balise <…> n'est restée ouverte et qu'aucune accolade { } n'est isolée.`;
}

/** Turns valibot issues on a frontmatter object into one French sentence per field. */
export function describeFrontmatterIssues(
  issues: readonly v.BaseIssue<unknown>[],
  knownFields: readonly string[],
): { field: string; problem: string }[] {
  const described = issues.map((issue) => {
    const field = issue.path?.map((item) => String(item.key)).join('.') ?? '';
    // valibot reports a key that the schema does not know with `expected: 'never'`.
    if (issue.type === 'strict_object' && issue.expected === 'never' && field) {
      const guess = closest(field, knownFields);
      return {
        field,
        problem: `champ inconnu « ${field} ».${guess ? ` Vouliez-vous dire « ${guess} » ?` : ''} Champs possibles : ${knownFields.join(', ')}. Corrigez l'orthographe ou supprimez la ligne.`,
      };
    }
    if (issue.input === undefined && field) {
      return {
        field,
        problem: `« ${field} » est obligatoire. Ajoutez une ligne « ${field}: … » en haut du fichier, entre les deux lignes ---.`,
      };
    }
    if (!field) {
      return {
        field,
        problem: `l'en-tête (frontmatter) est absent ou mal formé. Le fichier doit commencer par une ligne ---, puis les champs (${knownFields.join(', ')}), puis une ligne ---.`,
      };
    }
    // Length limits: say how long the text is now, so the editor knows how much to cut or add.
    if (issue.type === 'max_length')
      return { field, problem: `${issue.message} (actuellement ${issue.received}) : raccourcissez le texte.` };
    if (issue.type === 'min_length')
      return { field, problem: `${issue.message} (actuellement ${issue.received}) : complétez le texte.` };
    return { field, problem: `${issue.message}.` };
  });
  // A misspelt field also makes the right one "missing": the unknown name is what the editor typed, so say it first.
  return described.sort((a, b) => Number(!a.problem.startsWith('champ inconnu')) - Number(!b.problem.startsWith('champ inconnu')));
}

/**
 * Why an internal link target is not a page, or `undefined` when it is one.
 * Valid targets: a path of the route registry (src/site/registry.ts), optionally followed by `#ancre` or `?…`.
 */
export function unknownInternalLink(target: string, pagePaths: readonly string[]): string | undefined {
  const pathname = target.replace(/[?#].*$/, '');
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (pathname === '' || pagePaths.includes(normalised)) return undefined;
  const guess = closest(normalised, pagePaths);
  return `lien interne inconnu : ${target} (pages existantes : ${pagePaths.join(', ')}).${guess ? ` Vouliez-vous dire ${guess} ?` : ''} Corrigez l'adresse du lien ou choisissez une de ces pages.`;
}

/** The messages about widget settings (`<Card icon="walet">`), checked against src/site/mdx/widgets/index.ts. */
export const widgetMessages = {
  wrongChoice: (
    tag: string,
    value: string,
    guess: string | undefined,
    words: { unknown: string; choices: string },
    values: readonly string[],
  ) =>
    `${tag} : « ${value} » n'est pas ${words.unknown}.${guess ? ` Vouliez-vous dire « ${guess} » ?` : ''} ${words.choices} : ${values.join(', ')}.`,
  wrongValue: (tag: string, setting: string, title: string) =>
    `${tag} : la valeur de « ${setting} » (${title}) ne convient pas. Écrivez un texte entre guillemets : ${setting}="…".`,
  emptyValue: (tag: string, setting: string, title: string) =>
    `${tag} : « ${setting} » (${title}) est vide. Écrivez un texte entre les guillemets, ou supprimez le réglage s'il est facultatif.`,
  unknownSetting: (tag: string, widget: string, setting: string, guess: string | undefined, settings: readonly string[]) =>
    settings.length === 0
      ? `${tag} : <${widget}> n'a aucun réglage. Supprimez ${setting}="…" de la balise.`
      : `${tag} : réglage inconnu « ${setting} ».${guess ? ` Vouliez-vous dire « ${guess} » ?` : ''} Réglages possibles de <${widget}> : ${settings.join(', ')}. Corrigez l'orthographe ou supprimez ce réglage.`,
  notQuoted: (tag: string, setting: string) =>
    `${tag} : la valeur de « ${setting} » doit s'écrire entre guillemets droits, par exemple ${setting}="…".`,
  spread: (widget: string) =>
    `<${widget}> : une expression entre accolades { } ne peut pas remplacer les réglages. Écrivez chaque réglage sous la forme nom="valeur".`,
  missingSetting: (widget: string, setting: string, title: string) =>
    `<${widget}> : le réglage « ${setting} » (${title}) est obligatoire. Ajoutez ${setting}="…" dans la balise.`,
  noChildren: (widget: string) =>
    `<${widget}> ne prend pas de contenu entre ses balises : écrivez <${widget} /> seul, et mettez le texte avant ou après.`,
  onlyWidgets: (widget: string, allowed: readonly string[], found: string) =>
    `<${widget}> ne peut contenir que des ${allowed.map((name) => `<${name}>`).join(', ')} ; ${found} n'y a pas sa place. Sortez-le de <${widget}> ou mettez-le dans un ${allowed.map((name) => `<${name}>`).join(', ')}.`,
} as const;

/**
 * One valibot issue on a data file of content/ (`content/company.json`…) as a French sentence naming the file,
 * the line when known, and the field as a dotted path inside the file (`host.phone`, `nav.links.1.to`).
 */
export function describeDataIssue(relative: string, issue: v.BaseIssue<unknown>, line?: number): string {
  const where = `${relative}${line ? `:${line}` : ''}`;
  const field = issue.path?.map((item) => String(item.key)).join('.') ?? '';
  // valibot reports a key that the schema does not know with `expected: 'never'`.
  if (issue.type === 'strict_object' && issue.expected === 'never' && field) {
    return `${where} → champ inconnu « ${field} ». Gardez les noms de champs tels quels : ne modifiez que les textes entre guillemets.`;
  }
  if (issue.input === undefined && field) {
    return `${where} → « ${field} » est obligatoire. Remettez ce champ avec son texte entre guillemets.`;
  }
  if (!field) return `${where} → le fichier doit contenir un objet { … } : ${issue.message}.`;
  return `${where} → « ${field} » ${issue.message}.`;
}

/** Thrown when code imports a data file that does not match its schema (`npm run check` usually says it first). */
export function invalidDataFile(relative: string, problems: readonly string[]): string {
  return `${relative} n'est pas valide (lancez npm run check) :\n${problems.map((problem) => `  ✗ ${problem}`).join('\n')}`;
}

/** What an editor most likely did, for each syntax error JSON can have. */
// Keyed by jsonc-parser's error names: its codes are a const enum, which isolated modules cannot read.
const jsonSyntaxMistakes: Partial<Record<string, string>> = {
  CommaExpected:
    'virgule manquante à la fin de cette ligne, ou guillemet droit " en trop dans le texte (dans un texte, écrivez « … » au lieu de "…")',
  PropertyNameExpected:
    'nom de champ attendu entre guillemets droits "…" : souvent une virgule en trop après le dernier champ, avant }',
  ValueExpected:
    'valeur attendue : un texte entre guillemets droits "…" (souvent une virgule en trop avant ] ou }, ou un guillemet manquant au début du texte)',
  ColonExpected: 'deux-points : manquant entre le nom du champ et sa valeur',
  CloseBraceExpected: 'accolade } manquante à la fin d’un groupe de champs',
  CloseBracketExpected: 'crochet ] manquant à la fin d’une liste',
  EndOfFileExpected: 'texte en trop après la dernière accolade } du fichier',
  UnexpectedEndOfString: 'guillemet droit " manquant à la fin du texte',
  InvalidCommentToken: 'commentaire // ou /* */ : les fichiers .json n’en acceptent pas, supprimez-le',
  UnexpectedEndOfComment: 'commentaire // ou /* */ : les fichiers .json n’en acceptent pas, supprimez-le',
  InvalidEscapeCharacter: 'barre oblique inverse \\ seule : pour l’afficher, écrivez \\\\',
  InvalidCharacter: 'retour à la ligne ou tabulation dans un texte : un texte tient sur une ligne',
};

/** The data files of content/ (`*.json`): syntax and typography. */
export const dataMessages = {
  jsonSyntaxMistakes,
  unexpectedCharacter:
    'caractère inattendu : souvent un guillemet droit " dans un texte, qui le termine trop tôt (dans un texte, écrivez « … » au lieu de "…")',
  invalidJson: (mistake: string) =>
    `le fichier n'est pas du JSON valide : ${mistake}. Corrigez la ligne indiquée ; les noms de champs et les textes s'écrivent entre guillemets droits "…", séparés par des virgules.`,
  typography: (field: string, mistakes: readonly string[], fixed: string) =>
    `« ${field} » : ${mistakes.join(' ; ')}. Dans les fichiers .json, la typographie n'est pas corrigée automatiquement : remplacez le texte par « ${fixed} » (copiez-le depuis ce message, il contient les espaces fines insécables).`,
  /** The name of each typography mistake the data-file check looks for (tools/check/content-check/checks/typography.ts). */
  typographyMistakes: {
    ordinarySpace: 'espace ordinaire avant ? ! : ; » ou après «',
    missingSpace: 'espace manquante avant ? ! : ;',
    straightQuotes: 'guillemets droits "…" au lieu de « … »',
    threeDots: 'trois points ... au lieu du caractère …',
    spacedHyphen: 'tiret - entre deux espaces au lieu du tiret –',
    straightApostrophe: "apostrophe droite ' au lieu de ’",
    breakableMeasure: 'espace ordinaire entre un nombre et son unité (4 semaines, 6 Ko) au lieu d’une espace insécable',
  },
} as const;

/** Dated figures of the data files (tools/check/content-check/checks/freshness.ts): a warning, never an error. */
export const freshnessMessages = {
  stale: (field: string, day: string, months: number) =>
    `« ${field} » : chiffre vérifié le ${day}, il y a plus de ${months} mois. Revérifiez-le sur sa source (le champ « source » voisin), corrigez-le s’il a changé, puis mettez la date du jour (AAAA-MM-JJ).`,
  heading: (count: number) => `Dates de vérification : ${count} chiffre(s) à revérifier (un avertissement, pas une erreur) :`,
} as const;

/** The cost range the FAQ states (tools/check/content-check/checks/cost-range.ts), against content/tarifs.json. */
export const costRangeMessages = {
  outOfRange: (range: string, state: string, amount: string) =>
    `la FAQ annonce « ${range} » selon l’État pour créer la LLC, mais d’après content/tarifs.json la première année dans l’État « ${state} » (dépôt et agent enregistré, sans nos honoraires) revient à ${amount}. Corrigez la fourchette de cette réponse, ou les montants de content/tarifs.json, pour que la FAQ et la page Tarifs disent la même chose.`,
} as const;

/** Proofreading (tools/check/content-check/checks/proofreading.ts): spelling with the trade's words, grammar with Grammalecte. */
export const proofreadingMessages = {
  unknownWord: (word: string, suggestions: readonly string[]) => {
    const quoted = suggestions.map((suggestion) => `« ${suggestion} »`);
    const guess = quoted.length > 1 ? `${quoted.slice(0, -1).join(', ')} ou ${quoted.at(-1)}` : quoted[0];
    return `« ${word} » : mot inconnu.${guess ? ` Vouliez-vous dire ${guess} ?` : ''} S’il est juste (un mot du métier, un nom), ajoutez-le à content/mots-du-metier.txt.`;
  },
  wordListLine: (line: string) =>
    `« ${line} » : un seul mot par ligne, sans espace ni ponctuation autour. Écrivez chaque mot sur sa propre ligne.`,
  wordListOrder: (word: string, next: string) =>
    `« ${word} » n’est pas à sa place : la liste est dans l’ordre alphabétique. Placez-le avant « ${next} ».`,
  grammar: (message: string, suggestions: readonly string[], sentence: string, rule: string) =>
    `grammaire : ${message}${suggestions.length > 0 ? ` Proposition : ${suggestions.map((suggestion) => `« ${suggestion} »`).join(' ou ')}.` : ''} Dans la phrase « ${sentence} ». Si la phrase est juste, ajoutez à content/exceptions-grammaire.txt la ligne : ${rule} : ${sentence}`,
  silenceLine: (line: string) =>
    `« ${line} » : une exception s’écrit sur une ligne, l’identifiant de la règle (donné par npm run check), « : », puis la phrase exacte.`,
  grammarWarnings: (count: number) =>
    `Grammaire : ${count} remarque(s) de Grammalecte. Elles arrêtent la vérification en CI : corrigez la phrase, ou ajoutez-la à content/exceptions-grammaire.txt si elle est juste.`,
  grammalecteMissingInCi:
    'grammaire : Grammalecte n’est pas installé, alors qu’en CI (CI=true) la grammaire doit être vérifiée. Installez le paquet grammalecte-cli (voir .ci/run et docs/architecture.md).',
  grammalecteMissing:
    'Grammaire : Grammalecte n’est pas installé sur cette machine, la grammaire n’est pas vérifiée ici (elle l’est en CI). Pour l’installer : sudo apt-get install grammalecte-cli (voir docs/architecture.md).',
} as const;

/** A build on Cloudflare Pages or Netlify (tools/build/simulation-notice.ts): what it must be given to name the form's recipients. */
export const hostBuildMessages = {
  missing: (host: string, settings: readonly string[], guide: string) =>
    `La construction du site est arrêtée : sur ${host}, le formulaire de contact envoie ses messages au récepteur du site (/api/contact), et la notice RGPD nomme, dès la construction, où ils sont enregistrés et à qui ils sont envoyés. Ajoutez aux variables d’environnement de la construction :\n${settings.map((setting) => `  - ${setting}`).join('\n')}\nVoir ${guide}. Les secrets de l’envoi (BREVO_API_KEY, CONTACT_WEBHOOK_URL…) restent des réglages de la fonction. Pour un aperçu qui simule l’envoi, construisez avec CONTACT_SIMULATION=1.`,
  store: (store: string, current: string | undefined) =>
    `CONTACT_STORE=${store} (où le récepteur enregistre chaque message)${current ? ` ; il vaut aujourd’hui « ${current} »` : ''}`,
  delivery: (modes: readonly string[], current: string | undefined) =>
    `CONTACT_DELIVERY=${new Intl.ListFormat('fr', { type: 'disjunction' }).format(modes)} (comment le récepteur prévient de chaque message)${current ? ` ; il vaut aujourd’hui « ${current} »` : ''}`,
} as const;

/** The release check (`npm run check -- --release`, tools/check/content-check/release.ts): what must change before going live. */
/** Each CONTACT_STORE value and where it serves, from the table of stores: « files avec npm start, d1 sur Cloudflare Pages… ». */
const storeChoices = leadStoreKinds
  .map((kind) => {
    const { hostBuild }: LeadStoreSpec = leadStores[kind];
    return `${kind} ${hostBuild ? `sur ${hostBuild.host}` : 'avec npm start'}`;
  })
  .join(', ');

export const releaseMessages = {
  placeholder: (field: string, current: string, todo: string, fictionPhone: boolean) =>
    `« ${field} » ${fictionPhone ? 'est un numéro réservé à la fiction' : 'est encore une valeur fictive'} : « ${current} ». À mettre à la place : ${todo}.`,
  noEndpoint:
    'VITE_CONTACT_ENDPOINT n’est pas défini : le formulaire de contact ne ferait que simuler l’envoi, et chaque message serait perdu. Construisez le site avec VITE_CONTACT_ENDPOINT=/api/contact (le récepteur du site, la valeur par défaut sur Cloudflare Pages et Netlify) ou l’adresse d’un service de formulaires (voir docs/operations.md, « Contact form delivery »).',
  simulationAsked:
    'CONTACT_SIMULATION est défini : le formulaire de contact ne ferait que simuler l’envoi, et chaque message serait perdu. Ce réglage sert aux aperçus et aux tests : retirez-le des variables d’environnement de la construction en production.',
  deliveryMode: (mode: string | undefined, modes: readonly string[]) =>
    `CONTACT_DELIVERY ${mode ? `vaut « ${mode} »` : 'n’est pas défini'} : avec le récepteur du site, indiquez à la construction le mode d’envoi que le serveur utilisera (${new Intl.ListFormat('fr', { type: 'disjunction' }).format(modes)}), pour que les mentions légales nomment les bons destinataires.`,
  noStore: `CONTACT_STORE n’est pas défini : avec le récepteur du site, aucun message ne serait conservé, et un message serait perdu dès que l’envoi par email ou webhook échoue. Indiquez à la construction où le récepteur enregistre chaque message (${storeChoices}), pour que la notice RGPD nomme ce stockage (voir docs/operations.md, « The receiver »).`,
  storeUnknown: (value: string) => `CONTACT_STORE vaut « ${value} » : choisissez ${leadStoreKinds.join(', ')} (${storeChoices}).`,
  storeNotThisHost: (store: string, host: string, hostStore: string) =>
    `CONTACT_STORE vaut « ${store} », mais le site est construit par ${host}, dont le récepteur enregistre les messages avec CONTACT_STORE=${hostStore} : la notice RGPD nommerait un autre stockage que celui utilisé. Corrigez CONTACT_STORE.`,
  localD1Id:
    '« database_id » est encore celui des essais locaux (que des zéros). Créez la base avec npx wrangler d1 create propllc-leads --location weur, puis remplacez-le par l’identifiant affiché (voir src/hosts/cloudflare/README.md).',
  localAudienceD1Id:
    '« database_id » de la base d’audience (AUDIENCE_DB) est encore celui des essais locaux (00000000-0000-0000-0000-000000000001). Créez-la avec npx wrangler d1 create propllc-audience --location weur, puis remplacez-le par l’identifiant affiché (voir src/hosts/cloudflare/README.md).',
  feeNotSet: (field: string, label: string, shown: string) =>
    `« ${field} » est vide : le prix « ${label} » n’est pas encore fixé, et la page /tarifs affiche « ${shown} ». Indiquez le prix en euros décidé par la société (un nombre, par exemple 490) : l’estimation l’ajoute alors à ses totaux.`,
  claimToProve: (detail: string) =>
    `affirmation marquée « À prouver »${detail ? ` : ${detail}` : ''}. Gardez la preuve de ce qui est affirmé (ou retirez l'affirmation), puis supprimez le bloc « À prouver » (<AProuver … />).`,
  audienceNoticeMissing:
    'La section « Cookies » (content/legal/) n’écrit pas <AudienceNotice /> : la notice RGPD ne dirait pas ce que le site compte de ses visites, combien de temps il garde les totaux, ni comment s’y opposer. Ajoutez le bloc « Mesure d’audience » à cette section.',
  audienceNoticeContradicts: (phrase: string) =>
    `la notice dit « ${phrase} », alors que le site compte ses visites (il dépose un cookie à qui s’y oppose, et mesure son audience) : retirez cette phrase, <AudienceNotice /> dit ce qui est compté, ou construisez le site avec AUDIENCE=off.`,
  wrongDeliveryService: (name: string, website: string, endpointHost: string) =>
    `« contactDelivery » décrit ${name} (${website}), mais le formulaire envoie les messages à ${endpointHost} (VITE_CONTACT_ENDPOINT). Les mentions légales doivent nommer le service réellement utilisé : corrigez « name », « website », « country » et « safeguard », ou VITE_CONTACT_ENDPOINT.`,
} as const;

/** What a value of a data file must be (valibot messages of ./fields.ts and the data-file schemas). */
export const valueMessages = {
  notText: 'doit être un texte entre guillemets',
  empty: 'ne peut pas être vide',
  notPath: 'doit être un chemin qui commence par / (par exemple : /contact)',
  notUrl: 'doit être une adresse web complète (par exemple : https://www.exemple.fr)',
  notEmail: 'doit être une adresse email valide',
  notAmount: 'doit être un nombre positif ou nul, sans symbole ni espace (par exemple : 138.75)',
  notRate: 'doit être un nombre positif, avec un point pour les décimales (par exemple : 1.16)',
  mustHoldEmail: 'doit contenir {email} (remplacé par l’adresse de contact)',
  mustHoldPlaceholders: (placeholders: readonly string[]) =>
    `doit contenir ${placeholders.join(' et ')} (remplacé${placeholders.length > 1 ? 's' : ''} au moment de l’envoi)`,
  notDay: 'doit être une date écrite AAAA-MM-JJ (par exemple : 2026-03-01)',
  notHttps: 'doit être vide ou une adresse web complète en https:// (par exemple : https://calendly.com/propllc)',
  notInternationalNumber: 'doit être vide ou un numéro international qui commence par + (par exemple : +33 6 12 34 56 78)',
  notTelegramName:
    'doit être vide ou un nom d’utilisateur Telegram : 5 à 32 lettres sans accent, chiffres ou _, sans @ (par exemple : propllc)',
  mustHoldPropfirm: 'doit contenir {propfirm} (remplacé par le nom de la propfirm)',
  mustHoldDate: 'doit contenir {date} (remplacé par la date de la vérification)',
  duplicatePropfirm: 'nomme deux fois la même propfirm : gardez une seule ligne par propfirm',
} as const;

/** `npm run cms:normalise` (editor/normalise.ts): files of content/ not in the form the visual editor saves. */
export const normaliseMessages = {
  drift: (files: readonly string[]) =>
    `Ces fichiers ne sont pas écrits comme l’éditeur visuel les enregistre (modifiés à la main ?) :\n  ${files.join('\n  ')}\nLa prochaine sauvegarde dans l’éditeur les réécrirait en entier. Pour les remettre en forme sans changer le texte affiché, lancez : npm run cms:normalise`,
  rewritten: (files: readonly string[]) =>
    `Remis sous la forme de l’éditeur visuel :\n  ${files.join('\n  ')}\nLe texte affiché ne change pas (comparez avec npm run diff), puis enregistrez ces fichiers (commit).`,
  clean: 'content/ : chaque fichier est déjà sous la forme de l’éditeur visuel.',
  unreadable: (file: string, detail: string) =>
    `${file} : l’éditeur visuel ne peut pas lire ce fichier (${detail}). Lancez npm run check, qui dit quoi corriger.`,
} as const;

/**
 * The pages the hosted editor's sign-in function (editor/worker.ts) shows instead of Keystatic's English text or a
 * stack trace: each says what happened and what the editor or the operator does next.
 */
export const editorHostMessages = {
  back: 'Revenir à l’éditeur',
  signInFailed: {
    title: 'La connexion avec GitHub n’a pas abouti',
    text: 'GitHub n’a pas confirmé votre connexion : le lien a peut-être expiré ou a déjà servi. Revenez à l’éditeur et choisissez de nouveau « Log in with GitHub ».',
  },
  notConfigured: {
    title: 'L’éditeur n’est pas encore configuré',
    text: 'Il manque ses réglages de connexion à GitHub (KEYSTATIC_GITHUB_CLIENT_ID, KEYSTATIC_GITHUB_CLIENT_SECRET et KEYSTATIC_SECRET) dans les variables d’environnement de l’hébergeur. Prévenez la personne qui administre l’éditeur.',
  },
  notFound: {
    title: 'Cette adresse n’existe pas dans l’éditeur',
    text: 'L’adresse demandée ne correspond à aucune fonction de l’éditeur. Revenez à l’éditeur et reprenez depuis ses menus.',
  },
  weakSecret: {
    title: 'L’éditeur n’est pas configuré de façon sûre',
    text: 'KEYSTATIC_SECRET est trop court : il faut au moins 32 octets aléatoires (64 caractères hexadécimaux). Prévenez la personne qui administre l’éditeur : elle en crée un avec la commande openssl rand -hex 32, le met dans les variables d’environnement de l’hébergeur, puis redéploie l’éditeur.',
  },
  weakSecretAtStart:
    'KEYSTATIC_SECRET est trop court : il faut au moins 32 octets aléatoires (64 caractères hexadécimaux). Créez-en un avec la commande openssl rand -hex 32 et remplacez l’ancien : dans .env pour npm run cms, dans les variables d’environnement de l’hébergeur pour l’éditeur hébergé (voir docs/editor.md, « GitHub mode »).',
  unexpected: {
    title: 'Une erreur inattendue s’est produite',
    text: 'Réessayez dans un moment. Si l’erreur persiste, prévenez la personne qui administre l’éditeur.',
  },
} as const;

/** The editor's « Aperçu » (editor/preview-field.ts, editor/Preview/): the page as visitors will see it. */
export const previewMessages = {
  link: 'Aperçu',
  hint: 'Ouvre la page telle que les visiteurs la verront, sur téléphone et sur ordinateur, dans un nouvel onglet.',
  title: (page: string) => `Aperçu de ${page}`,
  followsSaves: 'Cet aperçu suit chaque enregistrement de l’éditeur, sans recharger la page.',
  followsBranch:
    'Cet aperçu montre la branche telle que l’hébergeur l’a publiée : après un enregistrement, comptez une à deux minutes, puis rechargez.',
  reload: 'Recharger',
  phone: 'Téléphone (375 px)',
  desktop: 'Ordinateur (1280 px)',
  open: 'Ouvrir la page seule',
  followsLive: 'Cet aperçu montre la branche telle qu’elle est enregistrée et suit chaque enregistrement en quelques secondes.',
  liveSignedOut: 'Connectez-vous à l’éditeur avec GitHub, puis rouvrez l’aperçu : il lit la branche avec votre connexion.',
  liveUnknownPage: (page: string) => `La page ${page} n’existe pas sur le site : aucun aperçu à montrer.`,
  liveReadFailed: (file: string, status: number) =>
    `Le fichier ${file} n’a pas pu être lu sur GitHub (réponse ${status}). Vérifiez la branche, ou reconnectez-vous.`,
  liveExpression:
    'un réglage de widget écrit comme une expression entre accolades ne peut pas s’afficher ici ; la version de la branche sur l’hébergeur le montre (« Ouvrir la page seule »).',
  liveMistake: (problem: string) => `Cette version de la page ne peut pas s’afficher : ${problem}`,
  noPreview:
    'Aucun aperçu n’est configuré pour cet éditeur : il faut l’adresse des versions de prévisualisation (PREVIEW_URL) à sa construction. Prévenez la personne qui l’administre.',
} as const;

/** The fields of a guide (src/content/schema/guide-schema.ts) and the rules between guides (`npm run check`). */
/** Images, which only guides carry: content/guides/<slug>/<fichier>, written ![texte](/guides/<slug>/<fichier>). */
export const imageMessages = {
  notInGuide:
    'une image ne peut aller que dans un guide (content/guides/) : retirez-la de cette page, ou décrivez en une phrase ce qu’elle montrait.',
  rawImg:
    'une balise <img> ne passe pas : ajoutez l’image avec le bouton « Image » de l’éditeur, ou écrivez ![ce que montre l’image](/guides/…/fichier.png).',
  referenceImage:
    'une image écrite ![texte][nom] (avec une référence) ne passe pas : écrivez son adresse entre parenthèses, ![ce que montre l’image](/guides/…/fichier.png).',
  outsideFolder: (url: string, folder: string) =>
    `l’image « ${url} » n’est pas dans le dossier de ce guide : mettez le fichier dans ${folder}/ et écrivez son adresse /${folder.replace(/^content\//, '')}/<nom du fichier>.`,
  badExtension: (url: string) =>
    `l’image « ${url} » doit être un fichier .png, .jpg, .jpeg, .webp ou .avif (une photo ou une capture d’écran ; pas de .svg ni de .gif).`,
  missingFile: (url: string, file: string) =>
    `l’image « ${url} » est introuvable : le fichier ${file} n’existe pas. Vérifiez son nom (minuscules, tirets) ou ajoutez-le.`,
  unreadable: (file: string) =>
    `l’image ${file} ne peut pas être lue : le fichier est abîmé ou n’est pas une image. Enregistrez-la de nouveau en PNG ou en JPEG.`,
  tooLarge: (file: string, megabytes: number, max: number) =>
    `l’image ${file} pèse ${megabytes} Mo, plus que ${max} Mo : réduisez-la (une capture d’écran suffit) avant de l’ajouter.`,
  noAlt: (url: string) =>
    `l’image « ${url} » n’a pas de texte alternatif : écrivez entre les crochets ce qu’elle montre, pour qui ne la voit pas (par exemple ![Le formulaire 5472, partie I remplie](…)).`,
  altIsFileName: (url: string) =>
    `le texte alternatif de l’image « ${url} » est son nom de fichier : écrivez plutôt ce qu’elle montre, en une phrase.`,
  folderWithoutGuide: (folder: string) =>
    `le dossier ${folder}/ contient les images d’un guide qui n’existe pas (pas de ${folder}.mdx) : renommez-le comme son guide, ou supprimez-le.`,
  notAnImage: (file: string) =>
    `${file} n’est pas une image .png, .jpg, .jpeg, .webp ou .avif : le dossier d’un guide ne contient que ses images. Déplacez ou supprimez ce fichier.`,
  unused: (file: string, guide: string) =>
    `l’image ${file} n’apparaît pas dans ${guide} : ajoutez-la au texte du guide, ou supprimez le fichier.`,
  /** The image dialog of the visual editor. */
  editor: {
    altLabel: 'Texte alternatif (obligatoire)',
    altMissing:
      'Une image du texte n’a pas de texte alternatif : cliquez sur l’image, puis sur le crayon (« Edit »), et écrivez ce qu’elle montre.',
    altDescription:
      'Ce que montre l’image, en une phrase, pour qui ne la voit pas (lecteur d’écran, image pas encore chargée) : par exemple « La partie I du formulaire 5472, remplie ».',
  },
  altTooLong: (url: string, max: number) =>
    `le texte alternatif de l’image « ${url} » dépasse ${max} caractères : gardez l’essentiel, et mettez le détail dans le texte du guide.`,
} as const;

export const guideMessages = {
  notText: (field: string) => `« ${field} » doit être un texte`,
  tooShort: (field: string, min: number) => `« ${field} » doit contenir au moins ${min} caractères`,
  tooLong: (field: string, max: number) => `« ${field} » doit contenir au plus ${max} caractères`,
  notDay: (field: string) => `« ${field} » doit être une date écrite AAAA-MM-JJ (par exemple 2026-12-03)`,
  notList: (field: string) => `« ${field} » doit être une liste : une ligne « - … » par élément, sous « ${field}: »`,
  notBoolean: '« brouillon » vaut true (brouillon, non publié) ou false (publié)',
  notSlug:
    'une ancienne adresse s’écrit en minuscules sans accents, les mots séparés par des tirets (par exemple formulaire-5472), sans /guides/ devant',
  notAuthorId: 'l’identifiant s’écrit en minuscules sans accents, les mots séparés par des tirets (par exemple redaction)',
  notPath: 'l’adresse d’une page du site commence par / (par exemple /about)',
  fewSources:
    '« sources » doit citer au moins deux textes officiels (adresse, titre et date de consultation de chacun) : un guide sans sources ne peut pas être publié',
  noHistory: '« historique » doit avoir au moins une ligne (par exemple « Première publication. » à la date de publication)',
  updatedBeforePublished:
    '« misAJourLe » est avant « publieLe » : un guide ne peut pas être mis à jour avant sa publication. Corrigez l’une des deux dates.',
  reviewHalf:
    '« reluPar » et « reluLe » vont ensemble : indiquez le relecteur et la date de sa relecture, ou supprimez les deux lignes (la page dit alors que le guide n’a pas été relu par un professionnel).',
  historyAfterUpdate: (day: string, updated: string) =>
    `« historique » a une ligne datée du ${day}, après « misAJourLe » (${updated}) : mettez « misAJourLe » à la date de la dernière modification.`,
  historyMissingUpdate: (updated: string) =>
    `« historique » n’a aucune ligne datée du ${updated}, la date de « misAJourLe » : ajoutez une ligne qui dit ce qui a changé ce jour-là, ou remettez la date de la dernière modification.`,
  unknownAuthor: (id: string, known: readonly string[]) =>
    `« auteur » vaut « ${id} », qui n’est pas dans content/authors.json (auteurs : ${known.join(', ')}). Corrigez l’identifiant ou ajoutez l’auteur à ce fichier.`,
  oldSlugIsLive: (slug: string, other: string) =>
    `« anciensSlugs » contient « ${slug} », qui est l’adresse d’un guide (${other}) : la redirection cacherait ce guide, ou ferait une chaîne ou une boucle de redirections. Retirez-la de la liste.`,
  oldSlugTwice: (slug: string, other: string) =>
    `« anciensSlugs » contient « ${slug} », que ${other} donne aussi : une ancienne adresse ne peut renvoyer que vers un guide. Retirez-la de l’un des deux.`,
  staleSource: (url: string, day: string, updated: string) =>
    `la source ${url} a été consultée le ${day}, plus de 12 mois avant « misAJourLe » (${updated}) : relisez-la, puis mettez à jour sa date « consulteLe ».`,
} as const;
