// @vitest-environment jsdom
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { toast } from 'react-hot-toast/headless';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contactForm } from '../../src/content/data/contact-form.ts';
import { ContactFormView } from '../../src/site/components/ContactForm/ContactFormView.tsx';
import { Toaster } from '../../src/site/components/Toasts/Toasts.tsx';
import { contactBody, formPostAction, type SendContact } from '../../src/contact/contact-delivery.ts';
import { contactFields, honeypotName } from '../../src/contact/contact-fields.ts';
import { createContactSchema } from '../../src/contact/contact-schema.ts';
import { mapFields } from '../../src/contact/map-fields.ts';
import { fieldLabels, validLead } from '../fixtures/visitor.ts';
import { present } from '../fixtures/present.ts';

const email = 'contact@example.fr';
const copy = {
  ...contactForm,
  toasts: { ...contactForm.toasts, failed: { title: 'Échec', text: `Écrivez-nous à ${email}.` } },
};
const schema = createContactSchema(contactForm.errors);
const visitor = validLead();

function setup(send: SendContact = () => Promise.resolve(), action?: string) {
  // No pause between keystrokes: each is still its own event, React renders after each.
  const user = userEvent.setup({ delay: null });
  render(
    <>
      <ContactFormView copy={copy} email={email} action={action} schema={schema} send={send} />
      <Toaster />
    </>,
  );
  const labels = fieldLabels();
  const fields = mapFields((field) => screen.getByLabelText(labels[field.name]));
  const submit = screen.getByRole('button', { name: 'Envoyer le message' });
  const fillValid = async () => {
    for (const field of contactFields) await user.type(fields[field.name], visitor[field.name]);
  };
  return { user, fields, submit, fillValid };
}

afterEach(() => {
  act(() => toast.remove());
});

describe('ContactFormView', () => {
  it('once running, lets its own messages replace the browser checks and lifts the length cap', () => {
    const { fields } = setup();
    expect(screen.getByRole('button', { name: 'Envoyer le message' }).closest('form')).toHaveAttribute('novalidate');
    expect(fields.message).not.toHaveAttribute('maxlength');
    expect(fields.message).toHaveAttribute('required');
    expect(screen.queryByRole('link', { name: email })).not.toBeInTheDocument();
  });

  it('on an empty submission, links each message to its field, focuses the first and raises one alert', async () => {
    const send = vi.fn<SendContact>();
    const { user, fields, submit } = setup(send);
    await user.click(submit);
    expect(fields.name).toHaveAccessibleDescription('Le nom doit contenir au moins 2 caractères');
    expect(fields.email).toHaveAccessibleDescription('Adresse email invalide');
    expect(fields.phone).toHaveAccessibleDescription('Numéro de téléphone invalide');
    expect(fields.message).toHaveAccessibleDescription('Le message doit contenir au moins 10 caractères');
    for (const field of Object.values(fields)) expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(fields.name).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('Erreur de validation');
    expect(send).not.toHaveBeenCalled();
  });

  it("clears a field's error as soon as it is edited", async () => {
    const { user, fields, submit } = setup();
    await user.click(submit);
    await user.type(fields.email, 'x');
    expect(fields.email).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Adresse email invalide')).not.toBeInTheDocument();
    expect(fields.name).toHaveAttribute('aria-invalid', 'true');
  });

  it('sends trimmed values, shows the sending state, then thanks the visitor and empties the form', async () => {
    let finish: () => void = () => undefined;
    const send = vi.fn<SendContact>(() => new Promise<void>((resolve) => (finish = resolve)));
    const { user, fields, submit, fillValid } = setup(send);
    await fillValid();
    await user.type(fields.name, '   ');
    await user.click(submit);
    expect(send).toHaveBeenCalledWith(visitor, { elapsedMs: expect.any(Number) });
    expect(submit).toHaveTextContent('Envoi en cours...');
    expect(submit).toBeDisabled();
    // A second click while sending sends nothing more.
    await user.click(submit);
    expect(send).toHaveBeenCalledTimes(1);

    await act(async () => finish());
    expect(await screen.findByRole('status')).toHaveTextContent('Nous vous contacterons dans les plus brefs délais.');
    for (const field of Object.values(fields)) expect(field).toHaveValue('');
    expect(submit).toHaveTextContent('Envoyer le message');
    expect(submit).toBeEnabled();
  });

  it('when sending fails, gives the email address and keeps every value', async () => {
    const { user, fields, submit, fillValid } = setup(() => Promise.reject(new Error('500')));
    await fillValid();
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent(`Écrivez-nous à ${email}.`);
    for (const field of contactFields) expect(fields[field.name]).toHaveValue(visitor[field.name]);
    await waitFor(() => expect(submit).toBeEnabled());
  });

  it('posts a message whose hidden trap field is filled like any other, with the trap’s value, and says it was sent', async () => {
    const send = vi.fn<SendContact>(() => Promise.resolve());
    const { user, submit, fillValid } = setup(send);
    await fillValid();
    const trap = present(document.querySelector<HTMLInputElement>(`input[name="${honeypotName}"]`), 'the trap field');
    trap.value = 'https://spam.example';
    await user.click(submit);
    expect(await screen.findByRole('status')).toHaveTextContent('Message envoyé');
    // The receiver quarantines it (stored, reported to the operator): nothing is dropped in the browser.
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenLastCalledWith(visitor, expect.objectContaining({ honeypot: 'https://spam.example' }));
  });

  it('sends the time taken from the first use of a field to the sending, and times the next message afresh', async () => {
    let clock = 1_000;
    vi.spyOn(performance, 'now').mockImplementation(() => clock);
    try {
      const send = vi.fn<SendContact>(() => Promise.resolve());
      const { user, fields, submit, fillValid } = setup(send);
      // Time spent reading the page before touching the form does not count.
      clock = 5_000;
      await fillValid();
      clock = 47_000;
      await user.click(submit);
      expect(send).toHaveBeenLastCalledWith(visitor, { elapsedMs: 42_000 });
      expect(await screen.findByRole('status')).toHaveTextContent('Message envoyé');

      clock = 100_000;
      // (user-event keeps its own idea of the emptied fields' text: it is told they are empty.)
      for (const field of contactFields) {
        await user.clear(fields[field.name]);
        await user.type(fields[field.name], visitor[field.name]);
      }
      clock = 108_500;
      await user.click(submit);
      expect(send).toHaveBeenLastCalledWith(visitor, { elapsedMs: 8_500 });
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('sends no time when no field was used since its script ran (typed before it, or filled by a script)', async () => {
    const send = vi.fn<SendContact>(() => Promise.resolve());
    const { user, fields, submit } = setup(send);
    for (const field of contactFields) (fields[field.name] as HTMLInputElement).value = visitor[field.name];
    // Clicking the button is no use of a field: it starts no clock.
    await user.click(submit);
    expect(send).toHaveBeenCalledWith(visitor, { elapsedMs: undefined });
  });

  it('renders markup typed by the visitor as text, never as HTML', async () => {
    const { user, fields, submit } = setup();
    await user.type(fields.name, '<img src=x onerror=alert(1)>');
    await user.click(submit);
    expect(document.querySelector('img')).toBeNull();
    expect(fields.name).toHaveValue('<img src=x onerror=alert(1)>');
  });
});

/** The form as the build writes it into the page, before any JavaScript runs. */
function prerendered(action?: string): HTMLFormElement {
  document.body.innerHTML = renderToString(
    <ContactFormView copy={copy} email={email} action={action} schema={schema} send={() => Promise.resolve()} />,
  );
  return present(document.querySelector('form'), 'the form');
}

describe('ContactFormView before its JavaScript runs', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it("with the site's receiver, posts by itself to it, with the schema's rules as the browser's checks", () => {
    const form = prerendered('/api/contact');
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/api/contact');
    expect(form).not.toHaveAttribute('novalidate');
    expect(screen.getByRole('button', { name: 'Envoyer le message' })).toBeEnabled();
    const phone = screen.getByLabelText('Numéro de téléphone');
    expect(phone).toHaveAttribute(
      'pattern',
      present(contactFields.find((field) => field.name === 'phone')?.pattern, 'the phone pattern'),
    );
    expect(phone).toHaveAttribute('title', contactForm.errors.phoneInvalid);
    expect(phone).toHaveAttribute('minlength', '10');
    expect(phone).toHaveAttribute('maxlength', '20');
    expect(screen.getByLabelText('Adresse email')).toHaveAttribute('type', 'email');
    for (const name of ['Nom complet', 'Adresse email', 'Numéro de téléphone', 'Message']) {
      expect(screen.getByLabelText(name)).toBeRequired();
    }
    // Every field the receiver reads is named as it expects, the trap included.
    expect([...new FormData(form).keys()]).toEqual(['name', 'email', 'phone', 'message', honeypotName]);
    const note = screen.getByText(/Vous préférez l’email/);
    expect(note.textContent).toBe(`Vous préférez l’email\u202f? Écrivez-nous directement à ${email}.`);
    expect(screen.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
  });

  it('without it (simulation, or a service on another site), waits for its JavaScript and gives the email', () => {
    const form = prerendered(undefined);
    expect(form).not.toHaveAttribute('method');
    expect(form).not.toHaveAttribute('action');
    expect(screen.getByRole('button', { name: 'Envoyer le message' })).toBeDisabled();
    expect(screen.getByText(/Le formulaire se charge/)).toHaveTextContent(
      `S’il reste inactif (JavaScript désactivé ou connexion trop lente), écrivez-nous directement à ${email}.`,
    );
  });

  it('posts without JavaScript only to a path of the site itself', () => {
    expect(formPostAction('/api/contact')).toBe('/api/contact');
    expect(formPostAction('https://formspree.io/f/abcd')).toBeUndefined();
    expect(formPostAction('//formspree.io/f/abcd')).toBeUndefined();
    expect(formPostAction(undefined)).toBeUndefined();
  });

  it('posts the time taken to the site’s own receiver only, beside the fields', () => {
    expect(contactBody('/api/contact', visitor, { elapsedMs: 8_500 })).toEqual({ ...visitor, _elapsed: 8_500 });
    // A service on another site gets the message alone.
    expect(contactBody('https://formspree.io/f/abcd', visitor, { elapsedMs: 8_500 })).toEqual(visitor);
    expect(contactBody('/api/contact', visitor, {})).toEqual(visitor);
    expect(contactBody('/api/contact', visitor)).toEqual(visitor);
  });

  it('posts a filled trap field to the site’s own receiver, which quarantines it; never to a service on another site', () => {
    expect(contactBody('/api/contact', visitor, { honeypot: 'https://spam.example' })).toEqual({
      ...visitor,
      [honeypotName]: 'https://spam.example',
    });
    expect(contactBody('https://formspree.io/f/abcd', visitor, { honeypot: 'https://spam.example' })).toEqual(visitor);
  });
});

describe("ContactFormView with the site's receiver, once running", () => {
  it('sends the message itself, keeps the note with the email, and drops the browser hint', async () => {
    const send = vi.fn<SendContact>(() => Promise.resolve());
    const { user, fields, submit, fillValid } = setup(send, '/api/contact');
    const form = present(submit.closest('form'), 'the form');
    expect(form).toHaveAttribute('novalidate');
    expect(fields.phone).not.toHaveAttribute('title');
    expect(screen.getByRole('link', { name: email })).toBeInTheDocument();
    const submitted = vi.fn<(event: Event) => void>();
    form.addEventListener('submit', submitted);
    await fillValid();
    await user.click(submit);
    expect(send).toHaveBeenCalledTimes(1);
    // The browser's own post is cancelled (read once the event has gone through React's handler).
    expect(submitted.mock.calls[0]?.[0].defaultPrevented).toBe(true);
    expect(await screen.findByRole('status')).toHaveTextContent('Message envoyé');
  });
});

describe('Toaster', () => {
  it('shows at most three toasts, newest first, dropping the oldest', async () => {
    const { user, submit } = setup();
    for (let i = 0; i < 5; i += 1) await user.click(submit);
    expect(screen.getAllByRole('alert')).toHaveLength(3);
  });
});
