// R10 in an English order form: what a new order demands of a local loop's places.
import { places } from '../places.en.js';

/** What R10 demands, for the people who fill in an English form. */
export const formMessage = /* @__PURE__ */ places(
  (product) => `For ${product}, exactly two locations are needed: location A and location B.`,
);
