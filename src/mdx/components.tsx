/**
 * The one MDX component map: what plain Markdown becomes. Editors write `## Titre`,
 * `[lien](/contact)` or `**gras**`; the design system decides how it looks.
 */
import type { MDXComponents } from 'mdx/types';
import { Link } from 'react-router';
import * as styles from './components.css';

function Anchor({ href = '', children, ...rest }: React.ComponentProps<'a'>) {
  // Internal links navigate without a full reload; others open normally. A link to a section
  // (/legal#donnees-personnelles) also loads normally: the browser then scrolls to the section,
  // which a client-side navigation without scroll restoration does not do.
  if (href.startsWith('/') && !href.includes('#')) {
    return (
      <Link to={href} className={styles.link} {...rest}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} className={styles.link} {...rest}>
      {children}
    </a>
  );
}

export const mdxComponents: MDXComponents = {
  h1: (props) => <h1 className={styles.h1} {...props} />,
  h2: (props) => <h2 className={styles.h2} {...props} />,
  h3: (props) => <h3 className={styles.h3} {...props} />,
  p: (props) => <p className={styles.p} {...props} />,
  ul: (props) => <ul className={styles.list} {...props} />,
  ol: (props) => <ol className={styles.list} {...props} />,
  li: (props) => <li className={styles.listItem} {...props} />,
  strong: (props) => <strong className={styles.strong} {...props} />,
  a: Anchor,
  table: (props) => (
    <div className={styles.tableWrap}>
      <table className={styles.table} {...props} />
    </div>
  ),
  th: (props) => <th className={styles.th} {...props} />,
  td: (props) => <td className={styles.td} {...props} />,
};
