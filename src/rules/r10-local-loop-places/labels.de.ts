// R10 in a German order form: what a new order demands of a local loop's places.
import { places } from '../places.de.js';

/** What R10 demands, for the people who fill in a German form. */
export const formMessage = /* @__PURE__ */ places(
  (product) => `Für ${product} sind genau zwei Standorte nötig: Standort A und Standort B.`,
);
