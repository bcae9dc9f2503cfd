/**
 * What the contact receiver tells whoever runs it, in French: the lines of the terminal (`npm start`) or of the
 * host's logs, from the receiver, its settings, the notifications, the purge and the stores of every host. Lines
 * of one host alone live in that host's folder; what a visitor reads stays in content/contact-receiver.json.
 * `{name}` placeholders are filled with `fillTemplate` (src/content/template.ts).
 */
export const receiverLines = {
  saved: 'Nouveau message enregistré dans {file}',
  forwarded: 'Nouveau message transmis ({delivery})',
  failed: 'Message NON transmis ({delivery}) : {reason}. Le visiteur a reçu l’adresse email de contact.',
  notifyFailed:
    'Notification NON envoyée ({delivery}) pour le message {id}, essai {attempt} sur {attempts} : {reason}. Le message reste enregistré, « à notifier » : prochain essai à {time} (voir npm run leads).',
  notifySent: 'Notification envoyée ({delivery}) pour le message {id}, essai {attempt}.',
  notifyGaveUp:
    'Notification abandonnée ({delivery}) pour le message {id} après {attempt} essai(s) : {reason}. Le message reste enregistré, en « échec » : corrigez la cause, puis renvoyez-le avec npm run leads -- --retry {id}.',
  deliveryPaused:
    'Livraison EN PANNE ({delivery}) : {reason}. La livraison elle-même est refusée, pas un message : l’envoi est suspendu, aucun message n’est abandonné ni ne perd d’essai, tous restent « à notifier ». Nouvel essai à {time}, puis de plus en plus espacés, jusqu’à ce qu’un envoi réussisse. À vérifier : {check}',
  pauseCheckEmail:
    'la clé BREVO_API_KEY (révoquée ou mal copiée ?), l’expéditeur CONTACT_FROM (vérifié dans Brevo ?) et le compte Brevo (activé, non suspendu, crédits restants).',
  pauseCheckRedirect:
    'l’adresse CONTACT_WEBHOOK_URL : la cible répond par une redirection vers une autre adresse (une barre oblique finale, http au lieu de https, une adresse qui a changé) ; mettez l’adresse finale. Les messages en attente partiront dès le nouveau réglage.',
  pauseCheckWebhook:
    'l’adresse CONTACT_WEBHOOK_URL (webhook supprimé ou changé ?) et le workflow qui la reçoit (activé dans n8n ou Make ?).',
  deliveryResumed:
    'Livraison rétablie ({delivery}) : en panne depuis le {since}, elle répond de nouveau ; les messages en attente partent.',
  notifyUnreadable:
    'Message illisible, mis de côté sans notification : {where} ({reason}). Examinez-le ; les autres messages continuent d’être notifiés.',
  storeError:
    'Erreur du stockage des messages ({where}) pendant une notification (message {id}) : {reason}. Les autres messages continuent d’être notifiés.',
  unreadableName: 'ce nom n’est pas celui d’un message enregistré',
  unreadableContent: 'contenu illisible : {reason}',
  unreadableGone: 'disparu pendant la lecture',
  deliveryLocal: 'Formulaire de contact : chaque message est enregistré dans {dir}',
  deliveryEmail: 'Formulaire de contact : chaque message est envoyé par email (Brevo) à {to}',
  deliveryWebhook: 'Formulaire de contact : chaque message est transmis au webhook de {host}',
  deliveryNone:
    'Formulaire de contact : aucun mode d’envoi n’est configuré, les messages sont refusés (le visiteur reçoit l’adresse email de contact).',
  storeFirst:
    'Formulaire de contact : chaque message est d’abord enregistré ({where}), puis notifié ; une notification qui échoue est renvoyée plus tard.',
  purgeDone:
    'Purge automatique, suppression des messages reçus avant le {date} : {count} (durée de conservation : {retention}, celle de la notice RGPD).',
  purgeFailed: 'Purge automatique NON faite : {reason}. Nouvel essai dans une heure.',
  skippedRecord: 'ignoré, illisible : {where} ({reason})',
  digestSent: 'Résumé des messages mis à l’écart envoyé ({delivery}) : {count} message(s).',
  digestFailed:
    'Résumé des messages mis à l’écart NON envoyé ({delivery}) : {reason}. Ces messages restent à signaler : nouvel essai dans quelques minutes.',
  acknowledgementOn:
    'Accusé de réception (CONTACT_ACK) : chaque visiteur dont le message est transmis sans marque reçoit un email texte (sa référence, la suite, nos coordonnées), au plus un par adresse et par jour.',
  acknowledgementSent: 'Accusé de réception envoyé au visiteur du message {id}.',
  acknowledgementSkipped: 'Accusé de réception non envoyé pour le message {id} : {why}.',
  acknowledgementWhy: {
    already: 'cette boîte en a déjà reçu un aujourd’hui',
    dayCap: 'le plafond du jour (CONTACT_ACK_DAILY_LIMIT) est atteint',
    clientCap: 'cette connexion en a déjà demandé plusieurs aujourd’hui',
    domainCap: 'ce domaine d’adresse en a déjà reçu beaucoup aujourd’hui',
    stopped: 'le fournisseur les refuse jusqu’à demain (crédits épuisés ?)',
  },
  passBudget:
    'Passe de notification arrêtée avant la fin de son lot ({count} message(s) restant(s)) : le nombre d’appels permis par requête est atteint ; la suite part aux requêtes suivantes.',
  purgeContinues: 'Purge automatique interrompue faute de temps : elle reprend au prochain passage, là où elle s’est arrêtée.',
  acknowledgementFailed:
    'Accusé de réception NON envoyé pour le message {id} : {reason}. Le message lui-même est bien transmis et enregistré ; ce visiteur n’aura pas d’accusé pour celui-ci.',
};
