/**
 * The small HTML pages the receiver answers a form posted without JavaScript with. They load
 * nothing (no stylesheet, script or image): the site's stylesheet has a hashed name the edge
 * functions cannot know, and it styles pages through the layout's classes (it resets the body's
 * margins), so a bare page would look worse with it. Browsers' default styles, with the viewport
 * set for phones, give a plain, readable page: a heading, the explanation, the list of fields to
 * correct, and links back to the form and the home page.
 */
export interface ReceiverPage {
  title: string;
  /** May hold `{email}`, written as a mailto link. */
  text: string;
  email: string;
  siteName: string;
  items?: readonly string[];
  back?: string;
  links: { form: string; home: string };
  formPath: string;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

function withEmail(text: string, email: string): string {
  const link = `<a href="mailto:${escapeHtml(email)}">${escapeHtml(email)}</a>`;
  return text
    .split('{email}')
    .map((part) => escapeHtml(part))
    .join(link);
}

export function renderPage(page: ReceiverPage): string {
  const items = page.items?.length ? `<ul>\n${page.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('\n')}\n</ul>\n` : '';
  const back = page.back ? `<p>${escapeHtml(page.back)}</p>\n` : '';
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(page.title)} | ${escapeHtml(page.siteName)}</title>
</head>
<body>
<main>
<h1>${escapeHtml(page.title)}</h1>
<p>${withEmail(page.text, page.email)}</p>
${items}${back}<nav>
<ul>
<li><a href="${escapeHtml(page.formPath)}">${escapeHtml(page.links.form)}</a></li>
<li><a href="/">${escapeHtml(page.links.home)}</a></li>
</ul>
</nav>
</main>
</body>
</html>
`;
}
