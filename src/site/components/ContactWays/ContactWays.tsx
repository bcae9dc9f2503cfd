import type { ContactIntentKind } from '../../../contact/contact-ways.ts';
import * as styles from './ContactWays.css';

export interface ContactWayLink {
  kind: ContactIntentKind;
  href: string;
  label: string;
  /** The number, address or name behind the link; empty when the label says it all. */
  value: string;
}

/**
 * The ways to reach us besides the form, as plain links: nothing loads from WhatsApp, Telegram or a booking service
 * before the visitor clicks. `data-intent` names the kind of each, for the counter of contact intents.
 */
export function ContactWays({ ways }: { ways: readonly ContactWayLink[] }) {
  return (
    <ul className={styles.list}>
      {ways.map((way) => (
        <li key={way.kind}>
          <a className={styles.link} href={way.href} data-intent={way.kind}>
            <span className={styles.label}>{way.label}</span>
            {way.value ? <span className={styles.value}>{way.value}</span> : null}
          </a>
        </li>
      ))}
    </ul>
  );
}
