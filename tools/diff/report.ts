/**
 * The Markdown report of `npm run diff`, in French: its readers are the reviewers of French copy.
 *
 * Word-level changes are written `<del>…</del>` and `<ins>…</ins>` (struck through and underlined on GitHub).
 * Words are cut at spaces only, so punctuation stays with its word: `LLC?` → `LLC ?` reads as one change, which
 * is how French typography changes are best seen. No-break spaces are shown as ordinary spaces; a change of space
 * alone is named in words.
 */
import { diffArrays, diffChars } from 'diff';
import type { Block, BlockKind, PageText, Section } from './extract.ts';
import { displayText, type BlockChange, type PageChange, type SectionChange, type SiteComparison } from './compare.ts';
import { notFoundUrl } from './built-site.ts';

export interface ReportOptions {
  /** How the old side is named (`main`, a short commit hash…). */
  before: string;
  /** How the new side is named. */
  after: string;
  /** Origin of a deploy preview of the new side: each page gets a link there. */
  previewUrl?: string;
  /** Spelling and grammar findings the change adds, by page URL (./proofread.ts). */
  findings?: Map<string, string[]>;
}

/** French spacing for the report's own sentences: no-break space before `: ; ? !` and inside « ». */
function fr(text: string): string {
  return text.replace(/ ([:;?!»])/g, '\u00a0$1').replace(/« /g, '«\u00a0');
}

/** Page text as Markdown text: nothing in it may turn into markup. */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\\`*_[\]~|#]/g, '\\$&')
    .replace(/^(\d+)\. /, '$1\\. ')
    .replace(/^([-+]) /, '\\$1 ');
}

const blockLabels: Partial<Record<BlockKind, string>> = {
  title: "Titre de l'onglet",
  description: 'Description pour les moteurs de recherche',
  heading: 'Titre',
  question: 'Question',
  answer: 'Réponse',
  button: 'Bouton',
  link: 'Lien',
  label: 'Libellé de champ',
  placeholder: 'Exemple dans le champ',
  image: "Texte de l'image",
  a11y: "Lu par les lecteurs d'écran",
};

function labelOf(block: Block | undefined): string {
  const label = block ? blockLabels[block.kind] : undefined;
  return label ? `*${fr(`${label} :`)}* ` : '';
}

const contextWords = 12;

/** Word-level diff of two texts, unchanged stretches shortened to a few words around each change. */
export function wordDiff(before: string, after: string): string {
  const left = displayText(before).split(' ').filter(Boolean);
  const right = displayText(after).split(' ').filter(Boolean);
  type Part = { equal: string[] } | { removed: string[]; added: string[] };
  const parts: Part[] = [];
  for (const change of diffArrays(left, right)) {
    const last = parts.at(-1);
    if (!change.added && !change.removed) {
      parts.push({ equal: change.value });
    } else if (last && !('equal' in last)) {
      (change.added ? last.added : last.removed).push(...change.value);
    } else {
      parts.push(change.added ? { removed: [], added: change.value } : { removed: change.value, added: [] });
    }
  }
  // "3 à 4" → "4 à 5" is best read as one replacement, not as "3 à" removed and "à 5" added around a kept "4":
  // a short kept stretch between a removal and an addition joins them.
  for (let index = 1; index < parts.length - 1; index += 1) {
    const [previous, kept, next] = [parts[index - 1], parts[index], parts[index + 1]];
    if (!previous || !kept || !next || !('equal' in kept) || 'equal' in previous || 'equal' in next) continue;
    const oneSided = (part: { removed: string[]; added: string[] }) => (part.removed.length === 0) !== (part.added.length === 0);
    if (kept.equal.length > 2 || !oneSided(previous) || !oneSided(next) || previous.removed.length > 0 === next.removed.length > 0)
      continue;
    parts.splice(index - 1, 3, {
      removed: [...previous.removed, ...kept.equal, ...next.removed],
      added: [...previous.added, ...kept.equal, ...next.added],
    });
    index -= 1;
  }
  const out: string[] = [];
  parts.forEach((part, index) => {
    if ('equal' in part) {
      const first = index === 0;
      const last = index === parts.length - 1;
      const words = part.equal;
      const text = (slice: string[]) => escapeMarkdown(slice.join(' '));
      if (first && !last && words.length > contextWords) out.push(`… ${text(words.slice(-contextWords))}`);
      else if (last && !first && words.length > contextWords) out.push(`${text(words.slice(0, contextWords))} …`);
      else if (!first && !last && words.length > 2 * contextWords) {
        out.push(`${text(words.slice(0, contextWords))} … ${text(words.slice(-contextWords))}`);
      } else out.push(text(words));
      return;
    }
    const change: string[] = [];
    if (part.removed.length > 0) change.push(`<del>${escapeMarkdown(part.removed.join(' '))}</del>`);
    if (part.added.length > 0) change.push(`<ins>${escapeMarkdown(part.added.join(' '))}</ins>`);
    out.push(change.join(' '));
  });
  return out.join(' ');
}

const spaceNames: Record<string, string> = {
  ' ': 'espace',
  '\u00a0': 'espace insécable',
  '\u202f': 'espace fine insécable',
  '\u2009': 'espace fine',
  '': 'pas d’espace',
};

function spaceName(value: string): string {
  return spaceNames[value] ?? `U+${value.codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The words around `after[start, end)`, whole words only. */
function around(text: string, start: number, end: number): string {
  const from = Math.max(0, start - 16);
  const to = Math.min(text.length, end + 16);
  let slice = text.slice(from, to);
  if (from > 0) slice = slice.replace(/^\S*\s/, '');
  if (to < text.length) slice = slice.replace(/\s\S*$/, '');
  return displayText(slice);
}

/** The words are the same, only spaces differ: say where and which, since both show as spaces. */
function spaceChanges(before: string, after: string): string {
  const notes: string[] = [];
  let position = 0;
  const parts = diffChars(before, after);
  for (let index = 0; index < parts.length; index += 1) {
    const part = parts[index];
    if (!part) continue;
    if (!part.added && !part.removed) {
      position += part.value.length;
      continue;
    }
    const next = parts[index + 1];
    const removed = part.removed ? part.value : '';
    const added = part.added ? part.value : next?.added ? next.value : '';
    if (part.removed && next?.added) index += 1;
    const context = around(after, position, position + added.length);
    notes.push(fr(`« ${escapeMarkdown(context)} » : ${spaceName(removed)} → ${spaceName(added)}`));
    position += added.length;
  }
  return notes.join(' ; ');
}

function blockLine(change: BlockChange): string {
  const block = change.after ?? change.before;
  const label = labelOf(block);
  if (change.kind === 'added') return `- ${label}<ins>${escapeMarkdown(displayText(change.after?.text ?? ''))}</ins>`;
  if (change.kind === 'removed') return `- ${label}<del>${escapeMarkdown(displayText(change.before?.text ?? ''))}</del>`;
  if (change.kind === 'spaces') {
    return `- ${label}${fr('espaces seulement : ')}${spaceChanges(change.before?.text ?? '', change.after?.text ?? '')}`;
  }
  return `- ${label}${wordDiff(change.before?.text ?? '', change.after?.text ?? '')}`;
}

function sectionTitle(change: SectionChange): string {
  const label = escapeMarkdown(displayText((change.after ?? change.before)?.label ?? ''));
  if (change.kind === 'added') return fr(`#### Nouvelle section : ${label}`);
  if (change.kind === 'removed') return fr(`#### Section supprimée : ${label}`);
  return `#### ${label}`;
}

function pageLink(url: string, previewUrl: string | undefined): string {
  if (!previewUrl) return '';
  const target = `${previewUrl.replace(/\/+$/, '')}${url === notFoundUrl ? '/404.html' : url}`;
  return ` · [voir sur l'aperçu](${target})`;
}

function pageName(url: string): string {
  return url === notFoundUrl ? '`404.html` (page introuvable)' : `\`${url}\``;
}

/** A new page: its own sections, in plain text (the header and footer are those of every page). */
function outline(text: PageText): string[] {
  const lines: string[] = [];
  const own = (section: Section) => section.kind !== 'header' && section.kind !== 'footer' && section.kind !== 'start';
  for (const section of text.sections.filter(own)) {
    lines.push('', `#### ${escapeMarkdown(displayText(section.label))}`, '');
    for (const block of section.blocks) lines.push(`- ${labelOf(block)}${escapeMarkdown(displayText(block.text))}`);
  }
  return lines;
}

function titleOf(text: PageText): string | undefined {
  return text.sections.flatMap((section) => section.blocks).find((block) => block.kind === 'title')?.text;
}

/** The findings the change adds on a page, after its changes. */
function findingLines(url: string, options: ReportOptions): string[] {
  const findings = options.findings?.get(url) ?? [];
  if (findings.length === 0) return [];
  return ['', fr('#### Orthographe et grammaire : fautes ajoutées'), '', ...findings.map((finding) => `- ${escapeMarkdown(finding)}`)];
}

function pageSection(page: PageChange, options: ReportOptions): string[] {
  return [...pageChanges(page, options), ...findingLines(page.url, options)];
}

function pageChanges(page: PageChange, options: ReportOptions): string[] {
  const name = pageName(page.url);
  switch (page.kind) {
    case 'changed':
      return [
        '',
        fr(`### ${name} : texte modifié${pageLink(page.url, options.previewUrl)}`),
        ...page.sections.flatMap((section) => ['', sectionTitle(section), '', ...section.blocks.map(blockLine)]),
      ];
    case 'added':
      return ['', fr(`### ${name} : nouvelle page${pageLink(page.url, options.previewUrl)}`), ...outline(page.after)];
    case 'removed': {
      const title = titleOf(page.before);
      return [
        '',
        fr(`### ${name} : page supprimée`),
        '',
        title ? fr(`Son titre était « ${escapeMarkdown(displayText(title))} ».`) : fr('Elle n’avait pas de titre.'),
      ];
    }
    case 'markup':
      return [
        '',
        fr(`### ${name} : mise en forme modifiée${pageLink(page.url, options.previewUrl)}`),
        '',
        fr('Aucun changement de texte visible : le code HTML de la page change (réglage d’un composant, mise en page), pas ses mots.'),
      ];
  }
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

export function renderReport(comparison: SiteComparison, options: ReportOptions): string {
  const of = (kind: PageChange['kind']) => comparison.pages.filter((page) => page.kind === kind);
  const list = (pages: PageChange[]) => pages.map((page) => pageName(page.url)).join(', ');
  const lines = ['## Relecture : le texte des pages', '', fr(`Avant : ${options.before} · après : ${options.after}.`)];
  const summary: [PageChange['kind'], string, string][] = [
    ['changed', 'page au texte modifié', 'pages au texte modifié'],
    ['added', 'nouvelle page', 'nouvelles pages'],
    ['removed', 'page supprimée', 'pages supprimées'],
    [
      'markup',
      'page à la mise en forme modifiée, sans changement de texte visible',
      'pages à la mise en forme modifiée, sans changement de texte visible',
    ],
  ];
  const counts = summary.filter(([kind]) => of(kind).length > 0);
  lines.push('');
  if (counts.length === 0) lines.push('Aucune page ne change de texte visible ni de mise en forme.');
  for (const [kind, one, many] of counts) lines.push(fr(`- ${plural(of(kind).length, one, many)} : ${list(of(kind))}`));
  if (comparison.unchanged.length > 0) {
    lines.push(`- ${plural(comparison.unchanged.length, 'page inchangée', 'pages inchangées')}`);
  }
  if (comparison.stylesheetChanged) {
    lines.push(
      '',
      fr('> La feuille de style du site change : l’apparence de toutes les pages peut changer, même là où le texte est le même.'),
    );
  }
  for (const page of comparison.pages) lines.push(...pageSection(page, options));
  return `${lines.join('\n')}\n`;
}
