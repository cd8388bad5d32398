// R12 in an English order form: what a new order demands of an optical access line's places.
import { places } from '../places.en.js';

/** What R12 demands, for the people who fill in an English form. */
export const formMessage = /* @__PURE__ */ places(
  (product) => `For ${product}, location A is needed, and at most one location B.`,
);
