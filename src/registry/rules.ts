// The rules of the specification, one folder each (src/rules/<id>-<name>/); their list, titles and
// order are generated from the folders' rule.json by npm run generate.

import { titles } from '../generated/rule-titles.js';
import type { Check, Rule } from '../violation.js';
import { checks } from './checks.js';
import { walkedAs } from './walked.js';

export { checks };

/** Every rule of the specification with its title, in the order of their ids. */
export const rules: readonly Rule[] = /* @__PURE__ */ titled(checks);

function titled(list: readonly Check[]): readonly Rule[] {
  return Object.freeze(
    list.map((check) => walkedAs(Object.freeze({ ...check, title: titles[check.id as keyof typeof titles] }), check)),
  );
}
