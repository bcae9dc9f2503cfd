/**
 * Shape of `content/contact-receiver.json`: what the contact receiver (`POST /api/contact`) says to people:
 * its answers to visitors (JSON for the form's script, small HTML pages for a form posted without
 * JavaScript) and the emails and webhook texts PropLLC receives. The lines it prints for whoever runs the server
 * are code (src/api/contact/lines.ts and beside each host's and command's code), not content.
 * Loaded and validated at import (src/content/data/contact-receiver.ts), and by `npm run check` with French
 * messages. Titles and descriptions are what an editing tool shows beside each field, so they are French.
 */
import * as v from 'valibot';
import { text } from './fields.ts';
import { valueMessages } from './messages.ts';

/** A text that must keep its `{name}`-style placeholders, replaced when the answer is written. */
const withPlaceholder = (...names: string[]) => {
  const placeholders = names.map((name) => `{${name}}`);
  return v.pipe(
    text,
    v.check(
      (value) => placeholders.every((placeholder) => value.includes(placeholder)),
      valueMessages.mustHoldPlaceholders(placeholders),
    ),
  );
};

/** A refusal: the title of the small page (or JSON answer) and its text. */
const page = v.strictObject({ title: v.pipe(text, v.title('Titre de la page')), text: v.pipe(text, v.title('Texte')) });
const pageWithEmail = v.strictObject({
  title: v.pipe(text, v.title('Titre de la page')),
  text: v.pipe(
    withPlaceholder('email'),
    v.title('Texte'),
    v.description('{email} devient l’adresse de contact de content/company.json.'),
  ),
});
/** Help shown on every text that keeps words in braces. */
const keepBraces = 'Gardez les mots entre accolades ({email}, {name}…), remplacés au moment de l’envoi.';

export const contactReceiverSchema = v.strictObject({
  sent: v.pipe(
    text,
    v.title('Message bien parti'),
    v.description('Réponse au formulaire quand le message est bien parti (le formulaire affiche ensuite sa propre notification).'),
  ),
  answers: v.pipe(
    v.strictObject({
      methodNotAllowed: page,
      unsupportedType: page,
      tooLarge: page,
      forbiddenOrigin: page,
      malformed: page,
      tooManyRequests: pageWithEmail,
      invalid: page,
      failed: pageWithEmail,
      unavailable: pageWithEmail,
    }),
    v.title('Refus'),
    v.description(
      'Une réponse par refus, dans l’ordre où le récepteur les vérifie, avec un titre (celui de la page affichée sans JavaScript) et un texte.',
    ),
  ),
  fieldError: v.pipe(
    withPlaceholder('label', 'message'),
    v.title('Ligne par champ à corriger'),
    v.description('{label} est le nom du champ, {message} l’erreur.'),
  ),
  back: v.pipe(
    text,
    v.title('Rappel du bouton Retour'),
    v.description(
      'Sous la liste des champs à corriger et sur la page d’échec, le bouton Retour du navigateur garde ce qui a été saisi.',
    ),
  ),
  links: v.strictObject({
    form: v.pipe(text, v.title('Lien vers le formulaire')),
    home: v.pipe(text, v.title('Lien vers l’accueil')),
  }),
  digest: v.pipe(
    v.strictObject({
      subject: v.pipe(text, v.title('Sujet de l’email')),
      intro: v.pipe(withPlaceholder('count'), v.title('Introduction')),
      reference: v.pipe(text, v.title('Libellé de la référence')),
      received: v.pipe(text, v.title('Libellé de la date de réception')),
      reasons: v.pipe(text, v.title('Libellé des raisons')),
      excerpt: v.pipe(text, v.title('Libellé du début du message')),
      command: v.pipe(text, v.title('Libellé de la commande')),
      commandLine: v.pipe(withPlaceholder('id'), v.title('Commande qui sort un message des indésirables')),
      counted: v.pipe(withPlaceholder('count', 'kinds'), v.title('Les robots évidents, comptés sans détail')),
      more: v.pipe(withPlaceholder('count'), v.title('Avant les messages résumés d’une ligne')),
      briefLine: v.pipe(withPlaceholder('id', 'email', 'reasons'), v.title('Ligne d’un message résumé')),
      refused: v.pipe(withPlaceholder('count'), v.title('Les envois au-delà du plafond du jour')),
      failedIntro: v.pipe(withPlaceholder('count'), v.title('Avant les messages en échec')),
      failedReason: v.pipe(text, v.title('Libellé de la dernière réponse d’un message en échec')),
      retryLine: v.pipe(withPlaceholder('id'), v.title('Commande qui renvoie un message en échec')),
      webhookFailedItem: v.pipe(
        withPlaceholder('name', 'email', 'reasons', 'command'),
        v.title('Ligne par message en échec (webhook)'),
      ),
      incident: v.pipe(withPlaceholder('since', 'reason'), v.title('Quand la livraison est en panne')),
      withheld: v.pipe(text, v.title('À la place d’un texte du visiteur, quand la cible refuse le résumé complet')),
      outro: v.pipe(withPlaceholder('days'), v.title('Dernière ligne')),
      webhookText: v.pipe(withPlaceholder('count'), v.title('Résumé envoyé au webhook')),
      webhookItem: v.pipe(withPlaceholder('name', 'email', 'reasons', 'excerpt', 'command'), v.title('Ligne par message (webhook)')),
    }),
    v.title('Résumé quotidien des messages mis à l’écart'),
    v.description(
      `Une fois par jour, à partir de 8 h (heure de Paris), l’email ou le webhook qui signale les messages mis à l’écart comme indésirables, ceux abandonnés en « échec » et une panne de la livraison. ${keepBraces}`,
    ),
  ),
  email: v.pipe(
    v.strictObject({
      subject: v.pipe(withPlaceholder('name'), v.title('Sujet')),
      intro: v.pipe(text, v.title('Introduction')),
      reference: v.pipe(withPlaceholder('id'), v.title('Référence du message (dernière ligne)')),
    }),
    v.title('Email reçu par PropLLC'),
    v.description('Envoi par email. Répondre à cet email répond au visiteur.'),
  ),
  acknowledgement: v.pipe(
    v.strictObject({
      subject: v.pipe(text, v.title('Sujet')),
      greeting: v.pipe(withPlaceholder('firstName'), v.title('Salutation avec le prénom')),
      greetingWithoutName: v.pipe(text, v.title('Salutation sans prénom')),
      received: v.pipe(text, v.title('Message bien reçu')),
      reference: v.pipe(withPlaceholder('id'), v.title('Référence du message')),
      next: v.pipe(text, v.title('Et ensuite, et quand')),
      otherWays: v.pipe(text, v.title('Avant les autres moyens de nous joindre')),
      way: v.pipe(withPlaceholder('label', 'value'), v.title('Ligne de chaque autre moyen de nous joindre')),
      signature: v.pipe(text, v.title('Signature')),
      footer: v.pipe(text, v.title('Dernière ligne')),
    }),
    v.title('Accusé de réception envoyé au visiteur'),
    v.description(
      `Avec CONTACT_ACK=1 et l’envoi par email : un email texte au visiteur dont le message est bien parti, au plus un par adresse et par jour. Il ne reprend jamais son message ni ses coordonnées, seulement son prénom quand il n’est fait que de lettres ; {firstName} devient ce prénom, {id} la référence du message, et {label} : {value} chacun des moyens de nous joindre que montre /contact (téléphone et email de content/company.json, WhatsApp, Telegram et prise de rendez-vous de content/contact-ways.json ; un réglage vide n’est pas écrit). ${keepBraces}`,
    ),
  ),
  webhookText: v.pipe(
    withPlaceholder('name', 'email'),
    v.title('Résumé envoyé au webhook'),
    v.description('Ligne affichée telle quelle par Slack ou un service semblable.'),
  ),
});

export type ContactReceiverCopy = v.InferOutput<typeof contactReceiverSchema>;
