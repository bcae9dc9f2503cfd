import { Actions, ButtonLink } from '../ButtonLink/ButtonLink.tsx';
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
  /** 1 for a whole screen; 2 inside a page that has its own h1 (an island's error). */
  headingLevel?: 1 | 2;
}

/** The not-found page and the application error screen. */
export function ErrorScreen({ code, title, text, detail, homeLabel, contact, headingLevel = 1 }: ErrorScreenProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <div className={styles.root}>
      {code ? <p className={styles.code}>{code}</p> : null}
      <Heading className={styles.title}>{title}</Heading>
      <p className={styles.text}>{text}</p>
      {detail ? <pre className={styles.detail}>{detail}</pre> : null}
      <Actions align="center">
        <ButtonLink to="/">{homeLabel}</ButtonLink>
        <ButtonLink to={contact.to} variant="secondary">
          {contact.label}
        </ButtonLink>
      </Actions>
    </div>
  );
}
