// @vitest-environment node
/**
 * Adding a field to the contact form is one entry in src/contact/contact-fields.ts plus its wording. Here every
 * module gets the table with one more field, `company`, and its value is followed to what each person sees:
 * the form's input, the receiver's list of fields to correct, the email, the webhook, the stored lead in each
 * store, and the operator's table and CSV. Without its wording, `npm run check` names the file and the keys.
 */
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Store } from '@netlify/blobs';
import { parse } from 'csv-parse/sync';
import { renderToString } from 'react-dom/server';
import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { checkDataFiles } from '../../tools/check/content-check/checks/data-files.ts';
import { ContactFormView } from '../../src/site/components/ContactForm/ContactFormView.tsx';
import { contactForm } from '../../src/content/data/contact-form.ts';
import { contactReceiver } from '../../src/content/data/contact-receiver.ts';
import { leadsLines } from '../../ops/leads/lines.ts';
import { contactFields, type ContactValues } from '../../src/contact/contact-fields.ts';
import { createContactSchema, validateContact } from '../../src/contact/contact-schema.ts';
import { brevoDelivery } from '../../src/api/contact/deliveries.ts';
import { inboxCsv, inboxTable } from '../../ops/leads/inbox.ts';
import { createSiteReceiver, labels } from '../../src/api/contact/site-receiver.ts';
import { blobsLeadStore } from '../../src/hosts/netlify/blobs-store.ts';
import { d1LeadStore, type SqlRunner } from '../../src/hosts/cloudflare/d1-store.ts';
import { filesLeadStore, nodeLeadStore } from '../../src/hosts/node/files-store.ts';
import { missingLeadColumns } from '../fixtures/d1-columns.ts';
import { validLead } from '../fixtures/visitor.ts';

const { company, wording } = vi.hoisted(() => ({
  company: { name: 'company', type: 'text', autoComplete: 'organization', min: 2, max: 100 } as const,
  // What an editor adds to content/contact-form.json with the field.
  wording: {
    fields: { company: { label: 'Société', placeholder: 'Dupont SAS' } },
    errors: {
      companyTooShort: 'Le nom de la société est trop court',
      companyInvalid: 'Le nom de la société contient un caractère non autorisé',
      companyTooLong: 'Le nom de la société est trop long',
    },
  },
}));

vi.mock('../../src/contact/contact-fields.ts', async (importOriginal) => {
  const table = await importOriginal<typeof import('../../src/contact/contact-fields.ts')>();
  return { ...table, contactFields: [...table.contactFields, company] };
});

// content/contact-form.json with the new field's wording, validated by the schema the table now asks for.
vi.mock('../../src/content/data/contact-form.ts', async () => {
  const { default: data } = await import('../../content/contact-form.json');
  const { contactFormCopySchema } = await import('../../src/content/schema/contact-form-schema.ts');
  const copy = { ...data, fields: { ...data.fields, ...wording.fields }, errors: { ...data.errors, ...wording.errors } };
  return { contactForm: v.parse(contactFormCopySchema, copy) };
});

const projectRoot = path.resolve(import.meta.dirname, '../..');

/**
 * The test visitor, built from the extended table, so it fills `company` too; typed as that table would type it
 * (the table's own type does not know `company`). The value is this test's own, since it follows it everywhere.
 */
const lead = { ...validLead(), company: 'Martin Trading SAS' } as ContactValues & { company: string };

function fakeFetch() {
  const bodies: Record<string, unknown>[] = [];
  const fetcher = async (_input: string | URL | Request, init?: RequestInit) => {
    bodies.push(JSON.parse(String(init?.body)));
    return new Response('{}', { status: 200 });
  };
  return { fetcher: fetcher as typeof fetch, bodies };
}

const post = (body: unknown) =>
  new Request('http://localhost/api/contact', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('a field added to the table (company)', () => {
  it('is in every module’s table', () => {
    expect(contactFields.map((field) => field.name)).toEqual(['name', 'email', 'phone', 'message', 'company']);
  });

  it('npm run check names the file and each key of wording it needs', async () => {
    const problems = (await checkDataFiles(projectRoot)).filter((problem) => problem.startsWith('content/contact-form.json'));
    expect(problems.map((problem) => problem.replace(/^content\/contact-form\.json:\d+/, 'content/contact-form.json'))).toEqual([
      'content/contact-form.json → « fields.company » est obligatoire. Remettez ce champ avec son texte entre guillemets.',
      'content/contact-form.json → « errors.companyTooShort » est obligatoire. Remettez ce champ avec son texte entre guillemets.',
      'content/contact-form.json → « errors.companyInvalid » est obligatoire. Remettez ce champ avec son texte entre guillemets.',
      'content/contact-form.json → « errors.companyTooLong » est obligatoire. Remettez ce champ avec son texte entre guillemets.',
    ]);
  });

  it('is an input of the form, labelled and limited as the table says', () => {
    const html = renderToString(
      <ContactFormView
        copy={contactForm}
        email="contact@propllc.fr"
        action="/api/contact"
        schema={createContactSchema(contactForm.errors)}
        send={async () => undefined}
      />,
    );
    expect(html).toContain('<label for="contact-company"');
    expect(html).toContain('>Société</label>');
    expect(html).toMatch(
      /<input type="text" autoComplete="organization" id="contact-company" required="" minLength="2" maxLength="100" placeholder="Dupont SAS" class="[^"]+" name="company"\/>/,
    );
  });

  it('is validated with its own messages, and its value is sent', () => {
    const schema = createContactSchema(contactForm.errors);
    expect(validateContact(schema, lead)).toEqual({ success: true, values: lead });
    const short = { ...lead, company: 'M' };
    expect(validateContact(schema, short)).toEqual({
      success: false,
      errors: { company: 'Le nom de la société est trop court' },
      firstInvalid: 'company',
    });
  });

  it('reaches the email, the webhook, the lead file and the receiver’s list of fields to correct', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'propllc-field-'));
    const { fetcher, bodies } = fakeFetch();
    const receiver = createSiteReceiver({
      env: { LEADS_DIR: dir, CONTACT_WEBHOOK_URL: 'https://hooks.example.org/x' },
      store: nodeLeadStore({ LEADS_DIR: dir }),
      fetch: fetcher,
      log: () => undefined,
    });
    let notified: Promise<void> = Promise.resolve();
    expect((await receiver.handle(post(lead), {}, (work) => (notified = work))).status).toBe(200);
    await notified;

    const [file] = (await readdir(dir)).filter((name) => name.endsWith('.json'));
    expect(JSON.parse(await readFile(path.join(dir, file ?? ''), 'utf8'))).toEqual(lead);
    expect(bodies).toEqual([{ text: expect.any(String), ...lead, id: file?.replace(/\.json$/, '') }]);

    const refused = await receiver.handle(post({ ...lead, company: '' }));
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ fields: { company: 'Le nom de la société est trop court' } });

    const email = fakeFetch();
    const brevo = { apiKey: 'k', to: ['contact@propllc.fr'], from: 'site@propllc.fr', senderName: 'PropLLC' };
    await brevoDelivery({ ...brevo, ...contactReceiver.email, labels, fetch: email.fetcher })(lead);
    expect(String(email.bodies[0]?.textContent).split('\n')).toContain('Société\u202f: Martin Trading SAS');
  });

  it('is stored in D1 (its column) and in Netlify Blobs, and read back', async () => {
    const statements: { sql: string; params: readonly (string | null)[] }[] = [];
    const run: SqlRunner = async (sql, params) => {
      statements.push({ sql, params });
      return [];
    };
    await d1LeadStore(run).add(lead, new Date('2026-11-24T10:00:00Z'));
    const [insert] = statements;
    // The field's column after the form's others; then the spam and review reasons, none for this lead.
    expect(insert?.sql).toMatch(
      /^INSERT INTO leads \(id, received_at, name, email, phone, message, company, spam_reasons, review_reasons\) VALUES/,
    );
    expect(insert?.params.slice(-3)).toEqual(['Martin Trading SAS', null, null]);
    const row = { id: '2026-11-24T10-00-00-000Z-0123abcd', received_at: '2026-11-24T10:00:00.000Z', ...lead, notified_at: null };
    expect((await d1LeadStore(async () => [row]).list()).leads).toMatchObject([{ company: 'Martin Trading SAS' }]);
    // Its column does not exist yet: the migration to write is named (tests/integration/lead-store.test.ts checks the real table).
    expect(await missingLeadColumns(contactFields)).toEqual(['company']);

    const blobs = new Map<string, string>();
    const store = {
      set: async (key: string, value: string) => {
        blobs.set(key, value);
        return { modified: true };
      },
      setJSON: async (key: string, value: unknown) => {
        blobs.set(key, JSON.stringify(value));
        return { modified: true };
      },
      get: async (key: string, { type }: { type: string }) => {
        const text = blobs.get(key);
        return text === undefined ? null : type === 'json' ? JSON.parse(text) : text;
      },
      list: async ({ prefix }: { prefix: string }) => ({
        blobs: [...blobs.keys()].filter((key) => key.startsWith(prefix)).map((key) => ({ key })),
      }),
    } as unknown as Store;
    const stored = await blobsLeadStore(store).add(lead, new Date('2026-11-24T10:00:00Z'));
    expect(JSON.parse(blobs.get(`leads/${stored.id}`) ?? '{}')).toEqual({ receivedAt: '2026-11-24T10:00:00.000Z', ...lead });
    expect((await blobsLeadStore(store).list()).leads).toMatchObject([{ company: 'Martin Trading SAS' }]);
  });

  it('is a column of the operator’s table and CSV, after the leads stored before it (empty there)', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'propllc-field-'));
    const store = filesLeadStore(dir);
    const { company: _before, ...older } = lead;
    await store.add(older as ContactValues, new Date());
    await store.add(lead, new Date());
    const { leads } = await store.list();

    const [header, ...rows] = parse(inboxCsv(leads, leadsLines), { delimiter: ';', bom: true }) as string[][];
    expect(header).toEqual(['Date', 'Nom', 'Email', 'Téléphone', 'Message', 'Société', 'Notification']);
    expect(rows.map((row) => row[5]).sort()).toEqual(['', 'Martin Trading SAS']);

    const [tableHeader, ...lines] = inboxTable(leads, leadsLines).split('\n');
    expect(tableHeader).toMatch(/Message +Société +Notification$/);
    expect(lines.some((line) => line.includes('Martin Trading SAS'))).toBe(true);
  });
});
