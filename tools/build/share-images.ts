/**
 * The share image (Open Graph) of every built page: 1200 × 630 PNG of its og:title and the brand name, drawn with
 * satori (element tree → SVG) and sharp (SVG → PNG), no browser. The pages are those of dist/ that carry an
 * og:title (every page of the registry, indexed or not: each can be shared; the not-found page has none), so a page
 * added later gets its image with no change here. Each PNG is cached under node_modules/.cache/ by a hash of what it
 * shows (title, brand name, colours, font file, this file's source): a rebuild with unchanged titles renders nothing.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brandColors } from '../../src/site/styles/brand-colors.ts';
import { shareImage, shareImagePath } from '../../src/site/share-image.ts';

/** The template is this file: any change to it (layout, sizes, clamping) redraws every image, with no version to bump. */
const templateSource = readFileSync(fileURLToPath(import.meta.url), 'utf8');
const fontFile = 'node_modules/@fontsource/inter/files/inter-latin-700-normal.woff';
const defaultCacheDir = 'node_modules/.cache/propllc-share-images';

export interface ShareCard {
  title: string;
  brandName: string;
}

let fontBytes: Buffer | undefined;
const font = () => (fontBytes ??= readFileSync(fontFile));

/** What the image shows, hashed: the cache key. */
export function shareImageHash({ title, brandName }: ShareCard): string {
  return createHash('sha256')
    .update(JSON.stringify({ title, brandName, brandColors }))
    .update(templateSource)
    .update(font())
    .digest('hex');
}

/** Characters that fit in three lines at the smallest size; a longer title is cut at a word and ends with « … ». */
const maxTitleLength = 100;

/** The title as the card shows it: without the « | PropLLC » that ends most titles (the brand is on the card). */
export function cardTitle(title: string, brandName: string): string {
  const shown = title.replace(new RegExp(`\\s*[|·–—-]\\s*${brandName}\\s*$`), '').trim();
  if (shown.length <= maxTitleLength) return shown;
  const cut = shown.slice(0, maxTitleLength).replace(/[\s,;:.!?]+\S*$/, '');
  return `${cut}…`;
}

/** Long titles get a smaller size, so that up to three lines fit. */
function titleSize(title: string): number {
  if (title.length <= 36) return 76;
  if (title.length <= 64) return 64;
  return 54;
}

type Node = { type: string; props: Record<string, unknown> };
const el = (type: string, style: Record<string, unknown>, children?: unknown): Node => ({
  type,
  props: { style, children },
});

function tree({ title: pageTitle, brandName }: ShareCard): Node {
  const title = cardTitle(pageTitle, brandName);
  const { navy, navyLight, navyText, accent, white } = brandColors;
  return el(
    'div',
    {
      width: shareImage.width,
      height: shareImage.height,
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'space-between',
      boxSizing: 'border-box',
      padding: '72px 88px',
      backgroundColor: navy,
      backgroundImage: `linear-gradient(135deg, ${navy} 55%, ${navyLight})`,
      color: white,
      fontFamily: 'Inter',
    },
    [
      el('div', { display: 'flex', alignItems: 'center', fontSize: 40, color: navyText }, [
        el('div', { width: 20, height: 20, borderRadius: 4, backgroundColor: accent, marginRight: 20 }),
        brandName,
      ]),
      el('div', { display: 'flex', flexDirection: 'column', width: '100%' }, [
        el('div', { width: 120, height: 10, borderRadius: 5, backgroundColor: accent, marginBottom: 32 }),
        el(
          'div',
          {
            display: 'flex',
            width: '100%',
            fontSize: titleSize(title),
            lineHeight: 1.15,
            letterSpacing: '-0.02em',
          },
          title,
        ),
      ]),
    ],
  );
}

async function renderShareImage(card: ShareCard): Promise<Buffer> {
  const { default: satori } = await import('satori');
  const { default: sharp } = await import('sharp');
  const svg = await satori(tree(card) as never, {
    width: shareImage.width,
    height: shareImage.height,
    fonts: [{ name: 'Inter', data: font(), weight: 700, style: 'normal' }],
  });
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toBuffer();
}

/** The PNG of a card, from the cache or rendered (and cached). `rendered` says which. */
export async function cachedShareImage(
  card: ShareCard,
  cacheDir = defaultCacheDir,
): Promise<{ png: Buffer; hash: string; rendered: boolean }> {
  const hash = shareImageHash(card);
  const cached = path.join(cacheDir, `${hash}.png`);
  if (existsSync(cached)) return { png: readFileSync(cached), hash, rendered: false };
  const png = await renderShareImage(card);
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(cached, png);
  return { png, hash, rendered: true };
}

const decodeEntities = (text: string) =>
  text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** `<meta property="…" content="…"/>` of a page's HTML. */
export function metaProperty(html: string, property: string): string | undefined {
  const tag = html.match(new RegExp(`<meta\\b[^>]*\\bproperty="${property}"[^>]*>`, 'i'))?.[0];
  const content = tag?.match(/\bcontent="([^"]*)"/)?.[1];
  return content === undefined ? undefined : decodeEntities(content);
}

/** Route path of an HTML file of dist/ (flat files: `about.html` → `/about`, `index.html` → `/`). */
export function routeOfFile(relative: string): string {
  const route = `/${relative
    .split(path.sep)
    .join('/')
    .replace(/\.html$/, '')}`;
  return route.replace(/(^|\/)index$/, '') || '/';
}

/** Writes dist/partage/*.png for every page of dist/ with an og:title; returns how many were rendered and reused. */
export async function writeShareImages(dist: string, brandName: string) {
  const files = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));
  let rendered = 0;
  let reused = 0;
  for (const file of files) {
    const html = readFileSync(path.join(dist, file), 'utf8');
    const title = metaProperty(html, 'og:title');
    if (title === undefined) continue;
    const url = shareImagePath(routeOfFile(file));
    const declared = metaProperty(html, 'og:image');
    if (!declared?.endsWith(url)) throw new Error(`${file}: og:image is ${declared}, expected it to end with ${url}`);
    const image = await cachedShareImage({ title, brandName });
    const target = path.join(dist, url);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, image.png);
    if (image.rendered) rendered++;
    else reused++;
  }
  return { rendered, reused };
}
