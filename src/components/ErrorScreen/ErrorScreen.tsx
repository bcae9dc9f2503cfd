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
  /** Second way out: every screen of the site leads to the contact page. */
  contact: { label: string; to: string };
}

/** The not-found page and the application error screen. */
export function ErrorScreen({ code, title, text, detail, homeLabel, contact }: ErrorScreenProps) {
  return (
    <div className={styles.root}>
      {code ? <p className={styles.code}>{code}</p> : null}
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.text}>{text}</p>
      {detail ? <pre className={styles.detail}>{detail}</pre> : null}
      <div className={styles.actions}>
        <Link to="/" className={styles.home}>
          {homeLabel}
        </Link>
        <Link to={contact.to} className={styles.contact}>
          {contact.label}
        </Link>
      </div>
    </div>
  );
}
