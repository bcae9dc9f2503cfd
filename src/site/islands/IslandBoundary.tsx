import { Component, type ReactNode } from 'react';
import { ErrorScreen } from '../components/ErrorScreen/ErrorScreen.tsx';

/** The words of the error screen, from content/interface.json (`error`). */
export interface IslandErrorCopy {
  title: string;
  text: string;
  home: string;
  contact: { label: string; to: string };
}

interface State {
  error?: Error;
}

/**
 * Around every island, in the page render and in the browser alike (it adds no markup). If the island
 * throws in the browser, the site's error screen takes its place, with the error's message, and the
 * rest of the page keeps working, and the console keeps the details.
 */
export class IslandBoundary extends Component<{ copy: IslandErrorCopy; children: ReactNode }, State> {
  override state: State = {};

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const { copy } = this.props;
    return (
      <ErrorScreen
        title={copy.title}
        text={copy.text}
        detail={error.message}
        homeLabel={copy.home}
        contact={copy.contact}
        headingLevel={2}
      />
    );
  }
}
