import { type HttpWording, listOf, type MessageTable, type Wording } from './wording.js';

const wording: Wording = {
  whole: 'The order',
  parts: {
    relatedParty: 'The related party',
    contactMedium: 'The contact medium',
    productOrderItem: 'The order item',
    change: 'The change request',
    event: 'The event',
  },
  item: (index, list) => `Item ${index} of ${list}`,
  other: ({ rule, code }, s) => `${s}: the rule ${rule} reports ${code}.`,
};

const types: Readonly<Record<string, string>> = {
  string: 'a string',
  object: 'an object',
  array: 'an array',
  number: 'a number',
  integer: 'an integer',
  boolean: 'a boolean',
  null: 'null',
  undefined: 'undefined',
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

const jsonFaults: Readonly<Record<string, string>> = {
  syntax: 'it has a syntax error',
  encoding: 'it is not valid UTF-8',
  empty: 'it is empty',
  too_deep: `it nests arrays and objects more than ${256} levels deep`,
};

const table: MessageTable = {
  required: ({ params }, s) => `${s} lacks the required property '${params.property}'.`,
  wrong_type: ({ params }, s) => `${named(params, s)} must be ${type(params.expected)}, not ${type(params.actual)}.`,
  not_allowed: ({ params }, s) => `${s} must be one of: ${listOf(params.allowed)}.`,
  unknown_type: ({ params }, s) => `${s} names an unknown type; allowed are: ${listOf(params.allowed)}.`,
  too_short: ({ params }, s) =>
    `${named(params, s)} must be at least ${params.limit} character${params.limit === 1 ? '' : 's'} long.`,
  too_long: ({ params }, s) => `${named(params, s)} must be at most ${params.limit} characters long.`,
  too_few_items: ({ params }, s) => `${s} must have at least ${params.limit} item${params.limit === 1 ? '' : 's'}.`,
  too_many_items: ({ params }, s) => `${s} must have at most ${params.limit} item${params.limit === 1 ? '' : 's'}.`,
  invalid_date_time: ({ params }, s) =>
    `${s} must be an RFC 3339 date-time with seconds${params.offset === 'optional' ? '' : ' and a time zone'}, ${example}: ${dateFaults[String(params.reason)] ?? dateFaults.invalid}.`,
  pattern_mismatch: ({ params }, s) => `${named(params, s)} must match the pattern ${params.pattern}.`,
  unknown_role: ({ params }, s) =>
    `${s} is in none of the role groups of R3 to R5; allowed are: ${listOf(params.allowed)}.`,
  missing_phone_contact: ({ params }) =>
    `A related party with role ${params.role} needs a contactMedium with at least one PhoneContactMedium.`,
  missing_postal_contact: ({ params }) =>
    `A related party with role ${params.role} needs a contactMedium with at least one PostalAddressContactMedium.`,
  missing_place_role: ({ params }) => `relatedPlace must include a place with role ${params.role}.`,
  missing_characteristic: ({ params }) =>
    `geographicSiteCharacteristic must contain a characteristic named ${params.name}.`,
  unreadable: () => 'The input cannot be read: reading one of its properties failed.',
  too_small: ({ params }, s) => `${s} must be at least ${params.limit}.`,
  too_large: ({ params }, s) => `${s} must be at most ${params.limit}.`,
  invalid_json: ({ params }) =>
    `The body is not valid JSON: ${jsonFaults[String(params.reason)] ?? jsonFaults.syntax}${params.position === undefined ? '' : ` at position ${params.position}`}.`,
  rule_failed: ({ rule, params }) => `The rule ${rule} failed and could not check the input: ${params.error}.`,
  unknown_event_type: ({ params }) =>
    `No listener receives events of type ${params.type}; the listeners receive: ${listOf(params.allowed)}.`,
};

const http: HttpWording = {
  tooLarge: (limit) => `The body is larger than ${limit} bytes, the limit of this server.`,
  readAlready: 'The request body was read already, by another part of the server.',
  aborted: 'The request was aborted.',
  notListed: (more, stopped) =>
    `(${stopped ? 'at least ' : ''}${more} more violation${more === 1 ? '' : 's'} not listed)`,
};

export const en = { table, wording, http };
