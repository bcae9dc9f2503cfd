// @vitest-environment node
/**
 * The contact receiver, one row of its table at a time, called as the hosts call it: a Fetch
 * Request in, a Response out. Each answer is checked as a client sees it: status, headers, French body.
 */
import { describe, expect, it, vi } from 'vitest';
import { brand } from '../../src/content/data/brand.ts';
import { company } from '../../src/content/data/company.ts';
import { contactForm } from '../../src/content/data/contact-form.ts';
import { contactReceiver } from '../../src/content/data/contact-receiver.ts';
import { siteHeaderRules } from '../../src/site/security-headers.ts';
import { formatHeaders, headersFor, parseHeaders } from '../../src/hosts/node/headers.ts';
import { contactFields, type ContactValues, honeypotName } from '../../src/contact/contact-fields.ts';
import { createContactSchema } from '../../src/contact/contact-schema.ts';
import { memoryRateLimiter, type RateLimiter } from '../../src/api/contact/rate-limit.ts';
import { confirmationPath, contactFormPath, createContactReceiver, type Deliver } from '../../src/api/contact/receiver.ts';
import { isIndexed, isPagePath } from '../../src/site/registry.ts';
import { labels } from '../../src/api/contact/channel.ts';
import { validLead } from '../fixtures/visitor.ts';

const siteOrigin = 'https://www.propllc.fr';
const url = `${siteOrigin}/api/contact`;
const email = company.email;

const valid = validLead();

function receiver({ deliver, rateLimiter }: { deliver?: Deliver | null; rateLimiter?: RateLimiter } = {}) {
  const delivered: ContactValues[] = [];
  const handle = createContactReceiver({
    copy: contactReceiver,
    schema: createContactSchema(contactForm.errors),
    labels,
    contactEmail: email,
    siteName: brand.name,
    deliver:
      deliver === null
        ? undefined
        : (deliver ??
          (async (message) => {
            delivered.push(message);
          })),
    rateLimiter: rateLimiter ?? memoryRateLimiter({ limit: 1000 }),
  });
  return { handle, delivered };
}

const json = (body: unknown, headers: Record<string, string> = {}) =>
  new Request(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: siteOrigin, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

const form = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  new Request(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: siteOrigin, ...headers },
    body: new URLSearchParams(fields).toString(),
  });

/** A body the client streams, so that no Content-Length announces its size. */
const streamed = (text: string, headers: Record<string, string>) =>
  new Request(url, {
    method: 'POST',
    headers,
    body: new ReadableStream({
      start(controller) {
        const bytes = new TextEncoder().encode(text);
        for (let offset = 0; offset < bytes.length; offset += 1000) controller.enqueue(bytes.slice(offset, offset + 1000));
        controller.close();
      },
    }),
    duplex: 'half',
  } as RequestInit);

const { answers } = contactReceiver;
const jsonError = (key: keyof typeof answers) => ({
  ok: false,
  title: answers[key].title,
  message: answers[key].text.replace('{email}', email),
});

/** No stack trace, no internal path, no English runtime message in what a visitor receives. */
function expectNothingInternal(body: string) {
  expect(body).not.toMatch(/\bat .*\(|node:|\/work\/|src\/|Error\b|TypeError|undefined|\[object/);
}

describe('405: any method other than POST', () => {
  it.each(['GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'])('%s gets 405 with Allow: POST and a French message', async (method) => {
    const { handle } = receiver();
    const response = await handle(new Request(url, { method, headers: { Accept: 'application/json' } }));
    expect(response.status).toBe(405);
    expect(response.headers.get('Allow')).toBe('POST');
    expect(await response.json()).toEqual(jsonError('methodNotAllowed'));
  });

  it('a browser opening the address gets a French page', async () => {
    const { handle } = receiver();
    const response = await handle(new Request(url, { headers: { Accept: 'text/html,application/xhtml+xml' } }));
    expect(response.status).toBe(405);
    expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    const page = await response.text();
    expect(page).toContain(`<h1>${answers.methodNotAllowed.title}</h1>`);
    expect(page).toContain('<html lang="fr">');
  });
});

describe('415: a content type other than JSON or url-encoded', () => {
  it.each([['text/plain'], ['multipart/form-data; boundary=x'], ['application/xml'], [undefined]])('%s gets 415', async (type) => {
    const { handle, delivered } = receiver();
    const request = new Request(url, { method: 'POST', body: JSON.stringify(valid), headers: type ? { 'Content-Type': type } : {} });
    if (!type) request.headers.delete('Content-Type');
    const response = await handle(request);
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual(jsonError('unsupportedType'));
    expect(delivered).toEqual([]);
  });

  it('accepts the types with parameters and in any case', async () => {
    const { handle } = receiver();
    const response = await handle(json(valid, { 'Content-Type': 'Application/JSON; charset=UTF-8' }));
    expect(response.status).toBe(200);
  });
});

describe('413: a body over 16 KB', () => {
  // 16 KB of JSON: the valid message padded with spaces after the closing brace.
  const padded = (size: number) => {
    const text = JSON.stringify(valid);
    return text + ' '.repeat(size - new TextEncoder().encode(text).length);
  };

  it('accepts exactly 16 384 bytes', async () => {
    const { handle } = receiver();
    const response = await handle(streamed(padded(16 * 1024), { 'Content-Type': 'application/json' }));
    expect(response.status).toBe(200);
  });

  it('refuses one byte more, counted on the body itself (no Content-Length)', async () => {
    const { handle, delivered } = receiver();
    const response = await handle(streamed(padded(16 * 1024 + 1), { 'Content-Type': 'application/json' }));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual(jsonError('tooLarge'));
    expect(delivered).toEqual([]);
  });

  it('refuses a body larger than a small Content-Length claims', async () => {
    const { handle } = receiver();
    const response = await handle(streamed(padded(20_000), { 'Content-Type': 'application/json', 'Content-Length': '100' }));
    expect(response.status).toBe(413);
  });

  it('refuses a large Content-Length before reading any of the body', async () => {
    const { handle } = receiver();
    const pull = vi.fn();
    const request = new Request(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Length': '1000000' },
      // highWaterMark 0: the stream asks for data only when someone reads it.
      body: new ReadableStream({ pull }, { highWaterMark: 0 }),
      duplex: 'half',
    } as RequestInit);
    const response = await handle(request);
    expect(response.status).toBe(413);
    expect(pull).not.toHaveBeenCalled();
  });

  it('a form post gets a French page that says how to get the text back', async () => {
    const { handle } = receiver();
    const response = await handle(form({ ...valid, message: 'a'.repeat(17_000) }));
    expect(response.status).toBe(413);
    const page = await response.text();
    expect(page).toContain(answers.tooLarge.title);
    expect(page).toContain(contactReceiver.back.replaceAll("'", '&#39;'));
  });
});

describe('403: an Origin other than the request’s own', () => {
  it.each([
    ['another site', 'https://evil.example'],
    ['another scheme', 'http://www.propllc.fr'],
    ['another port', 'https://www.propllc.fr:8443'],
    ['another subdomain', 'https://propllc.fr'],
    ['an opaque origin', 'null'],
  ])('%s is refused', async (_, origin) => {
    const { handle, delivered } = receiver();
    const response = await handle(json(valid, { Origin: origin }));
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual(jsonError('forbiddenOrigin'));
    expect(delivered).toEqual([]);
  });

  it('compares with the Host header the request was sent with', async () => {
    const { handle } = receiver();
    const request = new Request('http://127.0.0.1:8788/api/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Host: 'localhost:8788', Origin: 'http://localhost:8788' },
      body: JSON.stringify(valid),
    });
    expect((await handle(request)).status).toBe(200);
  });

  it('lets a request without Origin through (browsers send one on every cross-site POST)', async () => {
    const { handle, delivered } = receiver();
    const request = json(valid);
    request.headers.delete('Origin');
    expect((await handle(request)).status).toBe(200);
    expect(delivered).toEqual([valid]);
  });

  it('lets the same origin through, default port written or not', async () => {
    const { handle } = receiver();
    const request = new Request(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Host: 'www.propllc.fr:443', Origin: siteOrigin },
      body: JSON.stringify(valid),
    });
    expect((await handle(request)).status).toBe(200);
  });
});

describe('400: malformed JSON', () => {
  it.each([['{"name": "Jeanne"'], ['name=Jeanne'], [''], ['[]'], ['"texte"'], ['null']])('%j gets 400', async (body) => {
    const { handle, delivered } = receiver();
    const response = await handle(json(body));
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual(jsonError('malformed'));
    expectNothingInternal(text);
    expect(delivered).toEqual([]);
  });
});

describe('text is refused, never stored altered', () => {
  const bytes = (text: string, type: string) =>
    new Request(url, { method: 'POST', headers: { 'Content-Type': type, Origin: siteOrigin }, body: Buffer.from(text, 'latin1') });

  it.each([
    ['application/json; charset=latin1'],
    ['application/json; charset=ISO-8859-1'],
    ['application/x-www-form-urlencoded; charset="windows-1252"'],
  ])('a body declared %s gets 415', async (type) => {
    const { handle, delivered } = receiver();
    const response = await handle(
      new Request(url, { method: 'POST', headers: { 'Content-Type': type }, body: JSON.stringify(valid) }),
    );
    expect(response.status).toBe(415);
    expect(delivered).toEqual([]);
  });

  it.each([['application/json; charset=utf-8'], ['application/json; charset="UTF-8"'], ['application/json;charset=utf8']])(
    '%s is UTF-8 and accepted',
    async (type) => {
      const { handle, delivered } = receiver();
      const response = await handle(json({ ...valid, name: 'Hélène Gauthier' }, { 'Content-Type': type }));
      expect(response.status).toBe(200);
      expect(delivered).toEqual([{ ...valid, name: 'Hélène Gauthier' }]);
    },
  );

  it('JSON whose bytes are not UTF-8 (« é » sent as Latin-1) gets 400', async () => {
    const { handle, delivered } = receiver();
    const response = await handle(bytes(JSON.stringify({ ...valid, name: 'Hélène' }), 'application/json'));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(jsonError('malformed'));
    expect(delivered).toEqual([]);
  });

  it.each([
    ['an escape that is not UTF-8 (%E9)', 'name=H%E9l%E8ne'],
    ['a broken escape (%zz)', 'name=Jo%zz'],
    ['a cut escape (%C3)', 'name=Jo%C3'],
  ])('a form post with %s gets 400', async (_case, name) => {
    const { handle, delivered } = receiver();
    const fields = new URLSearchParams({ email: valid.email, phone: valid.phone, message: valid.message }).toString();
    const response = await handle(
      new Request(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: siteOrigin },
        body: `${name}&${fields}`,
      }),
    );
    expect(response.status).toBe(400);
    expect(delivered).toEqual([]);
  });

  it('a form post keeps « + », « & » and accents as typed', async () => {
    const { handle, delivered } = receiver();
    const message = 'Coût : 5 000 € + frais & taxes ; « à voir ».';
    const response = await handle(form({ ...valid, message }));
    expect(response.status).toBe(303);
    expect(delivered).toEqual([{ ...valid, message }]);
  });
});

describe('line breaks: what the form’s maxlength allows is accepted', () => {
  // 1 000 characters as the textarea counts them: 901 letters and 99 line breaks, posted as CRLF (1 099).
  const lines = Array.from({ length: 100 }, (_, index) => (index === 0 ? 'x'.repeat(10) : 'y'.repeat(9)));
  const typed = lines.join('\n');

  it('a form post of 1 000 characters with 99 line breaks sent as CRLF is accepted and stored with \\n', async () => {
    expect(typed).toHaveLength(contactFields.find((field) => field.name === 'message')?.max ?? 0);
    const { handle, delivered } = receiver();
    const response = await handle(form({ ...valid, message: lines.join('\r\n') }));
    expect(response.status).toBe(303);
    expect(delivered).toEqual([{ ...valid, message: typed }]);
  });

  it('a lone CR is a line break too; one character more than the limit is refused', async () => {
    const { handle, delivered } = receiver();
    expect((await handle(json({ ...valid, message: lines.join('\r') }))).status).toBe(200);
    expect(delivered).toEqual([{ ...valid, message: typed }]);
    expect((await handle(json({ ...valid, message: `${lines.join('\r\n')}z` }))).status).toBe(422);
  });
});

describe('429: too many requests from one address', () => {
  it('refuses past the limit with Retry-After, per address, and only counts requests that got this far', async () => {
    let now = 1_000_000;
    const { handle, delivered } = receiver({ rateLimiter: memoryRateLimiter({ limit: 2, now: () => now }) });
    const from = (address: string, request: Request) => handle(request, { address });
    // Refused earlier in the order: not counted.
    expect((await from('203.0.113.7', json(valid, { Origin: 'https://evil.example' }))).status).toBe(403);
    expect((await from('203.0.113.7', json('{oops'))).status).toBe(400);
    expect((await from('203.0.113.7', json(valid))).status).toBe(200);
    now += 60_000;
    // An invalid message got this far: it counts.
    expect((await from('203.0.113.7', json({ ...valid, name: '' }))).status).toBe(422);
    const refused = await from('203.0.113.7', json(valid));
    expect(refused.status).toBe(429);
    // The first counted request leaves the 10-minute window 9 minutes later.
    expect(refused.headers.get('Retry-After')).toBe('540');
    expect(await refused.json()).toEqual(jsonError('tooManyRequests'));
    // Another address has its own count.
    expect((await from('198.51.100.2', json(valid))).status).toBe(200);
    now += 540_000;
    expect((await from('203.0.113.7', json(valid))).status).toBe(200);
    expect(delivered).toHaveLength(3);
  });

  it('the default is 10 per 10 minutes', async () => {
    const { handle } = receiver({ rateLimiter: memoryRateLimiter({ limit: 10 }) });
    const statuses: number[] = [];
    for (let index = 0; index < 11; index++) statuses.push((await handle(json(valid), { address: '192.0.2.1' })).status);
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
  });

  it('a form post gets a French page giving the contact email', async () => {
    const { handle } = receiver({ rateLimiter: { take: async () => ({ allowed: false, retryAfterSeconds: 60 }) } });
    const response = await handle(form(valid));
    expect(response.status).toBe(429);
    expect(response.headers.get('Retry-After')).toBe('60');
    expect(await response.text()).toContain(`<a href="mailto:${email}">${email}</a>`);
  });
});

describe('422: invalid fields', () => {
  it('JSON: the French message of each invalid field', async () => {
    const { handle, delivered } = receiver();
    const response = await handle(json({ name: ' J ', email: 'jeanne@', phone: valid.phone, message: 'court' }));
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      ...jsonError('invalid'),
      fields: {
        name: 'Le nom doit contenir au moins 2 caractères',
        email: 'Adresse email invalide',
        message: 'Le message doit contenir au moins 10 caractères',
      },
    });
    expect(delivered).toEqual([]);
  });

  it('refuses a name holding an escape sequence or a line break, a message holding a control character: the field’s own message', async () => {
    const { handle, delivered } = receiver();
    const response = await handle(
      json({ ...valid, name: 'Eve\u001b]52;c;cm0gLXJmIH4=\u0007', message: 'Bonjour\u001b[1A, une question\u202e.' }),
    );
    expect(response.status).toBe(422);
    expect((await response.json()).fields).toEqual({
      name: contactForm.errors.nameInvalid,
      message: contactForm.errors.messageInvalid,
    });
    // A form post: CR LF in a name would fake a « Téléphone » line in the email.
    const posted = await handle(form({ ...valid, name: 'Jeanne\r\nTéléphone : 01 99 00 00 00' }));
    expect(posted.status).toBe(422);
    expect(await posted.text()).toContain(`<li>Nom complet\u202f: ${contactForm.errors.nameInvalid}</li>`);
    expect(delivered).toEqual([]);
  });

  it('JSON: a missing field or one that is not text gets its French message too', async () => {
    const { handle } = receiver();
    const response = await handle(json({ name: 42, email: valid.email, message: { text: valid.message } }));
    expect(response.status).toBe(422);
    expect((await response.json()).fields).toEqual({
      name: 'Le nom doit contenir au moins 2 caractères',
      phone: 'Numéro de téléphone invalide',
      message: 'Le message doit contenir au moins 10 caractères',
    });
  });

  it('form post: a French page listing each field with its label, and how to get the form back', async () => {
    const { handle } = receiver();
    const response = await handle(form({ name: 'Jeanne Martin', email: 'pas-un-email', phone: '06', message: valid.message }));
    expect(response.status).toBe(422);
    expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    const page = await response.text();
    expect(page).toContain('<li>Adresse email\u202f: Adresse email invalide</li>');
    expect(page).toContain('<li>Numéro de téléphone\u202f: Numéro de téléphone invalide</li>');
    expect(page).not.toContain('Nom complet');
    expect(page).toContain('Le bouton «\u202fRetour\u202f» de votre navigateur ramène le formulaire tel que vous l’avez rempli.');
    expect(page).toContain('<a href="/contact">Revenir au formulaire de contact</a>');
    expectNothingInternal(page);
  });

  it('escapes what the visitor typed', async () => {
    const { handle } = receiver();
    const page = await (await handle(form({ ...valid, email: '<script>alert(1)</script>' }))).text();
    expect(page).not.toContain('<script>');
  });
});

describe('honeypot filled', () => {
  it('JSON: the same answer as a success, nothing delivered', async () => {
    const { handle, delivered } = receiver();
    const trapped = await handle(json({ ...valid, [honeypotName]: 'https://spam.example' }));
    const real = await receiver().handle(json(valid));
    expect(trapped.status).toBe(200);
    expect(await trapped.json()).toEqual(await real.json());
    expect(delivered).toEqual([]);
  });

  it('form post: the same redirect as a success, nothing delivered', async () => {
    const { handle, delivered } = receiver();
    const response = await handle(form({ ...valid, [honeypotName]: 'x' }));
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/contact/merci');
    expect(delivered).toEqual([]);
  });
});

describe('a valid message', () => {
  it('JSON: 200 with JSON, once the trimmed message is delivered', async () => {
    const { handle, delivered } = receiver();
    const response = await handle(
      json({
        name: '  Jeanne Martin ',
        email: ' jeanne.martin@example.com',
        phone: '+33 6 12 34 56 78\t',
        message: `\n${valid.message} `,
      }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/json; charset=utf-8');
    expect(await response.json()).toEqual({ ok: true, message: contactReceiver.sent });
    expect(delivered).toEqual([valid]);
  });

  it('form post: 303 to the confirmation page', async () => {
    const { handle, delivered } = receiver();
    const response = await handle(form({ ...valid, name: ' Jeanne Martin ', website: '' }));
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/contact/merci');
    expect(delivered).toEqual([valid]);
  });

  it('redirects to a page of the registry, kept out of search results, and links back to another', () => {
    expect(isPagePath(confirmationPath)).toBe(true);
    expect(isIndexed(confirmationPath)).toBe(false);
    expect(isPagePath(contactFormPath)).toBe(true);
  });

  it('answers only after the delivery is done', async () => {
    let finish: () => void = () => undefined;
    let started: () => void = () => undefined;
    const delivering = new Promise<void>((resolve) => (started = resolve));
    const { handle } = receiver({
      deliver: () => {
        started();
        return new Promise<void>((resolve) => (finish = resolve));
      },
    });
    let answered = false;
    const pending = handle(json(valid)).then((response) => {
      answered = true;
      return response;
    });
    // The delivery has begun and is not done; once every job queued meanwhile has run, still no answer.
    await delivering;
    await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toBe(false);
    finish();
    expect((await pending).status).toBe(200);
  });
});

describe('delivery failed', () => {
  const failing = async () => {
    throw new Error('connect ECONNREFUSED 127.0.0.1:25 at /srv/app/src/receiver/deliveries.ts:12');
  };

  it('JSON: 502 with the contact email, nothing internal', async () => {
    const { handle } = receiver({ deliver: failing });
    const response = await handle(json(valid));
    expect(response.status).toBe(502);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual(jsonError('failed'));
    expect(text).toContain(email);
    expectNothingInternal(text);
  });

  it('form post: a French page giving the contact email', async () => {
    const { handle } = receiver({ deliver: failing });
    const response = await handle(form(valid));
    expect(response.status).toBe(502);
    const page = await response.text();
    expect(page).toContain(`<h1>${answers.failed.title.replaceAll("'", '&#39;')}</h1>`);
    expect(page).toContain(`<a href="mailto:${email}">${email}</a>`);
    expectNothingInternal(page);
  });

  it('no delivery configured: 503, never a false success', async () => {
    const { handle } = receiver({ deliver: null });
    const response = await handle(json(valid));
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual(jsonError('unavailable'));
  });
});

describe('headers of the answers', () => {
  it('carry the security headers of the pages (dist/_headers), with a policy that loads nothing', async () => {
    // Speculation-Rules is no security header: the receiver's one-off answers have nothing to pre-render.
    const distHeaders = parseHeaders(formatHeaders(siteHeaderRules("default-src 'self'")));
    const pageHeaders = [...headersFor(distHeaders, '/contact')].filter(
      ([name]) => name !== 'speculation-rules' && name !== 'content-security-policy',
    );
    expect(pageHeaders.length).toBeGreaterThanOrEqual(6);
    const { handle } = receiver();
    for (const response of [await handle(form({ ...valid, email: 'x' })), await handle(json(valid)), await handle(form(valid))]) {
      for (const [name, value] of pageHeaders) expect(response.headers.get(name), name).toBe(value);
      expect(response.headers.get('Content-Security-Policy')).toBe(
        "default-src 'none'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
      );
      expect(response.headers.get('Cache-Control')).toBe('no-store');
    }
  });
});
