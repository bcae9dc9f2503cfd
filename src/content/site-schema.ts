/**
 * Shape of `content/site.ts`: brand, company facts, navigation and interface wording.
 * The type editors' file must satisfy is inferred from this schema, and `npm run check`
 * validates the values with French messages.
 */
import * as v from 'valibot';

const text = v.pipe(v.string('doit être un texte entre guillemets'), v.minLength(1, 'ne peut pas être vide'));
const internalPath = v.pipe(text, v.startsWith('/', 'doit être un chemin qui commence par / (par exemple : /contact)'));
const link = v.strictObject({ label: text, to: internalPath });

export const siteSchema = v.strictObject({
  brand: v.strictObject({
    name: text,
    /** One sentence under the brand name in the footer. */
    blurb: text,
  }),
  company: v.strictObject({
    /** Legal name, as registered. */
    name: text,
    legalForm: text,
    shareCapital: text,
    registration: text,
    address: text,
    email: v.pipe(text, v.email('doit être une adresse email valide')),
    phone: text,
    publicationDirector: text,
    host: v.strictObject({ name: text, address: text, website: text }),
  }),
  /** Labels of the company and host facts listed in the legal notice (<CompanyFacts />, <HostFacts />). */
  legalLabels: v.strictObject({
    name: text,
    legalForm: text,
    shareCapital: text,
    registration: text,
    address: text,
    email: text,
    phone: text,
    publicationDirector: text,
    hostName: text,
    hostAddress: text,
    hostWebsite: text,
  }),
  nav: v.strictObject({
    label: text,
    links: v.array(link),
    cta: link,
    openMenu: text,
    closeMenu: text,
  }),
  footer: v.strictObject({
    navTitle: text,
    legalTitle: text,
    legalLinks: v.array(link),
    /** `{year}` and `{brand}` are replaced when the page is built. */
    copyright: text,
  }),
  a11y: v.strictObject({
    skipLink: text,
    homeLink: text,
  }),
  notFound: v.strictObject({
    code: text,
    title: text,
    text: text,
    home: text,
    /** Label of the link to /contact under the home link. */
    contact: text,
    metaTitle: text,
    /** Line logged in the browser console; `{path}` is replaced by the missing path. */
    consoleMessage: text,
  }),
  error: v.strictObject({
    title: text,
    text: text,
    home: text,
    contact: text,
  }),
});

export type SiteContent = v.InferOutput<typeof siteSchema>;
