/**
 * What `npm run leads` prints, in French: the headers of its table and of its CSV export, its reports, its errors,
 * its usage. `{name}` placeholders are filled with `fillTemplate` (src/content/template.ts).
 */
import type { ContactFieldName } from '../../src/contact/contact-fields.ts';

/** A field without a header here takes its label in the form (content/contact-form.json). */
type Columns = { date: string; notified: string } & Partial<Record<ContactFieldName, string>>;

const columns: Columns = {
  date: 'Date',
  name: 'Nom',
  email: 'Email',
  phone: 'Téléphone',
  message: 'Message',
  notified: 'Notification',
};

export const leadsLines = {
  columns,
  stateSent: 'envoyée',
  statePending: 'à notifier (essai {attempt}, prochain à {time})',
  stateFailed: 'échec : {reason}',
  stateStoreOnly: 'non notifié (stockage seul)',
  summary: 'Messages : {count}, dont {pending} à notifier et {failed} en échec ({store}).',
  summaryStoreOnly:
    'Messages : {count}, dont {pending} non notifié(s) (stockage seul : aucun email ni webhook n’est réglé) et {failed} en échec ({store}).',
  retried: 'Message {id} remis « à notifier », dû maintenant : le serveur ou la fonction l’envoie à son prochain passage.',
  retryUnknown: 'Aucun message lisible ne porte la référence {id} ({store}).',
  retrySent: 'Le message {id} a déjà été envoyé : rien n’a été changé. Pour l’envoyer une seconde fois, ajoutez --force.',
  retryWaiting:
    'Le message {id} est en cours d’envoi par le serveur ou la fonction : attente de la fin de cet envoi (au plus {seconds} s)…',
  retryClaimed:
    'Le message {id} est encore réservé par un envoi en cours après {seconds} s d’attente : rien n’a été changé. Réessayez dans deux minutes (npm run leads montre s’il est parti).',
  retriedOne: '  remis « à notifier » : {id}',
  retriedAll: 'Messages en échec remis « à notifier » : {count} ; le serveur ou la fonction les envoie à son prochain passage.',
  retriedAllSince:
    'Messages en échec reçus depuis le {date} remis « à notifier » : {count} ; le serveur ou la fonction les envoie à son prochain passage.',
  paused:
    'Livraison en panne : {reason} ({delivery}, depuis le {since} ; prochain essai à {time}). Les messages attendent « à notifier » sans perdre d’essai ; le journal du serveur ou de la fonction dit quoi vérifier.',
  redirected:
    'Livraison en panne : la cible redirige les messages ({reason} ; {delivery}, depuis le {since} ; prochain essai à {time}). Corrigez CONTACT_WEBHOOK_URL avec l’adresse finale : les messages qui attendent partiront dès le nouveau réglage ; ceux déjà redirigés sont en « échec » et se renvoient avec --retry.',
  skippedAdvice:
    '{count} enregistrement(s) illisible(s) ignoré(s) : examinez-les (nommés ci-dessus) ; tous les autres messages ont été traités.',
  empty: 'Aucun message ({store}).',
  csvWritten: 'Export CSV écrit dans {file} : {count} message(s).',
  forgotten: 'Suppression des messages de {email} : {count}.',
  purged: 'Suppression des messages reçus avant le {date} : {count} (durée de conservation : {retention}, celle de la notice RGPD).',
  deleted: 'supprimé : {date}, {name} <{email}>',
  csvExists: 'Le fichier {file} existe déjà (ou est un lien) : rien n’a été écrit. --csv doit nommer un nouveau fichier.',
  unreachable: 'Impossible d’atteindre les messages ({store}) : {reason}',
  usage:
    'Usage : npm run leads -- [--email ADRESSE] [--csv FICHIER] | --forget ADRESSE | --purge | --retry [RÉFÉRENCE [--force] | --depuis AAAA-MM-JJ] | --indesirables | --pas-indesirable RÉFÉRENCE [--local | --remote | --netlify]. Sans option, liste les messages du dossier LEADS_DIR (par défaut leads/), du plus récent au plus ancien ; --email ne garde que ceux d’une personne ; --csv écrit un nouveau fichier (jamais un fichier existant) ; --retry RÉFÉRENCE renvoie la notification d’un message (après avoir corrigé la cause d’un « échec » ; un message déjà envoyé, seulement avec --force ; un envoi en cours est attendu) ; --retry seul remet « à notifier » tous les messages en échec (avec --depuis, ceux reçus ce jour-là ou après) ; --indesirables liste les messages mis à l’écart comme indésirables, avec leurs raisons (masqués sinon) ; --pas-indesirable en sort un et le notifie ; --local ou --remote lit la base D1 de Cloudflare ; --netlify lit le magasin Netlify Blobs du site (avec NETLIFY_SITE_ID et NETLIFY_AUTH_TOKEN, les réglages de l’outil en ligne de commande de Netlify).',
  /** About the leads kept apart as spam. */
  spam: {
    state: 'indésirable : {reasons}',
    reviewColumn: 'À vérifier',
    hidden: '{count} message(s) indésirable(s) masqué(s) : npm run leads -- --indesirables les affiche.',
    shownForPerson:
      'Dont {count} message(s) mis à l’écart comme indésirable(s), non notifié(s) : --email montre tous les messages de la personne (demande d’accès).',
    listed:
      'Messages indésirables : {count} ({store}). Chacun est supprimé 30 jours après sa réception ; npm run leads -- --pas-indesirable RÉFÉRENCE en sort un et le notifie.',
    none: 'Aucun message indésirable ({store}).',
    rescued:
      'Message {id} sorti des indésirables et remis « à notifier », dû maintenant : le serveur ou la fonction l’envoie à son prochain passage.',
    notSpam: 'Aucun message indésirable lisible ne porte la référence {id} ({store}).',
  },
};
