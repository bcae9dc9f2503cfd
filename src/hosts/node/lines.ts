/**
 * What the Node server alone tells whoever runs it (`npm start`), in French: its folders, its requests, its stop,
 * its Node version, its audience folder. `{name}` placeholders are filled with `fillTemplate` (src/content/template.ts).
 */
export const nodeLines = {
  leadsDirPublished:
    'LEADS_DIR ({dir}) est dans {published}, un dossier publié : les messages y seraient lisibles par tout le monde. Choisissez un dossier hors des dossiers publiés, par exemple leads/ (la valeur par défaut).',
  leadsDirUnusable:
    'LEADS_DIR ({dir}) ne peut pas servir de dossier des messages : {reason}. Choisissez un dossier que le serveur peut créer et écrire.',
  leadsMigrated:
    '{count} message(s) de {dir} repris dans le nouveau format (leur état gardé) ; leurs anciens fichiers sont dans {dir}/ancien-format/.',
  requestFailed: 'Requête {method} {path} non traitée ({status}) : {reason}',
  stopping: 'Arrêt demandé : plus aucune nouvelle connexion, fin des requêtes en cours (au plus {seconds} s)…',
  stopped: 'Serveur arrêté.',
  nodeEndOfLife:
    'Attention : Node {version} n’est plus maintenu depuis le {date} (plus aucun correctif de sécurité). En production, utilisez une version LTS maintenue (24 ou 26).',
  audienceFolderUnusable:
    'Audience : le dossier {dir} ne peut pas recevoir les comptes ({reason}), rien n’est compté. Les messages du formulaire n’en dépendent pas.',
  audienceWriteFailed:
    'Audience : les comptes du jour n’ont pas pu être écrits ({reason}) ; ils restent en mémoire jusqu’au prochain essai.',
};
