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
  storeMissing: 'CONTACT_STORE={store} : {binding} n’est pas lié à cette fonction ou n’est pas accessible (voir {guide}).',
  storeUnknown: 'CONTACT_STORE doit valoir files (npm start), d1 (Cloudflare) ou blobs (Netlify).',
  settingsInvalid: 'Formulaire de contact, réglage à corriger : {problem}',
  settingMissing: 'le réglage {name} manque (envoi par {mode}).',
  settingInvalid: 'le réglage {name} est invalide (voir docs/operations.md, « The receiver »).',
  deliveryConflict:
    'BREVO_API_KEY et CONTACT_WEBHOOK_URL sont tous deux définis : choisissez le mode avec CONTACT_DELIVERY=email ou CONTACT_DELIVERY=webhook.',
  deliveryUnknown: 'CONTACT_DELIVERY doit valoir local, email ou webhook.',
  localUnavailable:
    'l’enregistrement en fichiers (CONTACT_DELIVERY=local) n’existe pas sur cet hébergeur : choisissez email ou webhook.',
  webhookInsecure:
    'CONTACT_WEBHOOK_URL doit commencer par https:// pour que les messages ne circulent jamais en clair ; seule une adresse de cette machine même peut commencer par http://.',
  webhookSecretInvalid:
    'CONTACT_WEBHOOK_SECRET ne peut pas servir de clé de signature : écrivez whsec_ suivi de la clé en base64 (au moins 24 octets), ou un texte d’au moins 24 caractères (voir docs/operations.md). Les messages ne partent jamais sans signature.',
  purgeDone:
    'Purge automatique, suppression des messages reçus avant le {date} : {count} (durée de conservation : {retention}, celle de la notice RGPD).',
  purgeFailed: 'Purge automatique NON faite : {reason}. Nouvel essai dans une heure.',
  indexRemoved: 'Index des messages à notifier réparé : entrée {key} supprimée ({why}).',
  indexRestored:
    'Index des messages à notifier réparé : le message {id} n’avait plus aucun état, il est remis « à notifier » ({key}).',
  skippedRecord: 'ignoré, illisible : {where} ({reason})',
  digestSent: 'Résumé des messages mis à l’écart envoyé ({delivery}) : {count} message(s).',
  digestFailed:
    'Résumé des messages mis à l’écart NON envoyé ({delivery}) : {reason}. Ces messages restent à signaler : nouvel essai dans quelques minutes.',
  acknowledgementOn:
    'Accusé de réception (CONTACT_ACK) : chaque visiteur dont le message est transmis sans marque reçoit un email texte (sa référence, la suite, nos coordonnées), au plus un par adresse et par jour.',
  acknowledgementNeedsEmail:
    'CONTACT_ACK est activé, mais l’envoi des messages ne se fait pas par email (Brevo) : AUCUN accusé de réception n’est envoyé aux visiteurs. Choisissez CONTACT_DELIVERY=email (BREVO_API_KEY, CONTACT_TO, CONTACT_FROM), ou retirez CONTACT_ACK.',
  acknowledgementNeedsStore:
    'CONTACT_ACK est activé, mais aucun stockage des messages (CONTACT_STORE) ne retient les adresses déjà remerciées du jour : AUCUN accusé de réception n’est envoyé aux visiteurs. Configurez le stockage de cet hébergeur, ou retirez CONTACT_ACK.',
  acknowledgementInvalid:
    'CONTACT_ACK doit valoir 1 (accusé de réception envoyé) ou 0 : AUCUN accusé de réception n’est envoyé tant qu’il vaut autre chose.',
  acknowledgementSent: 'Accusé de réception envoyé au visiteur du message {id}.',
  acknowledgementAlready: 'Accusé de réception non envoyé pour le message {id} : cette adresse en a déjà reçu un aujourd’hui.',
  acknowledgementFailed:
    'Accusé de réception NON envoyé pour le message {id} : {reason}. Le message lui-même est bien transmis et enregistré ; ce visiteur n’aura pas d’accusé pour celui-ci.',
  indexWhy: {
    sent: 'message déjà envoyé',
    failed: 'message en échec',
    spam: 'message mis à l’écart comme indésirable',
    gone: 'message supprimé ou jamais enregistré',
    superseded: 'remplacée par une entrée de ce message avec plus d’essais',
  },
};
