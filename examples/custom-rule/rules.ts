// A carrier's own rules and their words, in one module: its validator (carrier.ts) and its order form
// (form.ts) both take them, so the service and the form check the same things in the same words.
import { defineRule } from 'product-order-validator';

/** An own property of an object, or undefined: the rules see any input, valid or not. */
const field = (value: unknown, name: string): unknown =>
  typeof value === 'object' && value !== null && Object.hasOwn(value, name) ? Reflect.get(value, name) : undefined;

/** The items of a list, or none: a list the input does not have is no fault of these rules. */
const items = (value: unknown): readonly unknown[] => (Array.isArray(value) ? value : []);

/** Each contact medium of each related party, with its JSON Pointer. */
function* contactMedia(order: unknown): Generator<{ medium: unknown; at: string }> {
  const parties = items(field(order, 'relatedParty'));
  for (let i = 0; i < parties.length; i++) {
    const media = items(field(field(parties[i], 'partyOrPartyRole'), 'contactMedium'));
    for (let j = 0; j < media.length; j++)
      yield { medium: media[j], at: `/relatedParty/${i}/partyOrPartyRole/contactMedium/${j}` };
  }
}

/** A date of the spec (`2025-03-10T09:15:00+01:00`) the way a German clerk writes it: 10.03.2025. */
const germanDate = (date: string): string => date.slice(0, 10).split('-').reverse().join('.');

/** What a select of product types shows before the clerk picks one. */
const placeholder = /^\s*[–-]|bitte w[äa]hlen/i;

export const germanPostcode = defineRule({
  id: 'X-german-postcode',
  title: 'A postal address in Germany has a postcode of five digits.',
  check: (order) =>
    [...contactMedia(order)].flatMap(({ medium, at }) => {
      const postcode = field(medium, 'postcode');
      const country = field(medium, 'country');
      if (field(medium, '@type') !== 'PostalAddressContactMedium' || typeof postcode !== 'string') return [];
      if ((country !== undefined && country !== 'DE') || /^[0-9]{5}$/.test(postcode)) return [];
      const path = `${at}/postcode`;
      return [{ rule: 'X-german-postcode', code: 'postcode_not_german', path, params: { digits: 5 } } as const];
    }),
});

export const emailAddress = defineRule({
  id: 'X-email-address',
  title: 'An e-mail address has a name, an @ and a domain.',
  check: (order) =>
    [...contactMedia(order)].flatMap(({ medium, at }) => {
      const address = field(medium, 'emailAddress');
      if (field(medium, '@type') !== 'EmailContactMedium' || typeof address !== 'string') return [];
      if (/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(address)) return [];
      return [{ rule: 'X-email-address', code: 'email_without_at', path: `${at}/emailAddress`, params: {} } as const];
    }),
});

export const productTypeChosen = defineRule({
  id: 'X-product-type-chosen',
  title: "An order item's product type is one the clerk chose, not the select's placeholder.",
  check: (order) => {
    const list = items(field(order, 'productOrderItem'));
    const found = [];
    for (let i = 0; i < list.length; i++) {
      const type = field(field(list[i], 'product'), '@type');
      if (typeof type === 'string' && placeholder.test(type))
        found.push({
          rule: 'X-product-type-chosen',
          code: 'product_type_placeholder',
          path: `/productOrderItem/${i}/product/@type`,
          params: { found: type },
        } as const);
    }
    return found;
  },
});

export const completionAfterPosting = defineRule({
  id: 'X-completion-after-posting',
  title: 'The requested completion date comes after the date the order was posted.',
  check: (order) => {
    const posted = field(order, 'orderPostedDate');
    const completion = field(order, 'requestedCompletionDate');
    if (typeof posted !== 'string' || typeof completion !== 'string') return [];
    const [from, to] = [Date.parse(posted), Date.parse(completion)];
    if (Number.isNaN(from) || Number.isNaN(to) || to > from) return [];
    const path = '/requestedCompletionDate';
    return [{ rule: 'X-completion-after-posting', code: 'completion_before_posting', path, params: { posted } }];
  },
});

export const priorityRange = defineRule({
  id: 'X-priority-range',
  title: 'A priority is one of 0 (highest) to 4 (lowest).',
  check: (order) => {
    const priority = field(order, 'priority');
    if (priority === undefined || ['0', '1', '2', '3', '4'].includes(String(priority))) return [];
    return [{ rule: 'X-priority-range', code: 'priority_out_of_range', path: '/priority', params: { lowest: 4 } }];
  },
});

/** The carrier's rules, run after the built-in ones in this order. */
export const rules = [germanPostcode, emailAddress, productTypeChosen, completionAfterPosting, priorityRange] as const;

/** The carrier's words for its rules, in English and German. */
export const messages = {
  en: {
    postcode_not_german: (f: { params: { digits: number } }) => `A postcode in Germany has ${f.params.digits} digits.`,
    email_without_at: () => 'The e-mail address needs a name, an @ and a domain, like name@example.de.',
    product_type_placeholder: () => 'Choose a product type.',
    completion_before_posting: (f: { params: { posted: string } }) =>
      `The requested completion date must come after the posting date (${f.params.posted}).`,
    priority_out_of_range: (f: { params: { lowest: number } }) =>
      `The priority must be 0 (highest) to ${f.params.lowest} (lowest).`,
  },
  de: {
    postcode_not_german: (f: { params: { digits: number } }) =>
      `Eine deutsche Postleitzahl hat ${f.params.digits} Ziffern.`,
    email_without_at: () => 'Die E-Mail-Adresse braucht einen Namen, ein @ und eine Domain, etwa name@example.de.',
    product_type_placeholder: () => 'Bitte wählen Sie eine Produktart aus.',
    completion_before_posting: (f: { params: { posted: string } }) =>
      `Der Wunschtermin muss nach dem Auftragsdatum (${germanDate(f.params.posted)}) liegen.`,
    priority_out_of_range: (f: { params: { lowest: number } }) =>
      `Die Priorität muss zwischen 0 (höchste) und ${f.params.lowest} (niedrigste) liegen.`,
  },
};
