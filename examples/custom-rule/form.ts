// A carrier's order form checks what its validator checks: the same rules and words (rules.ts) in the
// form's schema, German labels for the built-in messages, an emptied input counted missing.
import { createProductOrderSchema, labelsDe } from 'product-order-validator';
import { messages, rules } from './rules.js';

/** The order form's schema: `standardSchemaResolver(orderForm)` in react-hook-form, or TanStack Form's validator. */
export const orderForm = createProductOrderSchema({ rules, messages, labels: labelsDe, emptyAsMissing: true });
