/**
 * What the spam code says, in French: the name of each signal (./weights.ts) as `npm run leads`, the email and the
 * logs show it, the mark of a doubtful lead, and the receiver's lines about a lead kept apart.
 * `{name}` placeholders are filled with `fillTemplate` (src/content/template.ts).
 */
import type { SpamSignal } from './weights.ts';

export const spamLines = {
  reasons: {
    honeypot: 'champ piège rempli',
    markup: 'balises HTML ou BBCode',
    links: 'trois liens ou plus vers d’autres sites que ceux des propfirms',
    linkInContact: 'adresse web dans le nom ou le téléphone',
    resent: 'même texte envoyé trois fois ou plus par la même adresse en 24 h',
    repeated: 'même long texte envoyé depuis trois adresses ou plus en 24 h',
    pattern: 'expression typique des indésirables',
    disposable: 'adresse email jetable',
    script: 'écrit surtout dans un autre alphabet que le latin',
    word: 'mot courant des listes d’indésirables',
    twoLinks: 'plusieurs liens',
    addressInName: 'adresse email ou nom de domaine dans le nom',
    tagLike: 'signes < ou > comme dans une balise',
    offTopic: 'message sans rapport avec la création d’une LLC ou les propfirms',
    invisible: 'caractères invisibles (espace de largeur nulle, trait d’union conditionnel…)',
    repeatedShort: 'phrase courte déjà reçue de trois adresses ou plus en 24 h',
    tooFast: 'formulaire rempli très vite',
  } satisfies Record<SpamSignal, string>,
  reviewMark: '[À vérifier]',
  reviewLine: 'À vérifier : {reasons}. Le filtre des indésirables a un doute sur ce message ; il vous est transmis quand même.',
  quarantined:
    'Message {id} enregistré et mis à l’écart comme indésirable ({reasons}) : il n’est pas notifié. Voir npm run leads -- --indesirables.',
  dropped: 'Message indésirable non transmis ({reasons}) : sans stockage des messages, il ne peut pas être mis à l’écart.',
  reviewed: 'Message {id} marqué « à vérifier » ({reasons}) : il est notifié avec cette mention.',
  reviewForwarded: 'Message marqué « à vérifier » ({reasons}) : il est transmis avec cette mention.',
  invalidPattern: 'Liste des motifs d’indésirables : le motif {pattern} n’est pas une expression régulière valide.',
  purgeDone: 'Purge automatique des messages indésirables reçus il y a plus de {days} jours : {count}.',
  purgeUnreported:
    'Dont {count} jamais signalé(s) par un résumé : la livraison n’a pas fonctionné de toute leur durée de conservation (voir npm run leads).',
  refused:
    'Message indésirable NON enregistré ({reasons}) : le plafond du jour pour ce type de message est atteint ; il est compté, et le prochain résumé le dira.',
};
