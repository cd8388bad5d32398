// R11 in a German order form: what a new order demands of bitstream access's place.
import { places } from '../places.de.js';

/** What R11 demands, for the people who fill in a German form. */
export const formMessage = /* @__PURE__ */ places(
  (product) => `Für ${product} ist genau ein Standort nötig: Standort A.`,
);
