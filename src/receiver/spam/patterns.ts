/**
 * The operator's list of form-spam patterns, content/indesirables/motifs.json: one regular expression a line,
 * case-insensitive. Imported as JSON (Cloudflare's and Netlify's functions read no file at run time), checked
 * at import: a pattern that does not compile stops the receiver with its line, like a broken content file.
 * The file sits in a folder of its own so that the French proofreading of content/*.json leaves its (often
 * English) patterns alone.
 */
import * as v from 'valibot';
import data from '../../../content/indesirables/motifs.json';
import { contactReceiver } from '../../content-data/contact-receiver.ts';
import { fillTemplate } from '../template.ts';

const compiles = (source: string) => {
  try {
    new RegExp(source, 'iu');
    return true;
  } catch {
    return false;
  }
};

const motifsSchema = v.strictObject({
  lisezMoi: v.string(),
  motifs: v.array(
    v.pipe(
      v.string(),
      v.minLength(1),
      v.check(compiles, (issue) => fillTemplate(contactReceiver.spam.invalidPattern, { pattern: String(issue.input) })),
    ),
  ),
});

export const spamPatterns: readonly RegExp[] = v.parse(motifsSchema, data).motifs.map((source) => new RegExp(source, 'iu'));
