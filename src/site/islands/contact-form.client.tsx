/** Client entry of the contact form island (see ./registry.ts). */
import { ContactFormIsland } from '../components/ContactForm/ContactFormIsland.tsx';
import { hydrateIsland } from './hydrate.tsx';

export function hydrate(element: HTMLElement): void {
  hydrateIsland(element, ContactFormIsland);
}
