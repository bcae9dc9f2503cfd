import { textLink } from '../../styles/link.css';
import * as styles from './GuideList.css';

export interface GuideListItem {
  href: string;
  title: string;
  description: string;
  /** `2026-12-03`, for `<time datetime>`. */
  day: string;
  /** « Publié le 3 décembre 2026 ». */
  dayText: string;
}

/** The list of guides: each a card with its title (the link), its date and its summary. */
export function GuideList({ guides, empty }: { guides: GuideListItem[]; empty: string }) {
  if (guides.length === 0) return <p>{empty}</p>;
  return (
    <ol className={styles.root}>
      {guides.map((guide) => (
        <li key={guide.href} className={styles.item}>
          <h2 className={styles.title}>
            <a className={textLink} href={guide.href}>
              {guide.title}
            </a>
          </h2>
          <p className={styles.date}>
            <time dateTime={guide.day}>{guide.dayText}</time>
          </p>
          <p className={styles.description}>{guide.description}</p>
        </li>
      ))}
    </ol>
  );
}
