// R11 in an English order form: what a new order demands of bitstream access's place.
import { places } from '../places.en.js';

/** What R11 demands, for the people who fill in an English form. */
export const formMessage = /* @__PURE__ */ places(
  (product) => `For ${product}, exactly one location is needed: location A.`,
);
