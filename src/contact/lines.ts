/**
 * What the settings reader (./settings.ts) tells the operator, in French, at the start of the server, function or
 * isolate (and the build): one line per setting to correct, naming it and what it may say. `{name}` placeholders
 * are filled with `fillTemplate` (src/content/template.ts).
 */
export const settingsLines = {
  invalid: 'Formulaire de contact, réglage à corriger : {problem}',
  missing: 'le réglage {name} manque (envoi par {mode}).',
  notAnAddress: '{name} doit être une adresse email (ou plusieurs, séparées par des virgules pour CONTACT_TO).',
  number:
    '{name} doit être un nombre entier positif (il vaut « {value} ») : la valeur par défaut, {fallback}, s’applique tant qu’il n’est pas corrigé.',
  onOff:
    '{name} doit valoir 1 (oui, on, true) ou 0 (non, off, false) ; il vaut « {value} » : {fallback} tant qu’il n’est pas corrigé.',
  blank: '{name} est défini mais vide : supprimez-le, ou donnez-lui sa valeur (voir docs/operations.md).',
  deliveryConflict:
    'BREVO_API_KEY et CONTACT_WEBHOOK_URL sont tous deux définis : choisissez le mode avec CONTACT_DELIVERY=email ou CONTACT_DELIVERY=webhook.',
  deliveryUnknown: 'CONTACT_DELIVERY doit valoir local, email ou webhook.',
  localUnavailable:
    'l’enregistrement seul (CONTACT_DELIVERY=local) demande un stockage des messages (CONTACT_STORE) sur cet hébergeur : configurez-le, ou choisissez email ou webhook.',
  webhookUrl: 'CONTACT_WEBHOOK_URL n’est pas une adresse web valide.',
  webhookInsecure:
    'CONTACT_WEBHOOK_URL doit commencer par https:// pour que les messages ne circulent jamais en clair ; seule une adresse de cette machine même peut commencer par http://.',
  webhookSecret:
    'CONTACT_WEBHOOK_SECRET ne peut pas servir de clé de signature : écrivez whsec_ suivi de la clé en base64 (au moins 24 octets), comme la donnent les bibliothèques Standard Webhooks (voir docs/operations.md). Les messages ne partent jamais sans la signature demandée.',
  bindingMissing: 'CONTACT_STORE={store} : {binding} n’est pas lié à cette fonction ou n’est pas accessible (voir {guide}).',
  storeUnknown: 'CONTACT_STORE doit valoir files (npm start), d1 (Cloudflare) ou blobs (Netlify).',
  storeElsewhere: 'CONTACT_STORE={store} désigne le stockage d’un autre hébergeur : ici, seul {host} existe.',
  heldNotifications:
    'Les messages restent enregistrés ({where}) et répondus « envoyé » aux visiteurs, mais AUCUNE notification ne part tant que ce réglage n’est pas corrigé ; ils partiront tous ensuite (voir npm run leads).',
  proxy:
    '{name} est invalide : CONTACT_TRUST_PROXY prend 1 (un proxy sur cette machine) ou des adresses et plages séparées par des virgules, CONTACT_PROXY_HOPS un nombre entier d’au moins 1 (voir src/hosts/node/README.md).',
  fallbackOn: 'activé',
  fallbackOff: 'désactivé',
  ackNeedsEmail:
    'CONTACT_ACK est activé, mais l’envoi des messages ne se fait pas par email (Brevo) : AUCUN accusé de réception n’est envoyé aux visiteurs. Choisissez CONTACT_DELIVERY=email (BREVO_API_KEY, CONTACT_TO, CONTACT_FROM), ou retirez CONTACT_ACK.',
  ackNeedsStore:
    'CONTACT_ACK est activé, mais aucun stockage des messages (CONTACT_STORE) ne retient les adresses déjà remerciées du jour : AUCUN accusé de réception n’est envoyé aux visiteurs. Configurez le stockage de cet hébergeur, ou retirez CONTACT_ACK.',
} as const;
