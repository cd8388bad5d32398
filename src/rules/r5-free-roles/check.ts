// R5. When the role is one of locationAContact, handingOverProvider, receivingProvider,
// subcontractor, no further contact-medium constraint applies.

import { none } from '../../read.js';
import type { Check } from '../../violation.js';

/** R5 only names a role group; it never fails by itself (a role outside every group is R6's). */
export const r5: Check = /* @__PURE__ */ Object.freeze({
  id: 'R5',
  check: () => none,
});
