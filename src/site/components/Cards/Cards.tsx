import { BadgeCheck, ClipboardCheck, Landmark, Scale, ShieldCheck, TrendingUp, Wallet, type LucideIcon } from 'lucide-react';
import * as styles from './Cards.css';
import type { CardIcon } from './icon-names.ts';

/** The drawing of each icon name editors may use (./icon-names.ts). */
const icons = {
  wallet: Wallet,
  checklist: ClipboardCheck,
  scale: Scale,
  bank: Landmark,
  shield: ShieldCheck,
  badge: BadgeCheck,
  chart: TrendingUp,
} as const satisfies Record<CardIcon, LucideIcon>;

export type { CardIcon };

/** A grid of <Card>: one column on phones, two on tablets, three on wide screens. */
export function Cards({ children }: { children: React.ReactNode }) {
  return <ul className={styles.root}>{children}</ul>;
}

export interface CardProps {
  /** Card heading (an h3: cards sit under a section's `## Titre`). */
  title: string;
  /** Optional icon: wallet, checklist, scale, bank, shield, badge or chart. */
  icon?: CardIcon;
  children: React.ReactNode;
}

export function Card({ title, icon, children }: CardProps) {
  const Icon = icon === undefined ? undefined : icons[icon];
  if (icon !== undefined && !Icon) {
    // Fails the pre-render, so a misspelt icon never ships as a silently missing one.
    throw new Error(`<Card icon="${icon}">: ${Object.keys(icons).join(', ')}`);
  }
  return (
    <li className={styles.card}>
      {Icon && (
        <span className={styles.icon}>
          <Icon aria-hidden="true" focusable="false" />
        </span>
      )}
      <h3 className={styles.title}>{title}</h3>
      <div className={styles.body}>{children}</div>
    </li>
  );
}
