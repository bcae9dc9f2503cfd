import { ChevronDown } from 'lucide-react';
import * as styles from './FaqAccordion.css';

export interface FaqAccordionProps {
  items: readonly { id: string; question: string; answer: React.ReactNode }[];
}

/**
 * Native exclusive accordion: `<details>` sharing one `name` keeps a single answer open,
 * lets it close again, and works without JavaScript, with every answer in the HTML.
 */
export function FaqAccordion({ items }: FaqAccordionProps) {
  return (
    <div className={styles.root}>
      {items.map((item) => (
        <details key={item.id} id={item.id} name="faq" className={styles.item}>
          <summary className={styles.summary}>
            <span>{item.question}</span>
            <ChevronDown aria-hidden="true" className={styles.icon} />
          </summary>
          <div className={styles.answer}>{item.answer}</div>
        </details>
      ))}
    </div>
  );
}
