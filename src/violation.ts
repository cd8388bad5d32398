/** The ids of the rules this package defines. */
export const ruleIds = /* @__PURE__ */ Object.freeze([
  'R-field',
  'R-contact',
  'R-party',
  'R1',
  'R3',
  'R4',
  'R5',
  'R6',
  'R7',
  'R8',
  'R9',
  'R10',
  'R11',
  'R12',
  'R13',
  'R14',
  'R-query',
  'R-body',
  'R-event',
] as const);

/** Which rule of the specification a violation breaks. */
export type RuleId = (typeof ruleIds)[number];

/** Stable snake_case codes; each names one kind of fault, whatever rule reports it. */
export type ViolationCode =
  | 'wrong_type'
  | 'required'
  | 'not_allowed'
  | 'unknown_type'
  | 'too_short'
  | 'too_long'
  | 'too_few_items'
  | 'too_many_items'
  | 'invalid_date_time'
  | 'pattern_mismatch'
  | 'unknown_role'
  | 'missing_phone_contact'
  | 'missing_postal_contact'
  | 'missing_place_role'
  | 'missing_characteristic'
  | 'unreadable'
  | 'too_small'
  | 'too_large'
  | 'invalid_json'
  | 'rule_failed'
  | 'unknown_event_type';

/** A broken rule, as a rule reports it: data only, no wording. */
export interface Finding {
  /** Which rule of the specification is broken. */
  readonly rule: RuleId;
  /** What kind of fault it is. */
  readonly code: ViolationCode;
  /** RFC 6901 JSON Pointer of the deepest node concerned; `''` is the whole input. */
  readonly path: string;
  /** Machine-readable details: `property`, `limit`, `allowed`, `expected`, `actual`, `pattern`, ... */
  readonly params: Readonly<Record<string, unknown>>;
}

/** A broken rule with its message in the requested language. */
export interface Violation extends Finding {
  /** Human-readable text in the requested language. */
  readonly message: string;
}

/** One rule of the specification. */
export interface Rule {
  /** The rule's id in the specification. */
  readonly id: RuleId;
  /** What the specification demands, in one line. */
  readonly title: string;
  /** Checks an input of any shape; returns no finding when the rule holds. Never throws on plain data. */
  check(order: unknown): readonly Finding[];
}
