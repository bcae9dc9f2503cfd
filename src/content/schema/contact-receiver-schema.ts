/**
 * Shape of `content/contact-receiver.json`: every word the contact receiver (`POST /api/contact`) says:
 * its answers to visitors (JSON for the form's script, small HTML pages for a form posted without
 * JavaScript), the email PropLLC receives, and the lines it prints for whoever runs the server.
 * Loaded and validated at import (src/content/data/contact-receiver.ts), and by `npm run check` with French
 * messages. Titles and descriptions are what an editing tool shows beside each field, so they are French.
 */
import * as v from 'valibot';
import { mapFields } from '../../contact/map-fields.ts';
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
/**
 * The inbox's header of each field of the form (src/contact/contact-fields.ts); without one, the inbox uses the
 * field's label in the form, so a new field needs no wording here.
 */
const fieldColumns = mapFields(() =>
  v.optional(v.pipe(text, v.description('En-tête court ; sans texte, celui du formulaire (content/contact-form.json) est repris.'))),
);

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
      more: v.pipe(text, v.title('Quand d’autres messages attendent le résumé suivant')),
      outro: v.pipe(withPlaceholder('days'), v.title('Dernière ligne')),
      webhookText: v.pipe(withPlaceholder('count'), v.title('Résumé envoyé au webhook')),
      webhookItem: v.pipe(withPlaceholder('name', 'email', 'reasons', 'excerpt', 'command'), v.title('Ligne par message (webhook)')),
      sent: withPlaceholder('delivery', 'count'),
      failed: withPlaceholder('delivery', 'reason'),
    }),
    v.title('Résumé quotidien des messages mis à l’écart'),
    v.description(
      `Une fois par jour, à partir de 8 h (heure de Paris), l’email ou le webhook qui signale les messages mis à l’écart comme indésirables, et ce que le serveur en dit dans son journal. ${keepBraces}`,
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
  webhookText: v.pipe(
    withPlaceholder('name', 'email'),
    v.title('Résumé envoyé au webhook'),
    v.description('Ligne affichée telle quelle par Slack ou un service semblable.'),
  ),
  console: v.pipe(
    v.strictObject({
      saved: withPlaceholder('file'),
      forwarded: withPlaceholder('delivery'),
      failed: withPlaceholder('delivery', 'reason'),
      notifyFailed: withPlaceholder('delivery', 'id', 'attempt', 'attempts', 'reason', 'time'),
      notifySent: withPlaceholder('delivery', 'id', 'attempt'),
      notifyGaveUp: withPlaceholder('delivery', 'id', 'attempt', 'reason'),
      deliveryPaused: withPlaceholder('delivery', 'reason', 'time', 'check'),
      pauseCheckEmail: text,
      pauseCheckWebhook: text,
      deliveryResumed: withPlaceholder('delivery', 'since'),
      notifyUnreadable: withPlaceholder('where', 'reason'),
      storeError: withPlaceholder('where', 'id', 'reason'),
      unreadableName: text,
      unreadableContent: withPlaceholder('reason'),
      unreadableGone: text,
      deliveryLocal: withPlaceholder('dir'),
      deliveryEmail: withPlaceholder('to'),
      deliveryWebhook: withPlaceholder('host'),
      deliveryNone: text,
      storeFirst: withPlaceholder('where'),
      storeD1: withPlaceholder('binding'),
      storeBlobs: withPlaceholder('name'),
      storeMissing: withPlaceholder('store', 'binding'),
      storeUnknown: text,
      settingsInvalid: withPlaceholder('problem'),
      settingMissing: withPlaceholder('name', 'mode'),
      settingInvalid: withPlaceholder('name'),
      deliveryConflict: text,
      deliveryUnknown: text,
      localUnavailable: text,
      webhookInsecure: text,
      webhookSecretInvalid: text,
      leadsDirPublished: withPlaceholder('dir', 'published'),
      leadsDirUnusable: withPlaceholder('dir', 'reason'),
      rateLimitBindingMissing: text,
      requestFailed: withPlaceholder('method', 'path', 'status', 'reason'),
      stopping: withPlaceholder('seconds'),
      stopped: text,
      simulationBuild: text,
      nodeEndOfLife: withPlaceholder('version', 'date'),
      purgeDone: withPlaceholder('count', 'date', 'retention'),
      purgeFailed: withPlaceholder('reason'),
      indexRemoved: withPlaceholder('key', 'why'),
      indexRestored: withPlaceholder('id', 'key'),
      indexWhy: v.pipe(
        v.strictObject({ sent: text, failed: text, spam: text, gone: text, superseded: text }),
        v.description('Pourquoi une entrée de l’index des messages à notifier (Netlify Blobs) a été supprimée : {why}.'),
      ),
    }),
    v.title('Lignes pour l’exploitant'),
    v.description(`Affichées dans le terminal (npm start) ou dans les journaux de l’hébergeur. ${keepBraces}`),
  ),
  inbox: v.pipe(
    v.strictObject({
      columns: v.strictObject({ date: text, ...fieldColumns, notified: text }),
      stateSent: text,
      statePending: withPlaceholder('attempt', 'time'),
      stateFailed: withPlaceholder('reason'),
      stateStoreOnly: text,
      summary: withPlaceholder('count', 'pending', 'failed', 'store'),
      summaryStoreOnly: withPlaceholder('count', 'pending', 'failed', 'store'),
      retried: withPlaceholder('id'),
      retryUnknown: withPlaceholder('id', 'store'),
      retrySent: withPlaceholder('id'),
      retryWaiting: withPlaceholder('id', 'seconds'),
      retryClaimed: withPlaceholder('id', 'seconds'),
      retriedOne: withPlaceholder('id'),
      retriedAll: withPlaceholder('count'),
      retriedAllSince: withPlaceholder('count', 'date'),
      paused: withPlaceholder('reason', 'delivery', 'since', 'time'),
      skippedRecord: withPlaceholder('where', 'reason'),
      skippedAdvice: withPlaceholder('count'),
      empty: withPlaceholder('store'),
      csvWritten: withPlaceholder('file', 'count'),
      forgotten: withPlaceholder('email', 'count'),
      purged: withPlaceholder('date', 'count', 'retention'),
      deleted: withPlaceholder('date', 'name', 'email'),
      local: withPlaceholder('dir'),
      d1: withPlaceholder('name', 'where'),
      d1Local: text,
      d1Remote: text,
      netlify: withPlaceholder('name', 'site'),
      netlifySettingMissing: withPlaceholder('name'),
      csvExists: withPlaceholder('file'),
      unreachable: withPlaceholder('store', 'reason'),
      usage: text,
    }),
    v.title('Boîte de réception (npm run leads)'),
    v.description(
      `Ce que la commande npm run leads affiche à l’exploitant : en-têtes du tableau et de l’export CSV, bilans, erreurs. ${keepBraces}`,
    ),
  ),
  spam: v.pipe(
    v.strictObject({
      reasons: v.pipe(
        v.strictObject({
          honeypot: text,
          markup: text,
          links: text,
          linkInContact: text,
          repeated: text,
          pattern: text,
          disposable: text,
          script: text,
          word: text,
          twoLinks: text,
          repeatedShort: text,
          tooFast: text,
        }),
        v.title('Raisons'),
        v.description(
          'Le nom de chaque signal (src/api/contact/spam/weights.ts), tel que npm run leads, l’email et le journal l’affichent.',
        ),
      ),
      quarantined: withPlaceholder('id', 'reasons'),
      dropped: withPlaceholder('reasons'),
      reviewed: withPlaceholder('id', 'reasons'),
      reviewForwarded: withPlaceholder('reasons'),
      reviewMark: text,
      reviewLine: withPlaceholder('reasons'),
      invalidPattern: withPlaceholder('pattern'),
      stateSpam: withPlaceholder('reasons'),
      reviewColumn: text,
      hidden: withPlaceholder('count'),
      shownForPerson: withPlaceholder('count'),
      listed: withPlaceholder('count', 'store'),
      none: withPlaceholder('store'),
      rescued: withPlaceholder('id'),
      notSpam: withPlaceholder('id', 'store'),
      purgeDone: withPlaceholder('count', 'days'),
    }),
    v.title('Messages indésirables'),
    v.description(
      `Les raisons d’un message mis à l’écart, et ce que le récepteur et npm run leads en disent à l’exploitant. ${keepBraces}`,
    ),
  ),
});

export type ContactReceiverCopy = v.InferOutput<typeof contactReceiverSchema>;
