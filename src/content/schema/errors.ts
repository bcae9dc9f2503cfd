/**
 * How a content problem is carried: the file (and line when known), and the French sentence of ./messages.ts:
 *   content/faq/cout.mdx:2 → « question » est obligatoire. Ajoutez une ligne « question: … » en haut du fichier, entre les deux lignes ---.
 */
export class ContentError extends Error {
  override name = 'ContentError';
  constructor(
    /** Path from the project root, e.g. `content/faq/cout.mdx`. */
    readonly file: string,
    readonly problem: string,
    readonly line?: number,
  ) {
    super(`${file}${line ? `:${line}` : ''} → ${problem}`);
  }
}

/** The candidate closest to a misspelt name (`titel` → `title`), if one is close enough to be a typo. */
export function closest(name: string, candidates: readonly string[]): string | undefined {
  const distance = (a: string, b: string): number => {
    let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
    for (let i = 1; i <= a.length; i++) {
      const current = [i];
      for (let j = 1; j <= b.length; j++) {
        const cost = a[i - 1]?.toLowerCase() === b[j - 1]?.toLowerCase() ? 0 : 1;
        current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      }
      previous = current;
    }
    return previous[b.length] ?? Infinity;
  };
  let best: { candidate: string; score: number } | undefined;
  for (const candidate of candidates) {
    const score = distance(name, candidate);
    if (score <= Math.max(2, Math.floor(candidate.length / 3)) && (!best || score < best.score)) best = { candidate, score };
  }
  return best?.candidate;
}

/** Several problems found in one file: `npm run check` lists each; the build shows them all at once. */
export class ContentErrors extends Error {
  override name = 'ContentErrors';
  constructor(readonly errors: readonly ContentError[]) {
    super(errors.map((error) => error.message).join('\n'));
  }
}
