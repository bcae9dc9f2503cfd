import * as styles from './DocumentSections.css';

export interface DocumentSectionsProps {
  sections: readonly { id: string; title: string; body: React.ReactNode }[];
  /**
   * `decimal` prefixes each title with its position ("3. Services proposés"), for documents whose
   * sections are cited by number (terms of use); `none` shows the titles alone (legal notice).
   */
  numbering: 'decimal' | 'none';
}

/** Long documents (terms, legal notice): one `h2` section each, linkable by its id. */
export function DocumentSections({ sections, numbering }: DocumentSectionsProps) {
  return (
    <div className={styles.root}>
      {sections.map((section, index) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-titre`} className={styles.section}>
          <h2 id={`${section.id}-titre`} className={styles.title}>
            {numbering === 'decimal' ? `${index + 1}. ` : null}
            {section.title}
          </h2>
          {section.body}
        </section>
      ))}
    </div>
  );
}
