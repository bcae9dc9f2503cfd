/**
 * The icons an editor may name in `<Card icon="…">`. A fixed list keeps each page's JavaScript down to the
 * icons it shows (lucide has over a thousand). Plain data, apart from Cards.tsx, so that the widget schemas
 * (src/site/mdx/widgets/index.ts) and the editor can list them without loading the drawings or the styles.
 */
export const cardIconNames = ['wallet', 'checklist', 'scale', 'bank', 'shield', 'badge', 'chart'] as const;

export type CardIcon = (typeof cardIconNames)[number];
