import { expect, test, type Page } from '@playwright/test';
import { honeypotName } from '../../src/contact/contact-fields.ts';
import { contactInputs, fillContactForm, validLead } from '../fixtures/visitor.ts';

// Copied, not imported from content/contact-form.json: these are the exact strings, so an edit of the copy
// that changes what visitors read must fail here and be a deliberate change.
const messages = {
  nameTooShort: 'Le nom doit contenir au moins 2 caractères',
  nameTooLong: 'Le nom est trop long',
  emailInvalid: 'Adresse email invalide',
  emailTooLong: 'L’email est trop long',
  phoneTooShort: 'Numéro de téléphone invalide',
  phoneInvalid: 'Numéro de téléphone invalide',
  phoneTooLong: 'Numéro de téléphone trop long',
  messageTooShort: 'Le message doit contenir au moins 10 caractères',
  messageTooLong: 'Le message est trop long',
  messageInvalid: 'Le message contient un caractère invisible non autorisé',
};

const valid = validLead();

const danger = 'rgb(180, 35, 24)';

function form(page: Page) {
  return {
    ...contactInputs(page),
    submit: page.getByRole('button', { name: 'Envoyer le message' }),
  };
}

async function openContact(page: Page) {
  await page.goto('/contact');
  const fields = form(page);
  // The button is enabled once the form's JavaScript runs.
  await expect(fields.submit).toBeEnabled();
  return fields;
}

async function fillValid(page: Page) {
  await fillContactForm(page, valid);
  return form(page);
}

let consoleErrors: string[] = [];

test.beforeEach(({ page }) => {
  consoleErrors = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
});

test.afterEach(() => {
  expect(consoleErrors, 'console errors').toEqual([]);
});

test('the contact page has its heading, its section and four labelled fields in order', async ({ page }) => {
  await openContact(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contactez-nous');
  await expect(page.getByRole('heading', { level: 2, name: 'Envoyez-nous un message' })).toBeVisible();
  const labels = await page.locator('form label:visible').allTextContents();
  expect(labels).toEqual(['Nom complet', 'Adresse email', 'Numéro de téléphone', 'Message']);
  const fields = form(page);
  await expect(fields.name).toHaveAttribute('autocomplete', 'name');
  await expect(fields.email).toHaveAttribute('type', 'email');
  await expect(fields.email).toHaveAttribute('autocomplete', 'email');
  await expect(fields.phone).toHaveAttribute('type', 'tel');
  await expect(fields.phone).toHaveAttribute('autocomplete', 'tel');
  await expect(fields.message).toHaveJSProperty('tagName', 'TEXTAREA');
  await expect(fields.message).toHaveAttribute('rows', '6');
});

test('a valid message is "sent" after a wait, without any network request, and the fields are cleared', async ({ page }) => {
  const fields = await openContact(page);
  await fillValid(page);

  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await fields.submit.click();

  const busy = page.getByRole('button', { name: 'Envoi en cours...' });
  await expect(busy).toBeVisible();
  await expect(busy).toBeDisabled();

  const toast = page.getByRole('status').filter({ hasText: 'Message envoyé !' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('Nous vous contacterons dans les plus brefs délais.');
  for (const field of Object.values(contactInputs(page))) await expect(field).toHaveValue('');
  await expect(fields.submit).toBeEnabled();
  expect(requests).toEqual([]);
});

test('an empty submission shows every message under its field, marks the fields invalid and warns', async ({ page }) => {
  const fields = await openContact(page);
  await fields.submit.click();

  // Checked first: the error toast goes away after a few seconds, sooner than the field checks below on a busy machine.
  const alert = page.getByRole('alert');
  await expect(alert).toHaveCount(1);
  await expect(alert).toContainText('Erreur de validation');
  await expect(alert).toContainText('Veuillez corriger les erreurs dans le formulaire.');
  await expect(alert).toHaveCSS('background-color', danger);

  const expected = [
    [fields.name, messages.nameTooShort],
    [fields.email, messages.emailInvalid],
    [fields.phone, messages.phoneTooShort],
    [fields.message, messages.messageTooShort],
  ] as const;
  for (const [field, message] of expected) {
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(message);
    await expect(field).toHaveCSS('border-top-color', danger);
    // The message sits directly below its field.
    const describedBy = await field.getAttribute('aria-describedby');
    const below = page.locator(`#${describedBy}`);
    await expect(below).toHaveText(message);
    const [fieldBox, messageBox] = [await field.boundingBox(), await below.boundingBox()];
    if (!fieldBox || !messageBox) throw new Error('the field and its message must both be laid out');
    expect(messageBox.y).toBeGreaterThanOrEqual(fieldBox.y + fieldBox.height);
  }
  await expect(fields.name).toBeFocused();
});

test('focus goes to the first invalid field, not always the first field', async ({ page }) => {
  const fields = await openContact(page);
  await fields.name.fill(valid.name);
  await fields.email.fill(valid.email);
  await fields.submit.click();
  await expect(fields.phone).toBeFocused();
  await expect(fields.name).not.toHaveAttribute('aria-invalid');
});

test("typing in a field clears that field's error at once, and only that one", async ({ page }) => {
  const fields = await openContact(page);
  await fields.submit.click();
  await expect(page.getByText(messages.nameTooShort)).toBeVisible();

  await fields.name.pressSequentially('J');
  await expect(page.getByText(messages.nameTooShort)).toHaveCount(0);
  await expect(fields.name).not.toHaveAttribute('aria-invalid');
  await expect(fields.name).not.toHaveAttribute('aria-describedby');
  await expect(fields.name).not.toHaveCSS('border-top-color', danger);
  await expect(page.getByText(messages.emailInvalid)).toBeVisible();
  await expect(fields.email).toHaveAttribute('aria-invalid', 'true');
});

const boundaries: { field: keyof typeof valid; value: string; error: string | null }[] = [
  { field: 'name', value: 'J', error: messages.nameTooShort },
  { field: 'name', value: 'Jo', error: null },
  { field: 'name', value: '   ', error: messages.nameTooShort },
  { field: 'name', value: '  J  ', error: messages.nameTooShort },
  { field: 'name', value: 'a'.repeat(100), error: null },
  { field: 'name', value: 'a'.repeat(101), error: messages.nameTooLong },
  { field: 'email', value: 'jeanne@', error: messages.emailInvalid },
  { field: 'email', value: `${'a'.repeat(243)}@example.com`, error: null },
  { field: 'email', value: `${'a'.repeat(244)}@example.com`, error: messages.emailTooLong },
  { field: 'email', value: "o'brien@exemple.fr", error: null },
  { field: 'email', value: 'jean@xn--caf-dma.fr', error: null },
  { field: 'email', value: 'jean..dupont@exemple.fr', error: messages.emailInvalid },
  { field: 'phone', value: '061234567', error: messages.phoneTooShort },
  { field: 'phone', value: ' 0612345678 ', error: null },
  { field: 'phone', value: '0'.repeat(20), error: null },
  { field: 'phone', value: '0'.repeat(21), error: messages.phoneTooLong },
  { field: 'phone', value: 'abcdefghij', error: messages.phoneInvalid },
  { field: 'phone', value: '06 12 34 ab cd', error: messages.phoneInvalid },
  { field: 'phone', value: '+1 (555) 010-0199', error: null },
  { field: 'message', value: '123456789', error: messages.messageTooShort },
  { field: 'message', value: '1234567890', error: null },
  { field: 'message', value: 'm'.repeat(1000), error: null },
  { field: 'message', value: 'm'.repeat(1001), error: messages.messageTooLong },
];

// One test per field, one page: each value is a step on the page reloaded, so the other fields start empty again.
for (const field of ['name', 'email', 'phone', 'message'] as const) {
  const cases = boundaries.filter((boundary) => boundary.field === field);
  test(`${field}: ${cases.length} values at and past its limits, each refused with its message or accepted`, async ({ page }) => {
    let fields = await openContact(page);
    for (const [index, { value, error }] of cases.entries()) {
      const shown = value.length > 24 ? `${value.length} characters` : JSON.stringify(value);
      await test.step(`${field} = ${shown} → ${error ?? 'accepted'}`, async () => {
        if (index > 0) {
          await page.reload();
          fields = form(page);
          await expect(fields.submit).toBeEnabled();
        }
        await fields[field].fill(value);
        await fields.submit.click();
        const description = fields[field];
        if (error) {
          await expect(description).toHaveAccessibleDescription(error);
          await expect(description).toHaveAttribute('aria-invalid', 'true');
          // Nothing the visitor typed is lost or cut.
          await expect(description).toHaveValue(value);
        } else {
          // The other (empty) fields are invalid, so the form was validated: this one passed.
          await expect(page.getByRole('alert')).toBeVisible();
          await expect(description).not.toHaveAttribute('aria-invalid');
        }
      });
    }
  });
}

test('five quick invalid submissions never show more than three toasts', async ({ page }) => {
  const fields = await openContact(page);
  await page.evaluate(() => {
    const w = window as unknown as { maxToasts: number; toastsShown: WeakSet<Element>; shownCount: number };
    w.maxToasts = 0;
    w.shownCount = 0;
    w.toastsShown = new WeakSet();
    // Every toast element that ever reached the page, once each: one that came back would be one more.
    const count = () => {
      const alerts = [...document.querySelectorAll('[role="alert"]')];
      w.maxToasts = Math.max(w.maxToasts, alerts.length);
      for (const alert of alerts) {
        if (w.toastsShown.has(alert)) continue;
        w.toastsShown.add(alert);
        w.shownCount += 1;
      }
    };
    new MutationObserver(count).observe(document.body, { childList: true, subtree: true });
  });
  for (let i = 0; i < 5; i += 1) await fields.submit.click();
  await expect(page.getByRole('alert')).toHaveCount(3);
  // Hovering the toasts pauses their timers: the pointer leaves, and the three expire. A removed toast would come
  // back as one of them expires, so the run of them is over only when none is left.
  await page.mouse.move(0, 0);
  await expect(page.getByRole('alert')).toHaveCount(0, { timeout: 30_000 });
  const seen = await page.evaluate(() => {
    const w = window as unknown as { maxToasts: number; shownCount: number };
    return { most: w.maxToasts, shown: w.shownCount };
  });
  // One toast per submission, the oldest giving way to the newest: none came back.
  expect(seen).toEqual({ most: 3, shown: 5 });
});

test('hostile input stays inert text and never costs the other fields their values', async ({ page }) => {
  const fields = await openContact(page);
  const markup = '<script>window.pwned = 1</script><img src=x onerror="window.pwned = 1"><b>gras</b>';
  const long = '😀 مرحبا بالعالم \u202E\u0007\u0000 '.repeat(500).slice(0, 10_000);
  await fields.name.fill(markup);
  await fields.email.fill('إبراهيم@مثال.com');
  await fields.phone.fill('\u0001\u0002\u0003☎️☎️☎️☎️☎️');
  await fields.message.fill(long);
  await fields.submit.click();

  // Control characters and a bidi override are refused before the length is counted: the field's own message.
  await expect(fields.message).toHaveAccessibleDescription(messages.messageInvalid);
  // Markup is just a (strange) name of fewer than 100 characters.
  await expect(fields.name).not.toHaveAttribute('aria-invalid');
  await expect(fields.email).toHaveAccessibleDescription(messages.emailInvalid);
  await expect(fields.name).toHaveValue(markup);
  expect(long).toHaveLength(10_000);
  await expect(fields.message).toHaveValue(long);
  await expect(fields.phone).toHaveValue('\u0001\u0002\u0003☎️☎️☎️☎️☎️');
  expect(await page.evaluate(() => 'pwned' in window)).toBe(false);
  await expect(page.locator('main img[src="x"], main b')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contactez-nous');
});

test('what a visitor types before the JavaScript has loaded is kept once it runs', async ({ page }) => {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  // Hold back the contact page's own chunk, as a slow network would.
  await page.route(/\/assets\/contact-[^/]*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/contact', { waitUntil: 'commit' });
  const fields = form(page);
  await expect(fields.submit).toBeDisabled();
  await expect(page.locator('main form').getByRole('link', { name: 'contact@propllc.fr' })).toBeVisible();
  await fields.name.fill(valid.name);
  await fields.message.fill(valid.message);
  await expect(fields.submit).toBeDisabled();
  release();
  await expect(fields.submit).toBeEnabled();
  await expect(page.locator('main form').getByRole('link', { name: 'contact@propllc.fr' })).toHaveCount(0);
  await expect(fields.name).toHaveValue(valid.name);
  await expect(fields.message).toHaveValue(valid.message);
});

// With the site's receiver, the island posts such a message, which the receiver keeps apart
// (contact-receiver.spec.ts); this simulation build sends nothing at all.
test('a bot filling the hidden trap field is told its message was sent', async ({ page }) => {
  const fields = await openContact(page);
  await fillValid(page);
  // The trap is hidden from people and from assistive technology.
  await expect(page.getByLabel('Ne remplissez pas ce champ')).toBeHidden();
  await page.locator(`input[name="${honeypotName}"]`).evaluate((input: HTMLInputElement) => {
    input.value = 'https://spam.example';
  });
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await fields.submit.click();
  await expect(page.getByRole('status').filter({ hasText: 'Message envoyé !' })).toBeVisible();
  expect(requests).toEqual([]);
});

// axe over the contact page, empty and after an invalid submission: a11y.spec.ts, at both widths.

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the form shows with native hints and a note giving the contact email', async ({ page }) => {
    await page.goto('/contact');
    const fields = form(page);
    for (const field of Object.values(contactInputs(page))) {
      await expect(field).toBeVisible();
      await expect(field).toHaveAttribute('required', '');
    }
    await expect(fields.name).toHaveAttribute('minlength', '2');
    await expect(fields.name).toHaveAttribute('maxlength', '100');
    await expect(fields.email).toHaveAttribute('maxlength', '255');
    await expect(fields.phone).toHaveAttribute('minlength', '10');
    await expect(fields.phone).toHaveAttribute('maxlength', '20');
    await expect(fields.message).toHaveAttribute('minlength', '10');
    await expect(fields.message).toHaveAttribute('maxlength', '1000');
    await expect(page.locator('main form').getByRole('link', { name: 'contact@propllc.fr' })).toHaveAttribute(
      'href',
      'mailto:contact@propllc.fr',
    );
    // This build only simulates the sending: nothing to post to, so the button waits for the script.
    await expect(page.locator('main form')).not.toHaveAttribute('method');
    await expect(fields.submit).toBeDisabled();
    await expect(page.getByText('Le formulaire se charge.', { exact: false })).toBeVisible();
  });

  test("the browser checks the phone number against the schema's own pattern", async ({ page }) => {
    await page.goto('/contact');
    const { phone } = form(page);
    await expect(phone).toHaveAttribute('title', 'Numéro de téléphone invalide');
    const mismatch = () => phone.evaluate((input: HTMLInputElement) => input.validity.patternMismatch);
    for (const value of ['+33 6 12 34 56 78', '+1 (555) 123-4567', ' 06.12.34.56.78 ']) {
      await phone.fill(value);
      expect(await mismatch(), value).toBe(false);
    }
    for (const value of ['06 12 34 56 7a', 'pas un numéro', '----------']) {
      await phone.fill(value);
      expect(await mismatch(), value).toBe(true);
    }
  });
});
