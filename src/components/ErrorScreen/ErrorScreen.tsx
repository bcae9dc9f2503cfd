import { Link } from 'react-router';
import * as styles from './ErrorScreen.css';

export interface ErrorScreenProps {
  /** Large code above the title, such as 404. */
  code?: string;
  title: string;
  text: string;
  /** Technical detail (status or message) shown in small type. */
  detail?: string;
  homeLabel: string;
}

/** The not-found page and the application error screen. */
export function ErrorScreen({ code, title, text, detail, homeLabel }: ErrorScreenProps) {
  return (
    <div className={styles.root}>
      {code ? (
        <p className={styles.code} aria-hidden="true">
          {code}
        </p>
      ) : null}
      <h1 className={styles.title}>
        {code ? <span className={styles.visuallyHidden}>{code} </span> : null}
        {title}
      </h1>
      <p className={styles.text}>{text}</p>
      {detail ? <pre className={styles.detail}>{detail}</pre> : null}
      <Link to="/" className={styles.home}>
        {homeLabel}
      </Link>
    </div>
  );
}
