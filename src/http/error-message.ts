// The ErrorMessage body of every error response, its RFC 9457 alternative, and the table that maps
// each condition to its status.

import { type Lang, langs, spoken } from '../messages/index.js';
import type { Truncation } from '../validate.js';
import type { FindingOf, Hint, Violation, ViolationCode } from '../violation.js';
import { httpWordTables } from './languages.js';
import type { ErrorStatus } from './status.js';
import type { ErrorCause } from './wording.js';
import { httpWords } from './words.js';

export type { ErrorStatus };

/**
 * How many violations an error response lists unless told otherwise: a partner sees enough to fix
 * a round of faults, and no request can make an error body larger than about 10 KB.
 */
export const defaultHttpMaxViolations = 20;

/** What an error status means: its stable code, its reason phrase and a description per language. */
export interface StatusEntry {
  /** Stable snake_case code, the ErrorMessage `code`. */
  readonly code: string;
  /** The HTTP reason phrase, the ErrorMessage `reason` and the problem `title`. */
  readonly reason: string;
  /** The condition that produces the status, in each language the package speaks. */
  readonly text: Readonly<Record<Lang, string>>;
}

const conditions: Readonly<Record<ErrorStatus, readonly [code: string, reason: string]>> = {
  400: ['invalid_request', 'Bad Request'],
  401: ['unauthorized', 'Unauthorized'],
  403: ['forbidden', 'Forbidden'],
  404: ['not_found', 'Not Found'],
  405: ['method_not_allowed', 'Method Not Allowed'],
  406: ['not_acceptable', 'Not Acceptable'],
  408: ['request_timeout', 'Request Timeout'],
  409: ['conflict', 'Conflict'],
  413: ['payload_too_large', 'Content Too Large'],
  415: ['unsupported_media_type', 'Unsupported Media Type'],
  422: ['unprocessable_content', 'Unprocessable Content'],
  429: ['too_many_requests', 'Too Many Requests'],
  500: ['internal_error', 'Internal Server Error'],
  501: ['not_implemented', 'Not Implemented'],
  503: ['service_unavailable', 'Service Unavailable'],
};

/** Which condition produces which status: the mapping the specification leaves open. */
export const errorStatuses: Readonly<Record<ErrorStatus, StatusEntry>> = /* @__PURE__ */ statusEntries();

function statusEntries(): Readonly<Record<ErrorStatus, StatusEntry>> {
  const entries: Partial<Record<ErrorStatus, StatusEntry>> = {};
  for (const [status, [code, reason]] of Object.entries(conditions)) {
    const key = Number(status) as ErrorStatus;
    const text = Object.fromEntries(langs.map((lang) => [lang, httpWordTables[lang].statuses[key]]));
    entries[key] = Object.freeze({ code, reason, text: Object.freeze(text) as Record<Lang, string> });
  }
  return Object.freeze(entries as Record<ErrorStatus, StatusEntry>);
}

/** A TMF ErrorMessage (TMF630 `Error`), with every violation listed. */
export interface ErrorMessage {
  /** Always `Error`. */
  readonly '@type': 'Error';
  /** Stable snake_case code of the condition, from {@link errorStatuses}. */
  readonly code: string;
  /** The HTTP reason phrase. */
  readonly reason: string;
  /** What went wrong, followed by each violation as `path: message`. */
  readonly message: string;
  /** The HTTP status, as a string as TMF writes it. */
  readonly status: string;
  /** A URI documenting the error, when one was given. */
  readonly referenceError?: string;
  /** The violations, the first by path, at most `maxViolations` of them. */
  readonly violations?: readonly Violation[];
  /** Present when there were more violations than are listed: how many more. */
  readonly truncated?: Truncation;
  /** Near misses in the body ("did you mean"), at most `maxViolations` of them, when there are any. */
  readonly hints?: readonly Hint[];
}

/** An RFC 9457 problem details body, with each violation in `errors`. */
export interface ProblemDetails {
  /** `about:blank`, or the URI given. */
  readonly type: string;
  /** The HTTP reason phrase. */
  readonly title: string;
  /** The HTTP status. */
  readonly status: number;
  /** What went wrong. */
  readonly detail: string;
  /** Each violation listed: its rule, code, params, a JSON Pointer (as a URI fragment) into the request body and its message. */
  readonly errors?: readonly ProblemError[];
  /** Present when there were more violations than are listed: how many more. */
  readonly truncated?: Truncation;
  /** Near misses in the body ("did you mean"), at most `maxViolations` of them, when there are any. */
  readonly hints?: readonly Hint[];
}

/**
 * A violation as problem details list it in `errors`: the `rule`, `code` and `params` of the
 * violation (and of the ErrorMessage's `violations`), its place as `pointer`, a JSON Pointer in its
 * URI fragment form (`#/entity`; `#` is the whole body), and its message as `detail`. A missing
 * property is reported at its object, the property named in `params.property`.
 */
export type ProblemError = {
  [C in ViolationCode]: Omit<FindingOf<C>, 'path'> & {
    /** The JSON Pointer of the violation's place as a URI fragment (RFC 6901 section 6): `#/entity`. */
    readonly pointer: string;
    /** The violation's message, in the language of the answer. */
    readonly detail: string;
  };
}[ViolationCode];

/** The body of an error answer: TMF `ErrorMessage`, or RFC 9457 problem details (`application/problem+json`). */
export type ErrorFormat = 'ErrorMessage' | 'problem';

/** The kinds of operation whose error bodies may differ: the product order create, the in-flight change API, the listeners. */
export type ErrorFormatKind = 'productOrder' | 'inflight' | 'listener';

/**
 * The error bodies of the routes: one format for the product order create and the in-flight change
 * API, the listeners keeping the spec's ErrorMessage; or a format per kind of operation, each kind not
 * named answering ErrorMessage.
 */
export type ErrorFormatOption = ErrorFormat | { readonly [K in ErrorFormatKind]?: ErrorFormat };

/**
 * The format of each kind of operation for an `errorFormat` option: a string names the product order
 * create and the in-flight change API, and the listeners keep ErrorMessage, the spec's error response
 * for them; an object names each kind, and a kind it leaves out (or any other value) is ErrorMessage.
 */
export function errorFormats(option: ErrorFormatOption | undefined): Readonly<Record<ErrorFormatKind, ErrorFormat>> {
  const pick = (value: unknown): ErrorFormat => (value === 'problem' ? 'problem' : 'ErrorMessage');
  if (typeof option !== 'object' || option === null) {
    const format = pick(option);
    return { productOrder: format, inflight: format, listener: 'ErrorMessage' };
  }
  return { productOrder: pick(option.productOrder), inflight: pick(option.inflight), listener: pick(option.listener) };
}

/** Options of {@link toErrorMessage} and {@link toProblemDetails}. */
export interface ErrorOptions {
  /** The status (default: 400 when there are violations, else 500). */
  readonly status?: ErrorStatus;
  /** Replaces the description of the status. */
  readonly message?: string;
  /**
   * What a 400 is about, which its description names (default: read from the first violation's rule,
   * `R-body` the JSON, `R-query` the query, `R-event` the event, any other the body).
   */
  readonly about?: ErrorCause;
  /** Language of the description (default English); violations keep the language they were rendered in. */
  readonly lang?: Lang;
  /** A URI documenting the error: ErrorMessage `referenceError`, problem `type`. */
  readonly referenceError?: string;
  /** List at most this many violations (default {@link defaultHttpMaxViolations}), and say how many more there were. */
  readonly maxViolations?: number;
}

/** What an error body is built from: a validation result, or nothing. */
export type ErrorSource =
  | {
      /** The violations to list, ordered by path. */
      readonly violations?: readonly Violation[];
      /** How many violations the validation found beyond `violations`. */
      readonly truncated?: Truncation;
      /** Near misses to list beside the violations. */
      readonly hints?: readonly Hint[];
    }
  | undefined;

function described(source: ErrorSource, options: ErrorOptions = {}, given = options.status) {
  const all = source?.violations ?? [];
  const status = given ?? (all.length ? 400 : 500);
  const entry = errorStatuses[status] ?? errorStatuses[500];
  const lang = spoken(options.lang);
  const max = options.maxViolations;
  const cap = typeof max === 'number' && max >= 0 ? max : defaultHttpMaxViolations;
  const violations = all.slice(0, cap).map((violation) => answerable(violation, lang));
  const hints = Array.isArray(source?.hints) ? source.hints.slice(0, cap) : [];
  const more = all.length - violations.length + (source?.truncated?.more ?? 0);
  const stopped = source?.truncated?.stopped === true;
  const truncated = more > 0 || stopped ? { more, stopped } : undefined;
  const detail =
    options.message ?? (status === 400 ? causeOf(options.about, all[0], lang) : undefined) ?? entry.text[lang];
  return {
    violations,
    hints,
    status,
    entry,
    detail,
    truncated,
    tail: truncated ? httpWords(lang).notListed(more, stopped) : undefined,
  };
}

/** The longest message of a violation an error body carries, in characters; a longer one ends in `…`. */
export const maxAnsweredMessage = 2000;

/**
 * A violation as an error body carries it: `params` as plain JSON data within a budget
 * ({@link jsonSafe}), the message at most {@link maxAnsweredMessage} characters, and a `rule_failed`
 * without what the rule threw, which is the service's to log, never the client's to read.
 */
function answerable(violation: Violation, lang: Lang): Violation {
  const { path, params, message } = violation;
  // a carrier's rule and code are ids: longer ones are cut
  const rule = String(violation.rule).slice(0, 200);
  const code = String(violation.code).slice(0, 200);
  if (code === 'rule_failed')
    return { rule, code, path, params: {}, message: httpWords(lang).ruleFailed(String(rule)) } as unknown as Violation;
  const text = typeof message === 'string' ? message : String(message);
  return {
    rule,
    code,
    path,
    params: jsonSafe(params),
    message: text.length > maxAnsweredMessage ? `${text.slice(0, maxAnsweredMessage - 1)}…` : text,
  } as Violation;
}

/** What a violation's `params` may hold in an answer: characters of its strings, and values. */
const paramsBudget = { chars: 2000, values: 200, depth: 8 };

/**
 * `params` as JSON data an answer can carry, whatever a rule put there: a BigInt as its decimal
 * text, a `Date` as its ISO text, a non-finite number `null`; a function, symbol or `undefined`
 * left out; a cycle, a value past the depth or the budget, or a read that throws, `null`. Strings
 * are cut to the budget's characters, in all at most 2,000, and at most 200 values are copied.
 * No caller's code runs but the getters of the properties it copies.
 */
export function jsonSafe(params: unknown): Record<string, unknown> {
  const left: Budget = { chars: paramsBudget.chars, values: paramsBudget.values, above: [] };
  const safe = typeof params === 'object' && params !== null && !Array.isArray(params) ? copy(params, 0, left) : {};
  return typeof safe === 'object' && safe !== null && !Array.isArray(safe) ? (safe as Record<string, unknown>) : {};
}

/** What is left of the budget of one `params`, and the objects being copied, a cycle's way back (at most `depth`). */
interface Budget {
  chars: number;
  values: number;
  readonly above: object[];
}

/** A value of `params` as {@link jsonSafe} copies it, within what is left of the budget. */
function copy(value: unknown, depth: number, left: Budget): unknown {
  if (left.values-- <= 0 || left.chars <= 0) return null;
  switch (typeof value) {
    case 'string': {
      const text = value.slice(0, Math.max(0, left.chars));
      left.chars -= text.length;
      return text;
    }
    case 'number':
      left.chars -= 8; // as its text takes about
      return Number.isFinite(value) ? value : null;
    case 'boolean':
      return value;
    case 'bigint':
      return copy(value.toString(), depth, left);
    case 'object':
      break;
    default:
      return undefined;
  }
  if (value === null || depth >= paramsBudget.depth || left.above.includes(value)) return null;
  left.above.push(value);
  try {
    if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
    if (Array.isArray(value)) {
      const list: unknown[] = [];
      for (let i = 0; i < value.length && left.values > 0; i++) list.push(copy(value[i], depth + 1, left) ?? null);
      return list;
    }
    const record: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      if (left.values <= 0) break;
      const name = key.slice(0, 200);
      left.chars -= name.length;
      const field = copy((value as Record<string, unknown>)[key], depth + 1, left);
      if (field !== undefined) record[name] = field;
    }
    return record;
  } catch {
    return null;
  } finally {
    left.above.pop();
  }
}

const causes: Readonly<Record<string, ErrorCause>> = { 'R-body': 'json', 'R-query': 'query', 'R-event': 'event' };

/** The description of a 400 that names its cause, when there is one to name: `about`, or the first violation's. */
function causeOf(about: ErrorCause | undefined, first: Violation | undefined, lang: Lang): string | undefined {
  const words = httpWords(lang).causes;
  if (about !== undefined && Object.hasOwn(words, about)) return words[about];
  if (!first) return undefined;
  return words[(Object.hasOwn(causes, first.rule) ? causes[first.rule] : undefined) ?? 'body'];
}

/**
 * The TMF ErrorMessage body of a failed request: code, reason, message, status, and the violations,
 * at most `maxViolations` of them, with how many more there were.
 * @param source - a validation result (or anything with `violations`), or undefined
 */
export function toErrorMessage(source: ErrorSource, options?: ErrorOptions): ErrorMessage {
  return errorMessage(source, options, options?.status);
}

/** {@link toErrorMessage} with the status apart from the options: no copy of them per answer. */
function errorMessage(source: ErrorSource, options: ErrorOptions | undefined, given: ErrorStatus | undefined) {
  const { violations, hints, status, entry, detail, truncated, tail } = described(source, options, given);
  let message = detail;
  for (const v of violations) message += ` ${v.path || '/'}: ${v.message}`;
  if (tail) message += ` ${tail}`;
  // the properties in the order of the ErrorMessage, those without a value left out
  const body: { -readonly [K in keyof ErrorMessage]: ErrorMessage[K] } = {
    '@type': 'Error',
    code: entry.code,
    reason: entry.reason,
    message,
    status: String(status),
  };
  if (options?.referenceError) body.referenceError = options.referenceError;
  if (violations.length) body.violations = violations;
  if (truncated) body.truncated = truncated;
  if (hints.length) body.hints = hints;
  return body;
}

/**
 * The RFC 9457 `application/problem+json` body of a failed request, with an `errors` array of
 * `{ rule, code, params, pointer, detail }` ({@link ProblemError}), at most `maxViolations` of them,
 * with how many more there were.
 */
export function toProblemDetails(source: ErrorSource, options?: ErrorOptions): ProblemDetails {
  const { violations, hints, status, entry, detail, truncated, tail } = described(source, options);
  return {
    type: options?.referenceError ?? 'about:blank',
    title: entry.reason,
    status,
    detail: tail ? `${detail} ${tail}` : detail,
    ...(violations.length ? { errors: violations.map(problemError) } : {}),
    ...(truncated ? { truncated } : {}),
    ...(hints.length ? { hints } : {}),
  };
}

/** A violation as an entry of `errors`; a carrier's own violation without `params` gets `{}`. */
function problemError(violation: Violation): ProblemError {
  const { rule, code, params, path, message } = violation;
  return {
    rule,
    code,
    params: typeof params === 'object' && params !== null ? params : {},
    pointer: fragment(path),
    detail: message,
  } as ProblemError;
}

/** A JSON Pointer in its URI fragment form (RFC 6901 section 6), as RFC 9457's example writes it. */
function fragment(path: string): string {
  return `#${path.replace(/[^\w\-.~!$&'()*+,;=:@/?]/gu, (c) => {
    try {
      return encodeURIComponent(c);
    } catch {
      return '%EF%BF%BD'; // a lone surrogate: U+FFFD
    }
  })}`;
}

/** A failed request: the status, the headers and the ErrorMessage body to answer with. */
export interface HttpError {
  /** Always false: the request failed. */
  readonly ok: false;
  /** The HTTP status. */
  readonly status: ErrorStatus;
  /** The response headers: `content-type`, and those the status needs (`allow`, `www-authenticate`, ...). */
  readonly headers: Readonly<Record<string, string>>;
  /** The ErrorMessage to send. */
  readonly body: ErrorMessage;
}

/** The content type of ErrorMessage bodies on the in-flight change operations. */
export const jsonUtf8 = 'application/json;charset=utf-8';

/**
 * The error response of `status`: its ErrorMessage body and headers (`content-type`, plus `headers`).
 * @param source - the violations to list, if any
 * @example
 * ```ts
 * import { errorResponse } from 'product-order-validator/http';
 *
 * const busy = errorResponse(503, undefined, { lang: 'de', headers: { 'retry-after': '30' } });
 * // { ok: false, status: 503, headers: { 'content-type': ..., 'retry-after': '30' }, body: { '@type': 'Error', ... } }
 * ```
 */
export function errorResponse(
  status: ErrorStatus,
  source?: ErrorSource,
  options?: Omit<ErrorOptions, 'status'> & { readonly headers?: Readonly<Record<string, string>> },
): HttpError {
  const more = options?.headers;
  return {
    ok: false,
    status,
    headers: more === undefined ? { 'content-type': jsonUtf8 } : { 'content-type': jsonUtf8, ...more },
    body: errorMessage(source, options, status),
  };
}

/** An error response in the RFC 9457 form: `application/problem+json`. */
export interface ProblemResponse {
  /** Always false: the request failed. */
  readonly ok: false;
  /** The HTTP status. */
  readonly status: ErrorStatus;
  /** The response headers, `content-type` `application/problem+json`. */
  readonly headers: Readonly<Record<string, string>>;
  /** The problem details to send. */
  readonly body: ProblemDetails;
}

/**
 * The RFC 9457 form of an error response: the same status and headers, its ErrorMessage as problem
 * details with the same description, violations and hints.
 * @param lang - the language the error was worded in
 */
export function toProblemResponse(error: HttpError, lang?: Lang): ProblemResponse {
  const { body } = error;
  const violations = body.violations ?? [];
  const listed = violations.map((v) => `${v.path || '/'}: ${v.message}`);
  const tail = body.truncated ? httpWords(lang).notListed(body.truncated.more, body.truncated.stopped) : undefined;
  const suffix = [...listed, ...(tail ? [tail] : [])].join(' ');
  const detail =
    suffix && body.message.endsWith(` ${suffix}`) ? body.message.slice(0, -suffix.length - 1) : body.message;
  const source = { violations, ...(body.truncated ? { truncated: body.truncated } : {}), hints: body.hints ?? [] };
  return {
    ok: false,
    status: error.status,
    headers: { ...error.headers, 'content-type': 'application/problem+json' },
    body: toProblemDetails(source, {
      status: error.status,
      message: detail,
      lang,
      maxViolations: Number.POSITIVE_INFINITY,
      ...(body.referenceError ? { referenceError: body.referenceError } : {}),
    }),
  };
}
