/**
 * The propfirms' own sites: a trader comparing them links to them, so such links never count towards the decisive
 * « three links » (./weights.ts). The sites of the propfirms of content/propfirms.json (their sources' domains), and
 * the other firms traders name most, which our table does not list.
 */
import { propfirms } from '../../../content/data/propfirms.ts';

const others = [
  'topstep.com',
  'topstepx.com',
  'ftmo.com',
  'the5ers.com',
  'apextraderfunding.com',
  'fundednext.com',
  'myfundedfutures.com',
  'e8markets.com',
  'fundingpips.com',
  'fxify.com',
  'alphacapitalgroup.uk',
  'thetradingpit.com',
  'tradeday.com',
  'takeprofittrader.com',
  'earn2trade.com',
  'bulenox.com',
  'blueberryfunded.com',
  'fundedtradingplus.com',
  'goatfundedtrader.com',
  'maventrading.com',
];

/** The last two labels of a host (`help.futures.topstep.com` → `topstep.com`), or three for `co.uk`-like ones. */
function siteOf(host: string): string {
  const labels = host.toLowerCase().replace(/\.$/, '').split('.');
  const keep = labels.length > 2 && /^(?:co|com|org|net)$/.test(labels.at(-2) ?? '') && (labels.at(-1) ?? '').length === 2 ? 3 : 2;
  return labels.slice(-keep).join('.');
}

const ours = propfirms.propfirms.flatMap((firm) => {
  try {
    return [siteOf(new URL(firm.source).hostname)];
  } catch {
    return [];
  }
});

const sites = new Set([...ours, ...others]);

/** Whether a link (`https://…`, `www.…`, `example.com/…`) leads to a propfirm's site. */
export function propfirmLink(link: string): boolean {
  const host = /^(?:https?:\/\/)?([^/\s?#:]+)/i.exec(link)?.[1] ?? '';
  return host !== '' && sites.has(siteOf(host));
}
