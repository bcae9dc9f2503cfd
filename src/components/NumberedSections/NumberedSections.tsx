import * as styles from './NumberedSections.css';

export interface NumberedSectionsProps {
  sections: readonly { id: string; title: string; body: React.ReactNode }[];
  /** Prefix each title with its position ("3. Services proposés"). */
  numbered: boolean;
}

/** Long documents (terms, legal notice): one `h2` section each, linkable by its id. */
export function NumberedSections({ sections, numbered }: NumberedSectionsProps) {
  return (
    <div className={styles.root}>
      {sections.map((section, index) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-titre`} className={styles.section}>
          <h2 id={`${section.id}-titre`} className={styles.title}>
            {numbered ? `${index + 1}. ` : null}
            {section.title}
          </h2>
          {section.body}
        </section>
      ))}
    </div>
  );
}
