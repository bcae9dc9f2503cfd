/**
 * Which connections may tell the client's address and scheme (X-Forwarded-For, X-Forwarded-Proto).
 *   CONTACT_TRUST_PROXY  the reverse proxies in front of `npm start`: `1`/`true`/`loopback` (a proxy on
 *                        this machine), or addresses and ranges, comma-separated (`10.0.0.2`,
 *                        `10.0.0.0/8`, `loopback`, `uniquelocal`…). Unset: the headers are ignored.
 *   CONTACT_PROXY_HOPS   how many proxies stand in front, the trusted one included (default 1; a CDN in
 *                        front of a reverse proxy makes 2), so the address counted is the visitor's,
 *                        not the CDN's.
 * X-Forwarded-For is read only when the connection itself comes from a trusted proxy: a client that
 * reaches the port directly cannot choose its address. The walk along the header is `proxy-addr`'s
 * (Express's own), not hand-written.
 */
import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';
import type { Settings } from '../../contact/settings.ts';
import { settingsLines } from '../../contact/lines.ts';
import { fillTemplate } from '../../content/template.ts';

export interface ProxyTrust {
  client(request: IncomingMessage): { address?: string; forwardedProto?: 'http' | 'https' };
}

function forwardedProto(request: IncomingMessage): 'http' | 'https' | undefined {
  const header = request.headers['x-forwarded-proto'];
  const value = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim().toLowerCase();
  // Anything else (`1`, `javascript`, empty) is ignored: the scheme becomes part of a URL.
  return value === 'http' || value === 'https' ? value : undefined;
}

/** The proxies of the settings (src/contact/settings.ts, `proxy`), or the lines to correct. */
export function readProxyTrust(settings: Settings['proxy']): { proxy?: ProxyTrust; problems: string[] } {
  const raw = settings.trust ?? '';
  const rawHops = settings.hops ?? '';
  const invalid = (name: string) => fillTemplate(settingsLines.proxy, { name });
  const problems: string[] = [];
  let hops = 1;
  if (rawHops !== '') {
    if (/^\d+$/.test(rawHops) && Number(rawHops) >= 1) hops = Number(rawHops);
    else problems.push(invalid('CONTACT_PROXY_HOPS'));
  }
  if (raw === '' || raw === '0' || raw.toLowerCase() === 'false') return { problems };
  let trusted: (address: string, index: number) => boolean;
  try {
    const list = raw === '1' || raw.toLowerCase() === 'true' ? ['loopback'] : raw.split(',').map((entry) => entry.trim());
    trusted = proxyaddr.compile(list);
  } catch {
    return { problems: [...problems, invalid('CONTACT_TRUST_PROXY')] };
  }
  // Hop 0 is the connection itself: it must be a listed proxy. The next ones are proxies as far as the count says.
  const trust = (address: string, hop: number) => trusted(address, hop) || (hop > 0 && hop < hops);
  return {
    problems,
    proxy: {
      client(request) {
        const peer = request.socket.remoteAddress;
        if (!peer || !trusted(peer, 0)) return { address: peer };
        return { address: proxyaddr(request, trust), forwardedProto: forwardedProto(request) };
      },
    },
  };
}
