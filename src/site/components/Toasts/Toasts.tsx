/**
 * Notifications built on react-hot-toast's headless entry: the library keeps the queue and the
 * timings, this file renders them with vanilla-extract classes only, so the pre-rendered HTML
 * carries no <style> tag and no inline style (the site ships a strict Content-Security-Policy).
 */
import { useEffect } from 'react';
import { toast, useToaster } from 'react-hot-toast/headless';
import * as styles from './Toasts.css';

/** More would bury the form on a phone; the oldest give way first. */
const maxVisibleToasts = 3;

export interface ToastContent {
  title: string;
  text: string;
}

/** Errors interrupt the screen reader (role="alert"); successes wait their turn (role="status"). */
export function notify(tone: 'error' | 'success', { title, text }: ToastContent): string {
  const message = (
    <>
      <strong className={styles.title}>{title}</strong>
      <span className={styles.text}>{text}</span>
    </>
  );
  return tone === 'error'
    ? toast.error(message, { ariaProps: { role: 'alert', 'aria-live': 'assertive' } })
    : toast.success(message, { ariaProps: { role: 'status', 'aria-live': 'polite' } });
}

export function Toaster() {
  const { toasts, handlers } = useToaster();
  // Newest first. Slicing at render time means a fourth toast never shows, not even for one frame.
  const visible = toasts.filter((item) => item.visible);
  const shown = visible.slice(0, maxVisibleToasts);
  const overflow = visible.slice(maxVisibleToasts);

  useEffect(() => {
    // Drop the oldest for good, so they do not come back when a newer one expires.
    for (const item of overflow) toast.remove(item.id);
  }, [overflow]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hovering only pauses the toasts' timers; nothing here needs a role or the keyboard.
    <div className={styles.region} onMouseEnter={handlers.startPause} onMouseLeave={handlers.endPause}>
      {shown.map((item) => (
        <div
          key={item.id}
          className={styles.toast({ tone: item.type === 'error' ? 'error' : 'success' })}
          {...item.ariaProps}
          aria-atomic="true"
        >
          {typeof item.message === 'function' ? item.message(item) : item.message}
        </div>
      ))}
    </div>
  );
}
