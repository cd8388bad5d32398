// R10 in an English order form: what a new order demands of a local loop's places.
import { joinWith, type LabelWords, lower } from '../../form/labels.js';
import { places } from '../places.en.js';

/** What R10 demands, for the people who fill in an English form. */
export const formMessage = /* @__PURE__ */ places(
  (product) => `For ${product}, exactly two locations are needed: location A and location B.`,
);

/** The form's messages of the codes R10 introduces (R12 reports them too), in English. */
export const codeMessages: LabelWords['messages'] = {
  missing_role: (f, c) => `${c.field}: ${c.value((f.params as { role?: unknown }).role)} is missing, add it.`,
  missing_characteristic: (f, c) => {
    const { name, names = [name] } = f.params as { name?: unknown; names?: unknown[] };
    return `${c.field}: ${joinWith('and')(names.map((n) => lower(c.value(n))))} ${names.length === 1 ? 'is' : 'are'} missing, enter ${names.length === 1 ? 'it' : 'them'}.`;
  },
};
