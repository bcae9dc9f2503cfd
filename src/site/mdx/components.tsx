/**
 * The one MDX component map: what plain Markdown becomes. Editors write `## Titre`,
 * `[lien](/contact)` or `**gras**`; the design system decides how it looks.
 */
import type { MDXComponents } from 'mdx/types';
import { textLink } from '../styles/link.css';
import * as styles from './components.css';

export const mdxComponents: MDXComponents = {
  h1: (props) => <h1 className={styles.h1} {...props} />,
  h2: (props) => <h2 className={styles.h2} {...props} />,
  h3: (props) => <h3 className={styles.h3} {...props} />,
  p: (props) => <p className={styles.p} {...props} />,
  ul: (props) => <ul className={styles.list} {...props} />,
  ol: (props) => <ol className={styles.list} {...props} />,
  li: (props) => <li className={styles.listItem} {...props} />,
  strong: (props) => <strong className={styles.strong} {...props} />,
  // Plain links, internal ones included: pages are static documents (Speculation Rules make the next one instant).
  a: (props) => <a className={textLink} {...props} />,
  table: (props) => (
    <div className={styles.tableWrap}>
      <table className={styles.table} {...props} />
    </div>
  ),
  th: (props) => <th className={styles.th} {...props} />,
  td: (props) => <td className={styles.td} {...props} />,
  // A guide's image (src/site/mdx/remark-guide-images.ts gives it its alt, srcset, size and lazy loading).
  img: ({ alt, ...props }) => <img className={styles.image} alt={alt} {...props} />,
};
