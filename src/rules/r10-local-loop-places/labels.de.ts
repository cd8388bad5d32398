// R10 in a German order form: what a new order demands of a local loop's places.
import { joinWith, type LabelWords } from '../../form/labels.js';
import { places } from '../places.de.js';

/** What R10 demands, for the people who fill in a German form. */
export const formMessage = /* @__PURE__ */ places(
  (product) => `Für ${product} sind genau zwei Standorte nötig: Standort A und Standort B.`,
);

/** The form's messages of the codes R10 introduces (R12 reports them too), in German. */
export const codeMessages: LabelWords['messages'] = {
  missing_role: (f, c) => `${c.field}: ${c.value((f.params as { role?: unknown }).role)} fehlt, bitte hinzufügen.`,
  missing_characteristic: (f, c) => {
    const { name, names = [name] } = f.params as { name?: unknown; names?: unknown[] };
    return `${c.field}: ${joinWith('und')(names.map(c.value))} ${names.length === 1 ? 'fehlt' : 'fehlen'}, bitte angeben.`;
  },
};
