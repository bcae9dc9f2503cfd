// @vitest-environment node
/**
 * Adding a field to the contact form is one entry in src/contact/contact-fields.ts plus its wording. Here every
 * module gets the table with one more field, `company`, and its value is followed to what each person sees:
 * the form's input, the receiver's list of fields to correct, the email, the webhook, the stored lead in each
 * store (one JSON record per lead, whatever the driver: no column nor migration to add), and the operator's table
 * and CSV. Without its wording, `npm run check` names the file and the keys.
 */
import { mkdtemp, readFile } from 'node:fs/promises';
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
import { brevoDelivery } from '../../src/api/contact/delivery/brevo.ts';
import { inboxCsv, inboxTable } from '../../ops/leads/inbox.ts';
import { labels } from '../../src/api/contact/channel.ts';
import { spamCaps } from '../../src/api/contact/spam/weights.ts';
import type { Driver } from '../../src/api/store/driver.ts';
import { leadStore } from '../../src/api/store/lead-store.ts';
import { memoryDriver } from '../../src/api/store/memory-driver.ts';
import { blobsDriver } from '../../src/hosts/netlify/blobs-driver.ts';
import { d1Driver, type SqlRunner } from '../../src/hosts/cloudflare/d1-driver.ts';
import { filesDriver } from '../../src/hosts/node/files-driver.ts';
import { testApi } from '../fixtures/api.ts';
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

/** The lead store over a driver, as every host opens it. */
const storeOver = (driver: Driver) => leadStore(driver, { spamCaps });

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

  it('reaches the webhook, the lead’s record in LEADS_DIR and the receiver’s list of fields to correct', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'propllc-field-'));
    const site = await testApi({ CONTACT_WEBHOOK_URL: 'https://hooks.example.org/x' }, { leads: filesDriver(dir) });
    expect((await site.post(lead)).status).toBe(200);
    await site.settle();

    const [stored] = (await storeOver(filesDriver(dir)).list()).leads;
    const record = JSON.parse(await readFile(path.join(dir, 'lead', `${stored?.id}.json`), 'utf8'));
    expect(record).toMatchObject(lead);
    expect(site.sent.map((sent) => sent.body)).toEqual([{ text: expect.any(String), ...lead, id: stored?.id }]);

    const refused = await site.post({ ...lead, company: '' });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ fields: { company: 'Le nom de la société est trop court' } });
  });

  it('reaches the email, under its label, sent by Brevo for the stored lead', async () => {
    const brevo = { apiKey: 'k', to: ['contact@propllc.fr'], from: 'site@propllc.fr', senderName: 'PropLLC' };
    const email = fakeFetch();
    await brevoDelivery({ ...brevo, ...contactReceiver.email, labels, fetch: email.fetcher })(lead);
    expect(String(email.bodies[0]?.textContent).split('\n')).toContain('Société\u202f: Martin Trading SAS');

    const site = await testApi({ BREVO_API_KEY: 'k', CONTACT_TO: 'contact@propllc.fr', CONTACT_FROM: 'site@propllc.fr' });
    expect((await site.post(lead)).status).toBe(200);
    await site.settle();
    expect(site.sent).toHaveLength(1);
    expect(String((site.sent[0]?.body as { textContent?: string } | undefined)?.textContent).split('\n')).toContain(
      'Société\u202f: Martin Trading SAS',
    );
    expect((await storeOver(site.leads).list()).leads.map((stored) => stored.notification.state)).toEqual(['sent']);
  });

  it('is kept in the lead’s record by every driver (memory, D1’s kv table, Netlify Blobs), and read back', async () => {
    const at = new Date('2026-11-24T10:00:00Z');
    const memory = memoryDriver();
    const added = await storeOver(memory).add(lead, at);
    expect(added).toMatchObject({ company: 'Martin Trading SAS' });
    expect((await storeOver(memory).list()).leads).toMatchObject([{ company: 'Martin Trading SAS' }]);

    // D1: the record is the value of its `lead/<id>` row; no column of its own, so no migration to write.
    const statements: { sql: string; params: readonly (string | null)[] }[] = [];
    const run: SqlRunner = async (sql, params) => {
      statements.push({ sql, params });
      return sql.startsWith('INSERT') ? [{ version: 1 }] : [];
    };
    const inD1 = await storeOver(d1Driver(run, 'D1')).add(lead, at);
    const insert = statements.find(({ sql, params }) => sql.startsWith('INSERT INTO kv') && String(params[0]).startsWith('lead/'));
    expect(insert?.params[0]).toBe(`lead/${'id' in inD1 ? inD1.id : ''}`);
    expect(JSON.parse(String(insert?.params[1]))).toMatchObject({ company: 'Martin Trading SAS' });
    // Read back: the listing of `lead/` names its row, whose value is the record written.
    const row = { key: insert?.params[0] ?? null, value: insert?.params[1] ?? null, version: 1 };
    const reading: SqlRunner = async (sql, params) => {
      if (sql.startsWith('SELECT key FROM kv')) return params[0] === 'lead/' ? [{ key: row.key }] : [];
      return params.includes(row.key) ? [row] : [];
    };
    const fromD1 = (await storeOver(d1Driver(reading, 'D1')).list()).leads;
    expect(fromD1).toMatchObject([{ company: 'Martin Trading SAS' }]);

    // Netlify Blobs: the record is the blob's text.
    const blobs = new Map<string, string>();
    const store = {
      set: async (key: string, value: string) => {
        blobs.set(key, value);
        return { modified: true, etag: `"${blobs.size}"` };
      },
      getWithMetadata: async (key: string) => {
        const data = blobs.get(key);
        return data === undefined ? null : { data, etag: '"1"', metadata: {} };
      },
      list: ({ prefix }: { prefix: string }) =>
        (async function* () {
          yield {
            blobs: [...blobs.keys()].filter((key) => key.startsWith(prefix)).map((key) => ({ key, etag: '"1"' })),
            directories: [],
          };
        })(),
      delete: async (key: string) => {
        blobs.delete(key);
      },
    } as unknown as Store;
    const inBlobs = await storeOver(blobsDriver(store, 'Blobs')).add(lead, at);
    expect(JSON.parse(blobs.get(`lead/${'id' in inBlobs ? inBlobs.id : ''}`) ?? '{}')).toMatchObject({
      receivedAt: '2026-11-24T10:00:00.000Z',
      ...lead,
    });
    expect((await storeOver(blobsDriver(store, 'Blobs')).list()).leads).toMatchObject([{ company: 'Martin Trading SAS' }]);
  });

  it('is a column of the operator’s table and CSV, after the leads stored before it (empty there)', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'propllc-field-'));
    const store = storeOver(filesDriver(dir));
    const { company: _before, ...older } = lead;
    await store.add(older as ContactValues, new Date());
    await store.add(lead, new Date(Date.now() + 1));
    const { leads } = await store.list();

    const [header, ...rows] = parse(inboxCsv(leads, leadsLines), { delimiter: ';', bom: true }) as string[][];
    expect(header).toEqual(['Date', 'Nom', 'Email', 'Téléphone', 'Message', 'Société', 'Notification']);
    expect(rows.map((row) => row[5]).sort()).toEqual(['', 'Martin Trading SAS']);

    const [tableHeader, ...lines] = inboxTable(leads, leadsLines).split('\n');
    expect(tableHeader).toMatch(/Message +Société +Notification$/);
    expect(lines.some((line) => line.includes('Martin Trading SAS'))).toBe(true);
  });
});
