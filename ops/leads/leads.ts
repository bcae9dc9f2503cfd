/**
 * `npm run leads`: the operator's inbox over the lead store of a deployment. Without option it lists the
 * leads of LEADS_DIR (default leads/, read as the server writes them), newest first; `--local` or
 * `--remote` reads Cloudflare's D1 database (LEADS_DB) through wrangler (src/hosts/cloudflare/wrangler-d1.ts); `--netlify` reads the
 * site's Netlify Blobs store `leads` through Netlify's API, with the settings the Netlify CLI uses
 * (NETLIFY_SITE_ID, NETLIFY_AUTH_TOKEN). `--csv FILE` exports them for French spreadsheets into a new
 * file (mode 0600, never through an existing file or link), `--email EMAIL` keeps one person's leads, those
 * set apart as spam included (access request), `--forget EMAIL` deletes them with every key naming them (GDPR
 * art. 17), `--purge` deletes those past the retention
 * period of the GDPR notice, `--retry ID` puts a lead back « à notifier » (attempts 0, due at once) once the
 * cause of its « échec » is fixed (a lead already sent only with `--force`; a lead a sender holds is waited for),
 * `--retry` alone puts back every « échec » lead (`--depuis AAAA-MM-JJ`: those received that day or after). While
 * the delivery is broken (an incident, src/api/contact/notify.ts), the list says so above the table. No
 * confirmation is asked, so that each can be scripted; what was deleted is
 * printed. A record that cannot be read is named, skipped, and the others are handled. Every message is French
 * (./lines.ts); visitor text is printed with whatever a terminal would act on shown escaped
 * (ops/terminal-text.ts).
 */
import { inThisProcess } from '../command.ts';
import { leadsCommand } from './command.ts';

await inThisProcess(leadsCommand);
