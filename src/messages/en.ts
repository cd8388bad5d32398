// The violations' messages in English, the parts' names and the assertion's message; the HTTP
// helpers' words are http/words-en.ts's, the command's cli/words-en.ts's.

import { ruleMessages } from '../registry/rule-messages-en.js';
import {
  type AssertWording,
  dayOf,
  type LayerMessageTable,
  listOf,
  type MessageTable,
  type PartWording,
  quote,
  type ViolationWording,
  type Wording,
} from '../wording.js';

const wording: Wording = {
  whole: 'The order',
  item: (index, list) => `Item ${index} of ${list}`,
  other: ({ rule, code }, s) => `${s}: the rule ${rule} reports ${code}.`,
};

/** How messages name a part validated alone. */
export const parts: PartWording = {
  relatedParty: 'The related party',
  contactMedium: 'The contact medium',
  productOrderItem: 'The order item',
  change: 'The change request',
  event: 'The event',
};

const types: Readonly<Record<string, string>> = {
  string: 'a string',
  object: 'an object',
  array: 'an array',
  number: 'a number',
  integer: 'an integer',
  boolean: 'a boolean',
  json: 'a JSON value',
  toJSON: 'an object with toJSON',
  hole: 'a hole',
  cycle: 'a reference back to itself',
  function: 'a function',
  symbol: 'a symbol',
  prototype: 'an object of another prototype',
  'too deep': 'nested more than 1,000 levels deep',
};
const type = (name: unknown) => types[String(name)] ?? String(name);
/** A characteristic's value is named after the characteristic. */
const named = (params: Readonly<Record<string, unknown>>, s: string) =>
  params.name ? `The value of ${params.name}` : s;
const example = 'e.g. 2023-01-01T08:00:00+01:00';
const dateFaults: Readonly<Record<string, string>> = {
  missing_seconds: 'the seconds are missing',
  missing_offset: 'the time zone offset (Z or +01:00) is missing',
  missing_time: 'the time is missing',
  invalid: 'it is not a valid date and time',
};

/** What a date-time lacks, or the day it names that the calendar does not have: "there is no April 31". */
export const dateFault = ({ reason, date }: { readonly reason?: unknown; readonly date?: unknown }): string => {
  if (reason !== 'no_such_date') return dateFaults[String(reason)] ?? dateFaults.invalid;
  const [day, month, year] = dayOf('en', date);
  return `there is no ${month} ${day}, ${year}`;
};

const jsonFaults: Readonly<Record<string, string>> = {
  syntax: 'it has a syntax error',
  encoding: 'it is not valid UTF-8',
  empty: 'it is empty',
  too_deep: `it nests arrays and objects more than ${256} levels deep`,
};

/** What JavaScript would make of a number it cannot hold exactly. */
const inexactFaults: Readonly<Record<'overflow' | 'underflow' | 'unsafe_integer', string>> = {
  overflow: 'would be read as Infinity',
  underflow: 'would be read as 0',
  unsafe_integer: 'is beyond 2⁵³ − 1 and would be rounded',
};

const table: MessageTable = {
  ...ruleMessages,
  required: ({ params }, s) => `${s} lacks the required property '${params.property}'.`,
  wrong_type: ({ params }, s) =>
    `${named(params, s)} must be ${type(params.expected)}, not ${type(params.found ?? params.actual)}.`,
  not_allowed: ({ params }, s) => `${s} must be one of: ${listOf(params.allowed)}.`,
  unknown_type: ({ params }, s) => `${s} names an unknown type; allowed are: ${listOf(params.allowed)}.`,
  too_short: ({ params }, s) =>
    `${named(params, s)} must be at least ${params.limit} character${params.limit === 1 ? '' : 's'} long.`,
  too_long: ({ params }, s) => `${named(params, s)} must be at most ${params.limit} characters long.`,
  too_few_items: ({ params }, s) => `${s} must have at least ${params.limit} item${params.limit === 1 ? '' : 's'}.`,
  too_many_items: ({ params }, s) => `${s} must have at most ${params.limit} item${params.limit === 1 ? '' : 's'}.`,
  invalid_date_time: ({ params }, s) =>
    `${s} must be an RFC 3339 date-time with seconds${params.offset === 'optional' ? '' : ' and a time zone'}, ${example}: ${dateFault(params)}.`,
  pattern_mismatch: ({ params }, s) => `${named(params, s)} must match the pattern ${params.pattern}.`,
  unreadable: () => 'The input cannot be read: reading one of its properties failed.',
  too_costly: (_, s) => `${s} is too costly to check: more data than a JSON text within the limits can hold.`,
  rule_failed: ({ rule, params }) => `The rule ${rule} failed and could not check the input: ${params.error}.`,
  did_you_mean: ({ params }, s) => `${s}: did you mean '${params.suggestion}'?`,
};

/** The messages of the codes only JSON text and the HTTP helpers report. */
export const layers: LayerMessageTable = {
  too_small: ({ params }, s) => `${s} must be at least ${params.limit}.`,
  too_large: ({ params }, s) => `${s} must be at most ${params.limit}.`,
  invalid_json: ({ params }) =>
    `The body is not valid JSON: ${jsonFaults[String(params.reason)] ?? jsonFaults.syntax}${params.position === undefined ? '' : ` at position ${params.position}`}.`,
  malformed_json: ({ params }) =>
    params.reason === 'not_text'
      ? `The input must be JSON text, not ${type(params.found)}.`
      : `The text is not JSON: ${params.reason === 'unexpected_end' ? 'it ends before the value is complete' : `unexpected character ${quote(String(params.found))}`}.`,
  inexact_number: ({ params }, s) =>
    params.parsed !== true
      ? `${s} is a number JavaScript cannot hold exactly: ${params.literal} ${inexactFaults[params.reason]}. Send it as a string.`
      : params.reason === 'unsafe_integer'
        ? `${s} is an integer beyond 2⁵³ − 1, which JavaScript cannot hold exactly: the service's JSON parser read it rounded, as ${params.literal}. Send it as a string.`
        : `${s} is a number too large for JavaScript: the service's JSON parser read it as ${params.literal}. Send it as a string.`,
  duplicate_key: (_, s) =>
    `${s} is named a second time in the same object: this check reads the last value, but a reader that keeps the first one, or refuses repeated names, reads another order. Name it once.`,
  unknown_event_type: ({ params }) =>
    `No listener receives events of type ${params.type}; the listeners receive: ${listOf(params.allowed)}.`,
};

/** The message of a thrown ProductOrderValidationError. */
export const assertion: AssertWording = (shown, more) =>
  `Invalid product order: ${shown.join('; ')}${more > 0 ? ` (+${more} more)` : ''}`;

export const violations: ViolationWording = {
  table,
  wording,
};
