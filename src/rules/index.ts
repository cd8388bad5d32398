import type { Check, OrderRuleId, Rule } from '../violation.js';
import { contactMedia } from './contact-media.js';
import { fieldTable } from './field-table.js';
import { party } from './party.js';
import { r1 } from './r1-qualification-limit.js';
import { r3 } from './r3-phone-contact.js';
import { r4 } from './r4-postal-contact.js';
import { r5 } from './r5-free-roles.js';
import { r6 } from './r6-role-group.js';
import { r7 } from './r7-place-roles.js';
import { r8 } from './r8-place-kinds.js';
import { r9 } from './r9-new-order-items.js';
import { r10 } from './r10-local-loop-places.js';
import { r11 } from './r11-bitstream-places.js';
import { r12 } from './r12-optical-access-places.js';
import { r13 } from './r13-agreement-party.js';
import { r14 } from './r14-termination-items.js';
import { titles } from './titles.js';

/** The check of every rule of the specification, in the order of their ids: what validateProductOrder runs. */
export const checks: readonly Check[] = /* @__PURE__ */ Object.freeze([
  fieldTable,
  contactMedia,
  party,
  r1,
  r3,
  r4,
  r5,
  r6,
  r7,
  r8,
  r9,
  r10,
  r11,
  r12,
  r13,
  r14,
]);

/** Every rule of the specification with its title, in the order of their ids. */
export const rules: readonly Rule[] = /* @__PURE__ */ titled(checks);

function titled(list: readonly Check[]): readonly Rule[] {
  return Object.freeze(list.map((check) => Object.freeze({ ...check, title: titles[check.id as OrderRuleId] })));
}
