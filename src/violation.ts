import { orderRuleIds } from './generated/rule-ids.js';
import type { RuleParamsByCode } from './generated/rule-params.js';

/** The ids of the rules this package defines: those of an order (one folder each), then those of HTTP and JSON text. */
export const ruleIds = /* @__PURE__ */ Object.freeze([
  ...orderRuleIds,
  'R-query',
  'R-body',
  'R-event',
  'R-json',
] as const);

/**
 * Which rule of the specification a violation breaks.
 * @useDeclaredType
 */
export type RuleId = (typeof ruleIds)[number];

/**
 * What each code's `params` hold: the machine-readable details of a fault of that kind. The codes a
 * rule introduces are declared in its folder ({@link RuleParamsByCode}); the generic ones here.
 */
export interface ParamsByCode extends RuleParamsByCode {
  /** The JSON type expected and the one found; `name` when the value is a characteristic's. */
  wrong_type: {
    /** The JSON type the schema demands: `string`, `array`, `object`, ... */
    readonly expected: string;
    /** The JSON type found: `number`, `null`, ... */
    readonly actual: string;
    /** The characteristic's name, when the value is a characteristic's. */
    readonly name?: string;
    /**
     * What was found, when it is no JSON value (`expected` is then `json` unless the schema names a
     * type): a class (`Date`, `String`, `Map`, `Uint8Array`, ...), `BigInt`, `function`, `symbol`,
     * `undefined` or `hole` in an array, `NaN`, `Infinity`, `-Infinity`, `toJSON` (an object that
     * has one), `cycle` (a reference back to an ancestor).
     */
    readonly found?: string;
  };
  /** The property that is missing. */
  required: {
    /** The name of the missing property, a child of the violation's `path`. */
    readonly property: string;
  };
  /** The values allowed. */
  not_allowed: {
    /** The values the node may have. */
    readonly allowed: readonly unknown[];
  };
  /** The `@type` values allowed. */
  unknown_type: {
    /** The `@type` values the node may have. */
    readonly allowed: readonly string[];
  };
  /** The least length, in code points; `name` when the value is a characteristic's. */
  too_short: {
    /** The least length, in code points. */
    readonly limit: number;
    /** The characteristic's name, when the value is a characteristic's. */
    readonly name?: string;
  };
  /** The greatest length, in code points; `name` when the value is a characteristic's. */
  too_long: {
    /** The greatest length, in code points. */
    readonly limit: number;
    /** The characteristic's name, when the value is a characteristic's. */
    readonly name?: string;
  };
  /** The least count, and the count found when it is known. */
  too_few_items: {
    /** The least number of items. */
    readonly limit: number;
    /** The number of items found, when it is known. */
    readonly actual?: number;
    /**
     * What a form should focus to fix it, as a JSON Pointer: the key field of the row at fault
     * (`…/relatedPlace/1/role`), or for a missing row the list's control that adds one
     * (`…/relatedPlace/-`). The violation's `path` stays at the list.
     */
    readonly focus?: string;
  };
  /** The greatest count, and the count found when it is known. */
  too_many_items: {
    /** The greatest number of items. */
    readonly limit: number;
    /** The number of items found, when it is known. */
    readonly actual?: number;
    /**
     * What a form should focus to fix it, as a JSON Pointer: the key field of the row at fault
     * (`…/relatedPlace/1/role`), or for a missing row the list's control that adds one
     * (`…/relatedPlace/-`). The violation's `path` stays at the list.
     */
    readonly focus?: string;
  };
  /** What the date-time lacks. */
  invalid_date_time: {
    /** The format demanded: an RFC 3339 date-time with seconds and offset. */
    readonly format: 'date-time';
    /** What the value lacks, a day the calendar does not have, or `invalid` when it is no date-time at all. */
    readonly reason: 'missing_seconds' | 'missing_offset' | 'missing_time' | 'no_such_date' | 'invalid';
    /** With `no_such_date`: the day, `YYYY-MM-DD` (`2025-04-31`). */
    readonly date?: string;
    /** `optional` for a listener's event time, which may lack its offset. */
    readonly offset?: 'optional';
  };
  /** The pattern the value must match; `name` when the value is a characteristic's. */
  pattern_mismatch: {
    /** The regular expression the value must match, as the schema writes it. */
    readonly pattern: string;
    /** The characteristic's name, when the value is a characteristic's. */
    readonly name?: string;
  };
  /** No details: reading the input failed. */
  unreadable: Readonly<Record<string, never>>;
  /** The most reads of the input a validation makes: the input needed more, so checking stopped. */
  too_costly: {
    /** The most reads of the walk that stopped: 536,870,912 for a validation, 268,435,456 for the blank-stripping of `emptyAsMissing`. */
    readonly limit: number;
  };
  /** The least value (a query number). */
  too_small: {
    /** The least value. */
    readonly limit: number;
  };
  /** The greatest value (a query number). */
  too_large: {
    /** The greatest value. */
    readonly limit: number;
  };
  /** Why the body is no JSON, and where, when the engine tells it. */
  invalid_json: {
    /** Malformed JSON, no UTF-8, an empty body, or nesting deeper than {@link "product-order-validator/http"!maxJsonDepth}. */
    readonly reason: 'syntax' | 'encoding' | 'empty' | 'too_deep';
    /** Where the syntax error or the too deep level is, in UTF-16 code units from 0, when known. */
    readonly position?: number;
  };
  /**
   * Why a text is no JSON: a character where none may stand (`found`), an end before the value is
   * complete, or no text at all (`found` then names the JSON type of what was given).
   */
  malformed_json: {
    /** A character where none may stand, an end before the value is complete, or no text at all. */
    readonly reason: 'unexpected_character' | 'unexpected_end' | 'not_text';
    /** The character found, or the JSON type of what was given instead of text. */
    readonly found?: string;
  };
  /**
   * A number of JSON text that JavaScript cannot hold exactly: it overflows to ±Infinity, its
   * non-zero digits underflow to 0, or it is an integer beyond ±(2⁵³ − 1).
   */
  inexact_number: {
    /** What JavaScript would make of it: ±Infinity, 0, or the nearest double of an unsafe integer. */
    readonly reason: 'overflow' | 'underflow' | 'unsafe_integer';
    /** The number as the text writes it, at most 40 characters (then `…`); with `parsed`, the value the parser read. */
    readonly literal: string;
    /**
     * True when a parser before the check (an app-wide `express.json()`) read the number already:
     * the text is gone, and `literal` is what the parser made of it (`Infinity`, `12345678901234567000`).
     */
    readonly parsed?: true;
  };
  /**
   * A name that an earlier name of the same object of JSON text repeats: `JSON.parse` keeps the last
   * value, a reader that keeps the first or refuses repeated names reads another order.
   */
  duplicate_key: {
    /** The repeated name, escapes decoded. */
    readonly key: string;
  };
  /** What the rule threw: its name and message, at most 200 characters. */
  rule_failed: {
    /** The error's name and message, at most 200 characters. */
    readonly error: string;
  };
  /** The listener type asked for, and the six the listeners receive. */
  unknown_event_type: {
    /** The event type asked for. */
    readonly type: string;
    /** The six event types the listeners receive. */
    readonly allowed: readonly string[];
  };
  /** A hint, not a fault: the name or value found, and the known one it is a near miss of. */
  did_you_mean: {
    /** The name or value found. */
    readonly found: string;
    /** The known name or value it is a near miss of. */
    readonly suggestion: string;
  };
}

/** The code of a hint: a near miss of a known name or value, which does not make the input invalid. */
export type HintCode = 'did_you_mean';

/** The code of anything a rule reports: a violation's, or a hint's. */
export type FindingCode = keyof ParamsByCode;

/** Stable snake_case codes; each names one kind of fault, whatever rule reports it. */
export type ViolationCode = Exclude<FindingCode, HintCode>;

/** A broken rule (or a hint) of one code, as a rule reports it: data only, no wording. */
export interface FindingOf<C extends FindingCode> {
  /** Which rule of the specification is broken. */
  readonly rule: RuleId;
  /** What kind of fault it is. */
  readonly code: C;
  /** RFC 6901 JSON Pointer of the deepest node concerned; `''` is the whole input. */
  readonly path: string;
  /** Machine-readable details, typed by `code`. */
  readonly params: ParamsByCode[C];
}

/** A broken rule or a hint, as a rule reports it: a union discriminated on `code`, so `params` narrows with it. */
export type Finding = { [C in FindingCode]: FindingOf<C> }[FindingCode];

/**
 * A near miss that breaks no rule: an unknown property a small edit away from a known one at that
 * place, or a value a small edit away from one the specification names. It never changes `valid`.
 */
export interface Hint {
  /** RFC 6901 JSON Pointer of the unknown property, or of the value. */
  readonly path: string;
  /** What kind of near miss it is. */
  readonly code: HintCode;
  /** The name or value found, and the known one it is a near miss of. */
  readonly params: ParamsByCode[HintCode];
  /** "Did you mean …?" in the requested language. */
  readonly message: string;
}

/** A broken rule with its message in the requested language, discriminated on `code`. */
export type Violation = {
  [C in ViolationCode]: FindingOf<C> & {
    /** The violation in words, in the requested language. */
    readonly message: string;
  };
}[ViolationCode];

/** The rules of the HTTP helpers: the query, the body as JSON, the listener events. */
export type HttpRuleId = 'R-query' | 'R-body' | 'R-event';

/** The rule of JSON text: it is well-formed JSON, its numbers are numbers JavaScript holds exactly, and no object repeats a name. */
export type TextRuleId = 'R-json';

/** The rules of an order (and of an in-flight change): the field table, the party and contact rules, R1 to R14. */
export type OrderRuleId = Exclude<RuleId, HttpRuleId | TextRuleId>;

/** The codes only the HTTP helpers report. */
export type HttpViolationCode = 'too_small' | 'too_large' | 'invalid_json' | 'unknown_event_type';

/** The codes of JSON text: text that is no JSON, a number JavaScript cannot hold exactly, a name an object repeats. */
export type TextViolationCode = 'malformed_json' | 'inexact_number' | 'duplicate_key';

/** The codes the order rules report. */
export type OrderViolationCode = Exclude<ViolationCode, HttpViolationCode | TextViolationCode>;

/** A violation of an order rule, discriminated on `code`: what `validateProductOrder` gives. */
export type OrderViolation = {
  [C in OrderViolationCode]: FindingOf<C> & {
    /** Which order rule is broken. */
    readonly rule: OrderRuleId;
    /** The violation in words, in the requested language. */
    readonly message: string;
  };
}[OrderViolationCode];

/** A violation the HTTP helpers report of a query, a body or a listener event. */
export type HttpViolation = Violation & {
  /** Which rule of the HTTP helpers is broken. */
  readonly rule: HttpRuleId;
};

/** JSON text that is no JSON, a number of it JavaScript cannot hold exactly, or a name an object of it repeats, as the text validators report it. */
export type TextViolation = {
  [C in TextViolationCode]: FindingOf<C> & {
    /** `R-json`: the text is no JSON, one of its numbers is inexact, or one of its objects repeats a name. */
    readonly rule: TextRuleId;
    /** The fault in words, in the requested language. */
    readonly message: string;
  };
}[TextViolationCode];

/** A code with its params: what a check of one value finds wrong with it. */
export type Fault = { [C in ViolationCode]: readonly [C, ParamsByCode[C]] }[ViolationCode];

/** One rule of the specification. */
export interface Check {
  /** The rule's id in the specification. */
  readonly id: RuleId;
  /** Checks an input of any shape; returns no finding when the rule holds. Never throws on plain data. */
  check(order: unknown): readonly Finding[];
}

/** A rule of the specification: its check, and what it demands. */
export interface Rule extends Check {
  /** What the specification demands, in one line. */
  readonly title: string;
}
