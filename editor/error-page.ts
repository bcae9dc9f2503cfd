/**
 * The short French page an editor's API answers when something goes wrong (the hosted editor's, ./worker.ts, and
 * `npm run cms`'s refused sign-in, ./server.ts), never Keystatic's English text or a stack trace. It loads nothing.
 */
import { editorHostMessages } from '../src/content/schema/messages.ts';
import { editorApiHeaders, loadsNothingPolicy } from '../src/site/security-headers.ts';

export function errorPage(status: number, message: { title: string; text: string }, headers: HeadersInit = {}): Response {
  const html = `<!doctype html>
<html lang="fr">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${message.title}</title></head>
<body>
<main>
<h1>${message.title}</h1>
<p>${message.text}</p>
<p><a href="/keystatic">${editorHostMessages.back}</a></p>
</main>
</body>
</html>
`;
  const answer = new Headers(headers);
  answer.set('Content-Type', 'text/html; charset=utf-8');
  answer.set('Content-Security-Policy', loadsNothingPolicy);
  for (const [name, value] of Object.entries(editorApiHeaders)) answer.set(name, value);
  return new Response(html, { status, headers: answer });
}
