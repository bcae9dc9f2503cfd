/** Client entry of the « Estimation » island (see ./registry.ts). */
import { EstimationIsland } from '../components/Estimation/EstimationIsland.tsx';
import { hydrateIsland } from './hydrate.tsx';

export function hydrate(element: HTMLElement): void {
  hydrateIsland(element, EstimationIsland);
}
