/**
 * Privacy relays: services that give a visitor an address of their own, forwarding to their real inbox, and
 * through which an answer reaches them. Careful people use them on contact forms; they are no throw-away
 * address, whatever the `mailchecker` list (which holds many of them) says. An address at one of these domains,
 * or at a subdomain of one (addy.io and SimpleLogin give each user their own), is never a spam signal.
 * mail.com's permanent domains are here too: ordinary mailboxes that mailchecker lists by mistake.
 */
export const privacyRelays: Readonly<Record<string, readonly string[]>> = {
  'DuckDuckGo Email Protection': ['duck.com'],
  'Firefox Relay': ['mozmail.com', 'relay.firefox.com'],
  'Proton Pass': ['passmail.net', 'passmail.com', 'passinbox.com', 'passfwd.com'],
  SimpleLogin: [
    'simplelogin.com',
    'simplelogin.fr',
    'simplelogin.co',
    'simplelogin.io',
    'aleeas.com',
    'slmail.me',
    'silomails.com',
    'slmails.com',
    '8alias.com',
    '8shield.net',
    'dralias.com',
  ],
  'addy.io': ['addy.io', 'anonaddy.com', 'anonaddy.me'],
  'iCloud Hide My Email': ['privaterelay.appleid.com', 'icloud.com'],
  '33mail': ['33mail.com'],
  'mail.com': [
    'consultant.com',
    'contractor.net',
    'dr.com',
    'myself.com',
    'optician.com',
    'photographer.net',
    'presidency.com',
    'priest.com',
    'qualityservice.com',
    'fastservice.com',
    'salesperson.net',
    'techie.com',
    'writeme.com',
    'birdlover.com',
  ],
};

const relayDomains = new Set(Object.values(privacyRelays).flat());

/** The domain and each domain it belongs to: `a.b.anonaddy.com` → `a.b.anonaddy.com`, `b.anonaddy.com`, `anonaddy.com`. */
export function domainsOf(email: string): string[] {
  const parts = (email.trim().toLowerCase().split('@').pop() ?? '').split('.');
  return parts.slice(0, -1).map((_, start) => parts.slice(start).join('.'));
}

/** Whether the address is at a privacy relay (or a subdomain of one). */
export const privacyRelay = (email: string) => domainsOf(email).some((domain) => relayDomains.has(domain));
