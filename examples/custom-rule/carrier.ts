// A carrier's validator: the built-in rules, its own rules after them (rules.ts), and its words in
// English and German.
import { createValidator } from 'product-order-validator';
import { messages, rules } from './rules.js';

export const carrier = createValidator({ rules, messages });
