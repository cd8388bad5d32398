// A carrier's validator: the built-in rules, two rules of its own, and its words in English and German.
import { createValidator } from 'product-order-validator';

/** An own property of an object, or undefined: the rules see any input, valid or not. */
const field = (order: unknown, name: string): unknown =>
  typeof order === 'object' && order !== null && Object.hasOwn(order, name) ? Reflect.get(order, name) : undefined;

export const carrier = createValidator({
  rules: [
    {
      id: 'X-completion-after-posting',
      title: 'The requested completion date comes after the date the order was posted.',
      check: (order) => {
        const posted = field(order, 'orderPostedDate');
        const completion = field(order, 'requestedCompletionDate');
        if (typeof posted !== 'string' || typeof completion !== 'string') return [];
        const [from, to] = [Date.parse(posted), Date.parse(completion)];
        if (Number.isNaN(from) || Number.isNaN(to) || to > from) return [];
        return [
          {
            rule: 'X-completion-after-posting',
            code: 'completion_before_posting',
            path: '/requestedCompletionDate',
            params: { posted },
          },
        ];
      },
    },
    {
      id: 'X-priority-range',
      title: 'A priority is one of 0 (highest) to 4 (lowest).',
      check: (order) => {
        const priority = field(order, 'priority');
        if (priority === undefined || ['0', '1', '2', '3', '4'].includes(String(priority))) return [];
        return [{ rule: 'X-priority-range', code: 'priority_out_of_range', path: '/priority', params: { lowest: 4 } }];
      },
    },
  ],
  messages: {
    en: {
      completion_before_posting: (f) =>
        `The requested completion date must come after the posting date (${f.params.posted}).`,
      priority_out_of_range: (f) => `The priority must be 0 (highest) to ${f.params.lowest} (lowest).`,
    },
    de: {
      completion_before_posting: (f) => `Der Wunschtermin muss nach dem Auftragsdatum (${f.params.posted}) liegen.`,
      priority_out_of_range: (f) =>
        `Die Priorität muss zwischen 0 (höchste) und ${f.params.lowest} (niedrigste) liegen.`,
    },
  },
});
