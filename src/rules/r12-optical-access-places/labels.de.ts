// R12 in a German order form: what a new order demands of an optical access line's places.
import { places } from '../places.de.js';

/** What R12 demands, for the people who fill in a German form. */
export const formMessage = /* @__PURE__ */ places(
  (product) => `Für ${product} ist Standort A nötig, dazu höchstens ein Standort B.`,
);
