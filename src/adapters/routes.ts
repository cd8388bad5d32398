// What productOrderRoutes serves, whatever the framework: the routes, the checks of a request in the
// order a client should learn of them, and the serialised reply. An adapter maps its framework's
// request onto a Call, reads the body once `admit` let it through, and writes what `answer` gives.
import type { InflightChangeProductOrderFVO } from '../generated/inflight-types.js';
import type { InflightChangeProductOrder } from '../generated/resource-types.js';
import type { Open, ProductOrderFVO } from '../generated/types.js';
import { type AuthVerdict, isThenable, type OperationId } from '../http/auth.js';
import {
  type BodyOptions,
  type BodyText,
  type JsonBodyOptions,
  notJson,
  type SerializedReply,
  serializeReply,
} from '../http/body.js';
import {
  awaitCallback,
  type CallbackTimeLimit,
  type CallbackValue,
  defaultCallbackTimeoutMs,
  isCallbackTimeoutError,
  limitMs,
} from '../http/callback.js';
import {
  contentCodingFault,
  decodeUnreserved,
  hasDotSegment,
  headerValues,
  pathFault,
  type RawHeaders,
} from '../http/door.js';
import {
  type ErrorFormatOption,
  errorFormats,
  errorResponse,
  type HttpError,
  jsonUtf8,
  toProblemResponse,
} from '../http/error-message.js';
import { type ListenerEvent, type ListenerEventType, listeners, validateListenerEvent } from '../http/events.js';
import { type HeadersInput, headerOf, preferredErrorFormat, preferredLang } from '../http/headers.js';
import {
  canonicalJson,
  createMemoryIdempotencyStore,
  defaultIdempotencyTtlMs,
  type IdempotencyEntry,
  type IdempotencyStore,
  idempotencyFingerprint,
  maxIdempotencyKeyLength,
  parseIdempotencyKey,
  sha256Hex,
} from '../http/idempotency.js';
import {
  countHeaders,
  type ListQuery,
  type PageOptions,
  pageBounds,
  paginate,
  type QueryInput,
  selectFields,
} from '../http/list-query.js';
import {
  type Authenticate,
  allowedMethods,
  checkBody,
  checkHead,
  collectionPath,
  defaultProductOrderPath,
  httpMaxViolations,
  type Known,
  type Later,
  matchRoute,
  operationOf,
  type PassedHead,
  type Route,
  routeTable,
  type ValidBody,
} from '../http/pipeline.js';
import { validateInflightChangeProductOrder } from '../inflight.js';
import { httpWords, type Lang, langs } from '../messages/index.js';
import type { ErrorCause } from '../messages/wording.js';
import { type ValidateOptions, type ValidationResult, validateProductOrder } from '../validate.js';
import type { Hint } from '../violation.js';
import {
  bodyParserWarning,
  type RouteError,
  type RouteErrorSource,
  routeError,
  type UnkeptPromise,
} from './route-error.js';

export type { Authenticate };

/** The operation of a request to the routes: the spec's ids, and TMF622's `createProductOrder`. */
export type RouteOperation = OperationId;

/** What a callback of the routes knows about the request it serves. */
export interface RouteContext<Native, Identity = string> {
  /** The operation, as `authorize` was asked about it. */
  readonly operation: RouteOperation;
  /**
   * The bearer token the request came with; `''` when `authenticate` is replaced or `false` and the
   * request sent none.
   */
  readonly token: string;
  /**
   * Who sent the request: the bearer token with the default authentication, what `authenticate`
   * returned when it is replaced, `undefined` when it is `false`.
   */
  readonly identity: Identity;
  /** The language of the answer, from `Accept-Language`. */
  readonly lang: Lang;
  /** The framework's own request (Express `Request`, Fastify `FastifyRequest`, Hono `Context`). */
  readonly request: Native;
}

/** What a callback that receives a valid body knows: the context, and the near misses in the body. */
export interface BodyContext<Native, Identity = string> extends RouteContext<Native, Identity> {
  /**
   * Near misses in the body that break no rule ("did you mean"): `priorty` for `priority`, at most
   * `maxViolations` of them; the 201 or 202 answer names them in `Validation-Hints`.
   */
  readonly hints: readonly Hint[];
}

/** What a listener's `onEvent` knows: the context, and the event type of the listener's path. */
export interface EventContext<Native, Identity = string> extends BodyContext<Native, Identity> {
  /** The event type, from the listener's path. */
  readonly type: ListenerEventType;
}

/**
 * What `onOutcome` hears of each request the routes answered: once, after the answer was given, for
 * every status.
 */
export interface RouteOutcome<Native, Identity = string> {
  /** The operation, when the route and method name one; undefined for 405 and for a path refused before it. */
  readonly operation: RouteOperation | undefined;
  /** The status answered. */
  readonly status: number;
  /** The rule and code of each violation the answer lists (a 400); empty for any other. */
  readonly violations: readonly {
    /** The id of the rule the violation breaks. */
    readonly rule: string;
    /** Its stable code. */
    readonly code: string;
  }[];
  /** How many near misses the body had (a valid one), as `Validation-Hints` names them. */
  readonly hints: number;
  /** Milliseconds from the start of the checks to the answer, the body's arrival and the callbacks included. */
  readonly durationMs: number;
  /**
   * Who sent it, once known and not refused: undefined for an answer given before (405), for a 401
   * (`authorize` said `'invalid'`), and with `authenticate: false`. With the default authentication
   * it is the bearer token: keep it out of metric labels and logs.
   */
  readonly identity: Identity | undefined;
  /** The framework's own request. */
  readonly request: Native;
}

/** A violation as any validator reports it: the built-in ones and a carrier's own. */
export interface ReportedViolation {
  /** The id of the rule it breaks: a built-in one, or a carrier's. */
  readonly rule: string;
  /** What kind of fault it is: a stable snake_case code. */
  readonly code: string;
  /** RFC 6901 JSON Pointer of the deepest node concerned; `''` is the whole input. */
  readonly path: string;
  /** The violation in words, in the language of the answer. */
  readonly message: string;
}

/** Validates a product order: `validateProductOrder`, or a validator made by `createValidator`. */
export type OrderValidator =
  | ((input: unknown, options?: ValidateOptions) => ValidationResult<ProductOrderFVO, ReportedViolation>)
  | {
      /** Validates any value: the `validate` of a validator made by `createValidator`. */
      readonly validate: (
        input: unknown,
        options?: ValidateOptions,
      ) => ValidationResult<ProductOrderFVO, ReportedViolation>;
    };

/**
 * An in-flight change as the store keeps it: the request plus what the service owns (`id`, `href`,
 * `state`, `requestDate`), as FIT 2.0.0 and the OpenAPI document describe it, with any extension field.
 */
export type InflightChangeResource = Readonly<Open<InflightChangeProductOrder>>;

/**
 * A callback's answer when it cannot serve the request: an error response made by `errorResponse`
 * (409, 429, 503, ...), answered as it is.
 */
export type Refusal = HttpError;

/** The service's store of in-flight changes, behind the in-flight change API. */
export interface InflightChangeStore<Native, Identity = string> {
  /**
   * Stores a valid change request: the created resource, answered 201 (with `Location`, its `href`
   * or the collection's path and its `id`), or undefined to answer 202 with no body.
   */
  create(
    change: InflightChangeProductOrderFVO,
    context: BodyContext<Native, Identity>,
  ): InflightChangeResource | undefined | Refusal | PromiseLike<InflightChangeResource | undefined | Refusal>;
  /**
   * The changes a list asks for: every one, which the routes page by `offset` and `limit`; or the
   * page itself with the number of all matches, when the store pages. The query has `offset` and
   * `limit` always (the default page size unless asked, at most the largest); `fields` is applied to each.
   */
  list(
    query: ListQuery,
    context: RouteContext<Native, Identity>,
  ): ListAnswer | Refusal | PromiseLike<ListAnswer | Refusal>;
  /** The change with this id, or undefined for 404; `fields` is applied to it. */
  retrieve(
    id: string,
    context: RouteContext<Native, Identity>,
  ): InflightChangeResource | undefined | Refusal | PromiseLike<InflightChangeResource | undefined | Refusal>;
}

/** What `list` gives: every matching change, or one page of them with the number of all matches. */
export type ListAnswer =
  | readonly InflightChangeResource[]
  | {
      /** The page of changes the query asks for; `fields` is applied to each. */
      readonly items: readonly InflightChangeResource[];
      /** How many changes match the query, in all pages: `X-Total-Count`. */
      readonly total: number;
    };

/** Options of `productOrderRoutes`: which routes to serve (each callback given), and how. */
export interface ProductOrderRoutesOptions<Native, Identity = string>
  extends BodyOptions,
    CallbackTimeLimit,
    JsonBodyOptions {
  /**
   * Serves `POST {productOrderPath}`: receives each valid product order, answered 201 with what it
   * returns (or resolves to), 202 with no body when that is undefined, or the error response it returns.
   */
  readonly onProductOrder?: (order: ProductOrderFVO, context: BodyContext<Native, Identity>) => unknown;
  /** The path of the product order create (default `/productOrder`, as TMF622 names it). */
  readonly productOrderPath?: string | undefined;
  /** Validates product orders (default `validateProductOrder`); a validator made by `createValidator` adds a carrier's rules and words. */
  readonly validator?: OrderValidator;
  /** Serves the in-flight change API (create, list, retrieve at `/inflightChangeProductOrder`) over this store. */
  readonly inflight?: InflightChangeStore<Native, Identity>;
  /** Serves the six listeners (`/listener/...`): receives each valid event, answered 204, or the error response it returns. */
  readonly onEvent?: (event: ListenerEvent, context: EventContext<Native, Identity>) => unknown;
  /**
   * Who sent a request, in place of the bearer-token check: the identity the app found (`@fastify/jwt`'s
   * `request.user`, a client certificate, a header its gateway set), or undefined for 401; or a
   * Promise of it, awaited within `callbackTimeoutMs` (503 past it; a throw is a 500 told to
   * `onError`). `false` turns authentication off: every request goes on, `identity` undefined, and
   * `authorize` (when given) is asked with `undefined`; its type admits `false` only for an `Identity`
   * that holds `undefined` (`productOrderRoutes<undefined>({ authenticate: false, ... })`), so that no
   * callback reads an identity that is not there. Default: the `Authorization: Bearer` token, which
   * is then the identity.
   */
  readonly authenticate?: Authenticate<Native, Identity> | (undefined extends Identity ? false : never) | undefined;
  /**
   * The service's verdict on an identity (the bearer token by default) for an operation, or a
   * Promise of it: `true` permits, `false` gives 403, `'invalid'` 401. Without it any identity passes.
   */
  readonly authorize?: (identity: Identity, operation: RouteOperation) => AuthVerdict | PromiseLike<AuthVerdict>;
  /**
   * Told of each request the routes answered, once, after the answer went out: the operation,
   * status, violations, duration and identity, for metrics and audit logs. Called on a timer, so it
   * never delays an answer; a throw (or a rejection) changes nothing and is told to `onError`.
   */
  readonly onOutcome?: (outcome: RouteOutcome<Native, Identity>) => unknown;
  /** The language when `Accept-Language` names none the package speaks (default English). */
  readonly lang?: Lang | undefined;
  /**
   * How the two creates take an `Idempotency-Key` (on by default, in memory): the first answer of a
   * key is kept and replayed to a retry with the same key and body, a retry while the first runs gets
   * 409 with `Retry-After`, the same key with another body 422. `false` ignores the header.
   */
  readonly idempotency?: IdempotencyOptions<Identity> | false | undefined;
  /**
   * Error bodies: TMF `ErrorMessage` (default) or RFC 9457 `application/problem+json`, whose `errors`
   * carry each violation's `rule`, `code`, `params` and `pointer`. `'problem'` is for the product order
   * create and the in-flight change API, the listeners keeping the spec's ErrorMessage; an object
   * chooses per kind of operation (`{ productOrder, inflight, listener }`, each kind left out an
   * ErrorMessage). This is each route's default: a request whose `Accept` prefers
   * `application/problem+json` gets problem details, one that prefers `application/json` an
   * ErrorMessage; wildcards, equal weights or no `Accept` keep the default.
   */
  readonly errorFormat?: ErrorFormatOption | undefined;
  /** List at most this many violations in a 400 (default 20); validation stops soon after. */
  readonly maxViolations?: number | undefined;
  /** The page sizes of a list the routes page (default 100, at most 1,000). */
  readonly page?: PageOptions | undefined;
  /**
   * Told of each error a callback throws (or rejects with), the client getting a 500 that tells
   * nothing of it, and which goes on to the framework's error path as a `RouteError`; of a body
   * another part of the server read before the routes (a `RouteError` with `source: 'body'`); once,
   * of what a parser before the routes keeps them from keeping (a `BodyParserWarning`); and of
   * each callback that did not settle within `callbackTimeoutMs`, the client getting 503 with
   * `Retry-After`: a `CallbackTimeoutError`, whose `callback` names it. Also of what a validator's rule
   * threw (the client getting `rule_failed` without its text), of a callback's answer that breaks
   * its contract (a `list` that is neither an array of changes nor `{ items, total }`, a created
   * resource JSON cannot carry): a `TypeError` or what `JSON.stringify` threw, the client getting a 500;
   * and of each failure of the idempotency store (`idempotency.claim` among the callbacks).
   */
  readonly onError?: (error: unknown, context: RouteContext<Native, Identity> | undefined) => void;
}

export type { Later, Route };

/** How the creates keep the answer of each `Idempotency-Key`: the store, for how long, and whose keys are whose. */
export interface IdempotencyOptions<Identity = string> {
  /**
   * Where the answers are kept (default: {@link createMemoryIdempotencyStore} of this process, at most
   * 10,000 keys and 32 MiB); a store shared by the service's processes (Redis, a database) for more than one.
   */
  readonly store?: IdempotencyStore | undefined;
  /** How long a key and its answer are kept, in milliseconds (default 24 hours). */
  readonly ttlMs?: number | undefined;
  /**
   * Whose keys a request's are: keys of two scopes never meet. Default: the identity, which with the
   * default authentication is the bearer token (a client whose token changes between two tries gets
   * its create served twice: give `authenticate` that returns the client's id, or a scope of it here).
   */
  readonly scope?: ((identity: Identity, operation: RouteOperation) => string) | undefined;
}

/**
 * `next` of a value now, or once the Promise resolves: the pipeline stays synchronous while the
 * service's callbacks are, with no promise nor microtask per request. Only the routes' own values
 * come here (answers, admitted requests, and the Promises the routes make), so `instanceof` tells them apart.
 */
function then<T, U>(value: Later<T>, next: (value: T) => Later<U>): Later<U> {
  return value instanceof Promise ? value.then(next) : next(value);
}

/** A request as an adapter gives it. */
export interface Call<Native> {
  readonly route: Route;
  readonly method: string;
  /** The path the client asked for, with any mount prefix and without the query: the base of `Location`. */
  readonly path: string;
  /** The id of a retrieve, decoded. */
  readonly id?: string | undefined;
  readonly headers: HeadersInput;
  /** The header lines as sent (Node's `rawHeaders`), where the framework has them: a repeated header shows here. */
  readonly rawHeaders?: RawHeaders | undefined;
  readonly query: QueryInput | undefined;
  readonly native: Native;
  /** Whether the app mounted this route alone, at a path of its own: the path is not the routes' table's. */
  readonly alone?: boolean;
}

/** A request that passed every check before its body. */
export interface Admitted<Native, Identity = unknown> {
  readonly call: Call<Native>;
  readonly context: RouteContext<Native, Identity>;
  readonly query: ListQuery;
  /** Whether its body is to be read: a create or a listener. */
  readonly reads: boolean;
  /** When the checks began (`performance.now()`), for the outcome's duration. */
  readonly started: number;
}

/** What the routes cannot keep for a body a parser of the app read first, and how to keep it: told to `onError` once. */
export interface Unkept {
  readonly unkept: readonly UnkeptPromise[];
  /** The fix on the adapter's framework, a clause: "mount the routes before the parser ...". */
  readonly fix: string;
  /** The parser's own size limit, a clause, where it has one that refuses a body before `maxBodyBytes` can. */
  readonly limit?: string | undefined;
}

/** A body as a reader gave it: text, a value the framework parsed already, or the error reading gave. */
export type BodyRead =
  | BodyText
  | { readonly ok: true; readonly parsed: unknown }
  | HttpError
  | { readonly ok: false; readonly consumed: true };

/** A body as an adapter read it; `held` when a parser or middleware of the app read it first, at a cost `behind` names. */
export type ReadBody = BodyRead | { readonly held: BodyRead; readonly behind: Unkept };

/** A body a parser or middleware of the app read before the routes, as held to their limits, with what it cost. */
export const heldBehind = (read: ReadBody, behind: Unkept): ReadBody =>
  'held' in read || 'consumed' in read ? read : { held: read, behind };

/** The body of a request whose stream another part of the server read, leaving nothing to take. */
export const consumed: BodyRead = Object.freeze({ ok: false, consumed: true });

/** A body as a reader gave it, its 500 (the stream read already, a size no one can tell) the operator's: {@link consumed}. */
export const ownedBy = (read: BodyRead): BodyRead =>
  read.ok || !('status' in read) || read.status !== 500 ? read : consumed;

/**
 * A reply to write, serialised: the one reply shape of the routes, as `sendNode` and `toFetchResponse`
 * take it; `error`, the error to pass to the framework's error path (a 500 of the service's side).
 */
export interface Answer extends SerializedReply {
  readonly error?: RouteError;
  /** The violations an error answer lists, for `onOutcome`. */
  readonly listed?: readonly { readonly rule: string; readonly code: string }[];
  /** How many near misses a success answer names, for `onOutcome`. */
  readonly hinted?: number;
}

/** The routes as an adapter uses them. */
export interface Routes<Native, Identity = unknown> {
  /** The routes served, with their paths below the mount point. */
  readonly paths: ReadonlyArray<{ readonly path: string; readonly route: Route }>;
  /**
   * The checks before the body: the request admitted, or the answer to give at once; at once while
   * `authenticate` and `authorize` answer at once, else a Promise, which never rejects.
   */
  admit(call: Call<Native>): Later<Admitted<Native, Identity> | Answer>;
  /**
   * The answer to an admitted request, given its body when it reads one: at once while the
   * callback answers at once, else a Promise, which never rejects.
   */
  answer(admitted: Admitted<Native, Identity>, body: ReadBody | undefined): Later<Answer>;
  /**
   * The answer to an error the framework raised on a request to a route (its parse errors), by
   * status; given the request as admitted, in its route's format and heard by `onOutcome`.
   */
  frameworkError(error: unknown, headers: HeadersInput | undefined, admitted?: Admitted<Native, Identity>): Answer;
  /**
   * The answer to a request below the mount point that the routes give before any route matches, from
   * its path as sent (`path`, without the query) and the mount point as spelt: 404 for a dot segment
   * or a path under theirs that none of them is, 400 for a %-encoding that is not UTF-8 in one of
   * their paths; undefined when a route (theirs or the app's) is to answer it.
   */
  refuse(path: string, mount: string, headers: HeadersInput | undefined): Answer | undefined;
  /** Whether a path below the mount point is one of the routes' (a trailing slash allowed). */
  serves(path: string): boolean;
  /** Whether a path ends in one of the routes' paths: a request to the routes, wherever they are mounted. */
  servesTail(path: string): boolean;
  /** The route a path below the mount point is, as spelt, with its id: for a request the framework failed before any route ran. */
  match(path: string): { readonly route: Route; readonly id?: string } | undefined;
  /** The 404 ErrorMessage of a path below the mount point that is none of the routes' nor the app's. */
  notFound(headers: HeadersInput | undefined): Answer;
  /** The body limits, for an adapter's reader, and whether numbers JavaScript cannot hold are kept. */
  readonly limits: BodyOptions & JsonBodyOptions;
}

/** The route that serves `operation` alone: its kind, with the methods of that operation only. */
export function operationRoute(operation: RouteOperation): Route {
  switch (operation) {
    case 'createProductOrder':
      return { kind: 'productOrder' };
    case 'createInflightChangeProductOrder':
      return { kind: 'collection', methods: ['POST'] };
    case 'listInflightChangeProductOrder':
      return { kind: 'collection', methods: ['GET', 'HEAD'] };
    case 'retrieveInflightChangeProductOrder':
      return { kind: 'item' };
  }
  const listener = listeners.find((l) => l.operation === operation);
  if (!listener) throw new TypeError(`no such operation: ${String(operation)}`);
  return { kind: 'listener', type: listener.type, operation: listener.operation };
}

/** Whether a value is an error response a callback returned. */
function isRefusal(value: unknown): value is HttpError {
  if (typeof value !== 'object' || value === null) return false;
  const error = value as Partial<HttpError>;
  return error.ok === false && typeof error.status === 'number' && error.body?.['@type'] === 'Error';
}

/** The longest `Validation-Hints` header, in characters: far below what clients and proxies take (8 KB and more). */
export const maxHintsHeader = 4096;

const utf8 = /* @__PURE__ */ new TextEncoder();

/** A string as an RFC 8941 sf-string holds it: printable ASCII, `%`, other characters %-encoded, `"` and `\` escaped. */
function sfString(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (char === '%' || code < 0x20 || code > 0x7e)
      for (const byte of utf8.encode(char)) out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    else out += char === '"' || char === '\\' ? `\\${char}` : char;
  }
  return `"${out}"`;
}

/**
 * The `Validation-Hints` header of a valid body's near misses: an RFC 8941 list of each hint's JSON
 * Pointer with its `code` and `suggestion`, `"/priorty";code=did_you_mean;suggestion="priority"`,
 * at most {@link maxHintsHeader} characters; undefined for none.
 */
export function hintsHeader(hints: readonly Hint[]): string | undefined {
  let header = '';
  for (const hint of hints) {
    const suggestion = (hint.params as { suggestion?: unknown } | undefined)?.suggestion;
    const member = `${sfString(String(hint.path))};code=${/^[a-z][a-z0-9_]*$/.test(hint.code) ? hint.code : 'hint'}${
      typeof suggestion === 'string' ? `;suggestion=${sfString(suggestion)}` : ''
    }`;
    const next = header === '' ? member : `${header}, ${member}`;
    if (next.length > maxHintsHeader) break;
    header = next;
  }
  return header === '' ? undefined : header;
}

/**
 * The routes for `options`; an adapter registers each of `paths` with its framework. Only the routes
 * whose callback is given are served.
 */
export function createRoutes<Native, Identity = string>(
  options: ProductOrderRoutesOptions<Native, Identity>,
): Routes<Native, Identity> {
  const numbers: JsonBodyOptions = { keepInexactNumbers: options.keepInexactNumbers === true };
  const fallback = langs.includes(options.lang as Lang) ? (options.lang as Lang) : 'en';
  const max = httpMaxViolations(options.maxViolations);
  const formats = errorFormats(options.errorFormat);
  const given = options.idempotency;
  const keys =
    given === false
      ? undefined
      : {
          store: given?.store ?? createMemoryIdempotencyStore(),
          ttlMs: limitMs(given?.ttlMs, defaultIdempotencyTtlMs),
          scope: given?.scope,
        };
  /**
   * Whether a route answers its errors as problem details; an answer outside any route (a path below
   * the mount point that is none, a framework's error) as the product order create, or as the
   * in-flight change API when only that is served.
   */
  const problemFor = (route?: Pick<Route, 'kind'>): boolean => {
    const kind = route?.kind ?? (options.onProductOrder || !options.inflight ? 'productOrder' : 'item');
    const format =
      kind === 'listener' ? formats.listener : kind === 'productOrder' ? formats.productOrder : formats.inflight;
    return format === 'problem';
  };
  const check = options.validator;
  const validateOrder =
    check === undefined ? validateProductOrder : typeof check === 'function' ? check : check.validate.bind(check);

  const paths = routeTable({
    productOrderPath: options.productOrderPath,
    productOrder: options.onProductOrder !== undefined,
    inflight: options.inflight !== undefined,
    listeners: options.onEvent !== undefined,
  });
  const productOrderPath = paths.find(({ route }) => route.kind === 'productOrder')?.path ?? defaultProductOrderPath;

  const langOf = (headers: HeadersInput | undefined): Lang => {
    try {
      return preferredLang(headerOf(headers, 'accept-language'), langs, fallback);
    } catch {
      return fallback;
    }
  };

  /** Whether a request's answer to an error is problem details: the route's format, unless its `Accept` prefers the other. */
  const problemAnswer = (route: Pick<Route, 'kind'> | undefined, headers: HeadersInput | undefined): boolean => {
    const configured = problemFor(route) ? 'problem' : 'ErrorMessage';
    try {
      return preferredErrorFormat(headerOf(headers, 'accept'), configured) === 'problem';
    } catch {
      return configured === 'problem';
    }
  };

  /** An error response as the routes answer it: in the format the route and the request's `Accept` choose, with the answer's language. */
  const failure = (error: HttpError, lang: Lang, route?: Pick<Route, 'kind'>, request?: HeadersInput): Answer => {
    // a listener's errors are the spec's default response, an ErrorMessage as application/json
    const problem = problemAnswer(route, request);
    const listener = route?.kind === 'listener' && !problem;
    // Object.assign, not spreads followed by properties: several times faster on Node 20
    const headers = Object.assign({}, error.headers, { 'content-language': lang });
    const shaped = problem
      ? toProblemResponse(Object.assign({}, error, { headers }), lang)
      : Object.assign({}, error, {
          headers: listener ? Object.assign(headers, { 'content-type': 'application/json' }) : headers,
        });
    const answer = serializeReply(shaped);
    // the violations named for onOutcome alone
    const violations = options.onOutcome ? error.body.violations : undefined;
    return Array.isArray(violations) && violations.length > 0
      ? { ...answer, listed: violations.map(({ rule, code }) => ({ rule, code })) }
      : answer;
  };

  /** A success answer; throws what JSON.stringify threw (or a TypeError) for a body JSON cannot carry, a callback's fault. */
  const ok = (status: number, lang: Lang, body?: unknown, headers: Record<string, string> = {}): Answer => {
    const answer = serializeReply({
      status,
      headers:
        body === undefined
          ? { 'content-language': lang, ...headers }
          : { 'content-type': jsonUtf8, 'content-language': lang, ...headers },
      ...(body === undefined ? {} : { body }),
    });
    if (body !== undefined && (answer.status !== status || answer.text === undefined)) throw unanswerable(body);
    return answer;
  };

  /** A created resource's answer: 201 with it and `Location`, 202 without one; `Validation-Hints` naming the body's near misses. */
  const created = (value: unknown, lang: Lang, path: string, hints: readonly Hint[]): Answer => {
    const header = hintsHeader(hints);
    const headers = value === undefined ? {} : locationOf(value, path);
    if (header !== undefined) headers['validation-hints'] = header;
    const answer = value === undefined ? ok(202, lang, undefined, headers) : ok(201, lang, value, headers);
    return header !== undefined && answer.status < 300 ? Object.assign(answer, { hinted: hints.length }) : answer;
  };

  const report = (error: unknown, context: RouteContext<Native, Identity> | undefined) => {
    try {
      options.onError?.(error, context);
    } catch {
      // a throwing onError changes nothing of the answer
    }
  };

  /**
   * Awaits a callback for a request within the time limit, its failures told to `onError`: its value,
   * or the answer, which carries what it threw for the framework's error path (a time-out does not).
   */
  function awaited<T>(
    callback: RouteErrorSource,
    run: () => T,
    context: RouteContext<Native, Identity>,
    route: Route,
    headers: HeadersInput | undefined,
    timedOut?: string,
  ): Later<{ ok: true; value: Awaited<T> } | Answer> {
    // a callback that answers at once is answered at once: no promise, no timer, no closure
    let given: T | undefined;
    let thrown: { error: unknown } | undefined;
    try {
      given = run();
      if (!isThenable(given)) return { ok: true, value: given as Awaited<T> };
    } catch (error) {
      thrown = { error };
    }
    let threw: { error: unknown } | undefined;
    const onError = (error: unknown) => {
      if (!isCallbackTimeoutError(error)) threw = { error };
      report(error, context);
    };
    const settled = (answered: CallbackValue<Awaited<T>> | HttpError) => {
      if (answered.ok) return answered;
      // a 503 of awaitCallback is its time limit: a create says what that means for its order
      const told =
        timedOut !== undefined && answered.status === 503 && !threw
          ? errorResponse(503, undefined, { lang: context.lang, message: timedOut, headers: answered.headers })
          : answered;
      const answer = failure(told, context.lang, route, headers);
      return threw ? { ...answer, error: routeError(callback, answer, threw.error) } : answer;
    };
    if (thrown) {
      onError(thrown.error);
      return settled(errorResponse(500, undefined, { lang: context.lang }));
    }
    const pending = given as T;
    return awaitCallback(callback, (): T => pending, {
      callbackTimeoutMs: options.callbackTimeoutMs,
      lang: context.lang,
      onError,
    }).then(settled);
  }

  const crashed = (
    error: unknown,
    lang: Lang,
    context: RouteContext<Native, Identity> | undefined,
    route?: Route,
    headers?: HeadersInput,
  ): Answer => {
    report(error, context);
    const answer = failure(errorResponse(500, undefined, { lang }), lang, route, headers);
    return { ...answer, error: routeError('reply', answer, error) };
  };

  /** The 500 of a body another part of the server read first: the operator's to fix, told to `onError`. */
  const consumedBody = (context: RouteContext<Native, Identity>, route: Route, headers: HeadersInput): Answer => {
    const { lang } = context;
    const readAlready = errorResponse(500, undefined, { lang, message: httpWords(lang).readAlready });
    const answer = failure(readAlready, lang, route, headers);
    const error = routeError('body', answer);
    report(error, context);
    return { ...answer, error };
  };

  /** Whether the routes told of a parser before them: once, whatever follows. */
  let warned = false;
  /** Tells `onError` (or the console, without one) once what a parser before the routes costs, with the fix. */
  const warnBehind = (behind: Unkept, context: RouteContext<Native, Identity>) => {
    if (warned || behind.unkept.length === 0) return;
    warned = true;
    const warning = bodyParserWarning(behind.unkept, behind.fix, behind.limit);
    if (options.onError) report(warning, context);
    else console.warn(warning.message);
  };

  /** Tells `onOutcome` of an answer, on a timer: the answer goes out first, whatever the hook does. */
  const observe = (
    call: Call<Native>,
    started: number,
    context: RouteContext<Native, Identity> | undefined,
    operation: RouteOperation | undefined,
    answer: Answer,
  ): Answer => {
    const onOutcome = options.onOutcome;
    if (!onOutcome) return answer;
    const outcome: RouteOutcome<Native, Identity> = {
      operation,
      status: answer.status,
      violations: answer.listed ?? [],
      hints: answer.hinted ?? 0,
      durationMs: performance.now() - started,
      // an identity refused with 401 is none: with the default authentication it is a token no one accepted
      identity: answer.status === 401 ? undefined : context?.identity,
      request: call.native,
    };
    setTimeout(() => {
      try {
        const given = onOutcome(outcome);
        if (isThenable(given)) Promise.resolve(given).catch((error: unknown) => report(error, context));
      } catch (error) {
        report(error, context);
      }
    }, 0);
    return answer;
  };

  /**
   * The last path that passed the path checks, and whether as an operation mounted alone: a client
   * sends the same path again and again, whose checks need not run again. One path, so bounded.
   */
  let clean: { readonly path: string | undefined; readonly alone: boolean } = { path: undefined, alone: false };

  function admit(call: Call<Native>): Later<Admitted<Native, Identity> | Answer> {
    // the clock is read for onOutcome's duration only
    const started = options.onOutcome ? performance.now() : 0;
    const lang = langOf(call.headers);
    const { route } = call;
    const method = String(call.method).toUpperCase();
    const operation = allowedMethods(route).includes(method) ? operationOf(route, method) : undefined;
    const contextOf = (known: Known<Identity>): RouteContext<Native, Identity> => ({
      operation: known.operation,
      token: known.token,
      identity: known.identity,
      lang,
      request: call.native,
    });
    // the identity once known, so that a 403, 406, 415 or a bad query is heard with it
    let known: RouteContext<Native, Identity> | undefined;
    const refused = (error: HttpError) =>
      observe(call, started, known, operation, failure(error, lang, route, call.headers));
    // what authenticate or authorize threw, for the framework's error path
    let threw: { error: unknown; source: RouteErrorSource } | undefined;
    const crashedAdmit = (error: unknown) =>
      observe(call, started, undefined, operation, crashed(error, lang, undefined, route, call.headers));
    try {
      // a path the framework matched once it resolved dot segments or decoded letters is not theirs as spelt
      const alone = call.alone === true;
      if (call.path !== clean.path || alone !== clean.alone) {
        const fault =
          alone || servesTail(call.path) ? pathFault(call.path, lang) : errorResponse(404, undefined, { lang });
        if (fault) return refused(fault);
        clean = { path: call.path, alone };
      }
      // a router that matches an empty id (Fastify's): no resource has one
      if (route.kind === 'item' && !call.id) return refused(errorResponse(404, undefined, { lang }));
      const head = checkHead(
        {
          route,
          method,
          headers: call.headers,
          rawHeaders: call.rawHeaders,
          query: call.query,
          native: call.native,
        },
        {
          lang,
          max,
          // a client that accepts problem details alone is answered on every route: its errors as problem details
          problem: true,
          authenticate: options.authenticate,
          authorize: options.authorize,
          callbackTimeoutMs: options.callbackTimeoutMs,
          onKnown: (found) => {
            known = contextOf(found);
          },
          onError: (error, found) => {
            // authenticate is asked before the identity is known, authorize after
            if (!isCallbackTimeoutError(error)) threw = { error, source: found ? 'authorize' : 'authenticate' };
            report(error, found && contextOf(found));
          },
        },
      );
      const passed = (checked: PassedHead<Identity> | HttpError): Admitted<Native, Identity> | Answer => {
        if (!checked.ok) {
          if (!threw || checked.status !== 500) return refused(checked);
          const answer = failure(checked, lang, route, call.headers);
          return observe(call, started, known, operation, {
            ...answer,
            error: routeError(threw.source, answer, threw.error),
          });
        }
        // the context onKnown made of the same identity, or one made now
        return { call, context: known ?? contextOf(checked), query: checked.query, reads: checked.reads, started };
      };
      if (!(head instanceof Promise)) return passed(head);
      return head.then(passed).catch((error: unknown) => crashedAdmit(error));
    } catch (error) {
      return crashedAdmit(error);
    }
  }

  /** The body's value and near misses, or the 400 to answer: JSON (unless parsed already), then valid by `validate`. */
  function bodyValue<T>(
    body: BodyRead | undefined,
    context: RouteContext<Native, Identity>,
    about: ErrorCause,
    validate: (input: unknown, o: ValidateOptions) => ValidationResult<T, ReportedViolation>,
  ): ValidBody<T> | HttpError {
    const { lang } = context;
    if (body === undefined || 'consumed' in body) return errorResponse(500, undefined, { lang });
    if (!body.ok) return body;
    // what a rule threw is the operator's to read: onError hears it, the client gets rule_failed without it
    const onRuleError = (error: unknown) => report(error, context);
    return checkBody(body, { lang, max, about, onRuleError, ...numbers }, validate);
  }

  /** What a callback gave, answered: its refusal as it is, a throw as 500, no answer in time as 503. */
  function served(
    admitted: Admitted<Native, Identity>,
    callback: RouteErrorSource,
    run: () => unknown,
    reply: (value: unknown) => Answer,
    timedOut?: string,
  ): Later<Answer> {
    const { context, call } = admitted;
    return then(awaited(callback, run, context, call.route, call.headers, timedOut), (given) => {
      if (!('value' in given)) return given;
      try {
        return isRefusal(given.value)
          ? failure(given.value, context.lang, call.route, call.headers)
          : reply(given.value);
      } catch (error) {
        return crashed(error, context.lang, context, call.route, call.headers);
      }
    });
  }

  /**
   * The `Idempotency-Key` of a create: the key, undefined for none (or when the routes ignore it), or
   * its 400; a header sent more than once is told so, as a repeated `Authorization` is.
   */
  function idempotencyKeyOf(call: Call<Native>, lang: Lang): string | undefined | HttpError {
    if (keys === undefined) return undefined;
    const words = httpWords(lang);
    const lines = headerValues(call.headers, call.rawHeaders, 'idempotency-key');
    const read = lines.length > 1 ? { ok: false as const, fault: 'repeated' as const } : parseIdempotencyKey(lines[0]);
    if (read.ok) return read.key;
    const message =
      read.fault === 'repeated'
        ? words.repeatedHeader('Idempotency-Key')
        : words.idempotencyKey[read.fault](maxIdempotencyKeyLength);
    return errorResponse(400, undefined, { lang, message });
  }

  /** A create served once per `Idempotency-Key`, its answer kept; without a key, served as it comes. */
  function once(
    admitted: Admitted<Native, Identity>,
    key: string | undefined,
    value: unknown,
    callback: RouteErrorSource,
    run: () => unknown,
    reply: (value: unknown) => Answer,
  ): Later<Answer> {
    const words = httpWords(admitted.context.lang);
    if (key === undefined || keys === undefined)
      return served(admitted, callback, run, reply, words.createTimedOutUnkeyed(keys !== undefined));
    return keyed(keys, admitted, key, value, callback, run, reply, words.createTimedOut);
  }

  async function keyed(
    kept: Readonly<Required<Omit<IdempotencyOptions<Identity>, 'scope'>>> & Pick<IdempotencyOptions<Identity>, 'scope'>,
    admitted: Admitted<Native, Identity>,
    key: string,
    value: unknown,
    callback: RouteErrorSource,
    run: () => unknown,
    reply: (value: unknown) => Answer,
    timedOut: string,
  ): Promise<Answer> {
    const { context, call } = admitted;
    const { lang, identity, operation } = context;
    const { route } = call;
    const { store, ttlMs } = kept;
    const told = (error: unknown) => report(error, context);
    try {
      const scope = kept.scope ? String(kept.scope(identity, operation)) : scopeOf(identity);
      // the token or identity is kept as a digest only, with the operation and the key
      const [id, fingerprint] = await Promise.all([
        sha256Hex(canonicalJson([operation, scope, key])),
        idempotencyFingerprint(value),
      ]);
      const claimed = await awaitCallback('idempotency.claim', () => store.claim(id, fingerprint, ttlMs), {
        callbackTimeoutMs: options.callbackTimeoutMs,
        lang,
        onError: told,
      });
      if (!claimed.ok) return failure(claimed, lang, route, call.headers);
      if (claimed.value !== undefined && claimed.value !== null)
        return replayed(claimed.value, fingerprint, context, route, call.headers);
      // this request owns the key: the callback's answer, whenever it comes, is what the key keeps
      let outcome: Promise<{ value: unknown } | { error: unknown }> = Promise.resolve({ error: undefined });
      const tracked = () => {
        try {
          const given = run();
          outcome = Promise.resolve(given).then(
            (settled) => ({ value: settled }),
            (error: unknown) => ({ error }),
          );
          return given;
        } catch (error) {
          outcome = Promise.resolve({ error });
          throw error;
        }
      };
      const answer = await served(admitted, callback, tracked, reply, timedOut);
      void outcome.then((settled) => keep(store, id, fingerprint, ttlMs, settled, reply, context, route, call.headers));
      return answer;
    } catch (error) {
      return crashed(error, lang, context, route, call.headers);
    }
  }

  /** What a key's entry answers a request with its fingerprint: 422 for another body, 409 while it runs, else its answer. */
  function replayed(
    entry: IdempotencyEntry,
    fingerprint: string,
    context: RouteContext<Native, Identity>,
    route: Route,
    headers: HeadersInput | undefined,
  ): Answer {
    const { lang } = context;
    const words = httpWords(lang);
    if (typeof entry !== 'object' || typeof entry.fingerprint !== 'string' || !/^(running|done)$/.test(entry.state))
      return crashed(
        new TypeError('the idempotency store gave an entry that is no IdempotencyEntry'),
        lang,
        context,
        route,
        headers,
      );
    if (entry.fingerprint !== fingerprint)
      return failure(errorResponse(422, undefined, { lang, message: words.idempotencyReused }), lang, route, headers);
    if (entry.state === 'running') {
      const seconds = String(
        Math.max(1, Math.ceil(limitMs(options.callbackTimeoutMs, defaultCallbackTimeoutMs) / 1000)),
      );
      const busy = errorResponse(409, undefined, {
        lang,
        message: words.idempotencyRunning,
        headers: { 'retry-after': seconds },
      });
      return failure(busy, lang, route, headers);
    }
    const reply = entry.state === 'done' ? entry.reply : undefined;
    if (!isStoredReply(reply)) {
      const error = new TypeError('the idempotency store gave an entry that is no IdempotencyEntry');
      return crashed(error, lang, context, route, headers);
    }
    return { status: reply.status, headers: { ...reply.headers }, text: reply.text };
  }

  /**
   * Keeps the answer of a key's callback once it settled, or releases the key: kept are a created
   * resource (201, 202) and the callback's own refusals of the request (4xx but 408 and 429, which
   * a retry may pass); not kept, so that a retry is served again, a throw, a rejection and any 5xx.
   */
  function keep(
    store: IdempotencyStore,
    id: string,
    fingerprint: string,
    ttlMs: number,
    settled: { value: unknown } | { error: unknown },
    reply: (value: unknown) => Answer,
    context: RouteContext<Native, Identity>,
    route: Route,
    headers: HeadersInput | undefined,
  ): void {
    const told = (error: unknown) => report(error, context);
    const call = (run: () => unknown) => {
      try {
        const given = run();
        if (isThenable(given)) Promise.resolve(given).catch(told);
      } catch (error) {
        told(error);
      }
    };
    let answer: Answer | undefined;
    try {
      if ('value' in settled)
        answer = isRefusal(settled.value) ? failure(settled.value, context.lang, route, headers) : reply(settled.value);
    } catch {
      answer = undefined; // the client got its 500, told to onError, from the same value
    }
    const status = answer?.status ?? 500;
    if (answer === undefined || answer.error !== undefined || status >= 500 || status === 408 || status === 429)
      call(() => store.release(id));
    else {
      const { text, headers } = answer;
      call(() => store.settle(id, { state: 'done', fingerprint, reply: { status, headers, text } }, ttlMs));
    }
  }

  function answer(admitted: Admitted<Native, Identity>, body: ReadBody | undefined): Later<Answer> {
    const { call, context, started } = admitted;
    return then(answered(admitted, body), (given) => observe(call, started, context, context.operation, given));
  }

  function answered(admitted: Admitted<Native, Identity>, given: ReadBody | undefined): Later<Answer> {
    const { call, context, query } = admitted;
    const { lang } = context;
    const { route } = call;
    if (given !== undefined && 'consumed' in given) return consumedBody(context, route, call.headers);
    if (given !== undefined && 'held' in given) warnBehind(given.behind, context);
    const body = given !== undefined && 'held' in given ? given.held : given;
    const head = String(call.method).toUpperCase() === 'HEAD';
    /** HEAD: GET's status and headers, with its `content-length`, and no body. */
    const got = (status: number, value: unknown, headers: Record<string, string> = {}): Answer => {
      const full = ok(status, lang, value, headers);
      return head ? { ...full, text: undefined } : full;
    };
    try {
      switch (route.kind) {
        case 'productOrder': {
          const key = idempotencyKeyOf(call, lang);
          if (typeof key === 'object') return failure(key, lang, route, call.headers);
          const order = bodyValue(body, context, 'order', validateOrder);
          if (!order.ok) return failure(order, lang, route, call.headers);
          const onProductOrder = options.onProductOrder;
          const { hints } = order;
          return once(
            admitted,
            key,
            order.value,
            'onProductOrder',
            () => onProductOrder?.(order.value, Object.assign({}, context, { hints })),
            (value) => created(value, lang, call.path, hints),
          );
        }
        case 'listener': {
          const type = route.type;
          const validate = (input: unknown, o: ValidateOptions) => validateListenerEvent(type, input, o);
          const event = bodyValue(body, context, 'event', validate);
          if (!event.ok) return failure(event, lang, route, call.headers);
          const onEvent = options.onEvent;
          return served(
            admitted,
            'onEvent',
            () => onEvent?.(event.value, Object.assign({}, context, { hints: event.hints, type })),
            () => ok(204, lang),
          );
        }
        case 'collection': {
          const store = options.inflight;
          if (!store) return failure(errorResponse(404, undefined, { lang }), lang, route, call.headers);
          if (context.operation === 'createInflightChangeProductOrder') {
            const key = idempotencyKeyOf(call, lang);
            if (typeof key === 'object') return failure(key, lang, route, call.headers);
            const change = bodyValue(body, context, 'change', validateInflightChangeProductOrder);
            if (!change.ok) return failure(change, lang, route, call.headers);
            const { hints } = change;
            return once(
              admitted,
              key,
              change.value,
              'inflight.create',
              () => store.create(change.value, Object.assign({}, context, { hints })),
              (value) => created(value, lang, call.path, hints),
            );
          }
          // the store sees the page the routes answer: offset 0 and the default size unless asked, at most the largest
          const paged = { ...query, ...pageBounds(query, options.page) };
          return served(
            admitted,
            'inflight.list',
            () => store.list(paged, context),
            (listed) => {
              const page = pageOf(listed, paged, options.page);
              return got(200, page.items, page.headers);
            },
          );
        }
        case 'item': {
          const store = options.inflight;
          const id = call.id ?? '';
          if (!store) return failure(errorResponse(404, undefined, { lang }), lang, route, call.headers);
          return served(
            admitted,
            'inflight.retrieve',
            () => store.retrieve(id, context),
            (found) => {
              if (found === undefined || found === null)
                return failure(errorResponse(404, undefined, { lang }), lang, route, call.headers);
              if (!allResources([found]))
                throw new TypeError('inflight.retrieve answered something other than a change');
              return got(200, selectFields(found, query.fields));
            },
          );
        }
      }
    } catch (error) {
      return crashed(error, lang, context, route, call.headers);
    }
  }

  function frameworkError(
    error: unknown,
    headers: HeadersInput | undefined,
    admitted?: Admitted<Native, Identity>,
  ): Answer {
    const lang = admitted?.context.lang ?? langOf(headers);
    // a parser's error on a body in a content coding (one it could not inflate): the coding is the fault
    const fault = contentCodingFault(headers, undefined, lang) ?? asHttpError(error, lang);
    if (!admitted) return failure(fault, lang, undefined, headers);
    const { call, started, context } = admitted;
    return observe(call, started, context, context.operation, failure(fault, lang, call.route, headers));
  }

  /** Whether a path is one of the routes' as spelt. */
  const exact = (path: string) =>
    paths.some(({ path: pattern }) =>
      pattern.endsWith('/:id')
        ? path.startsWith(pattern.slice(0, -3)) && /^[^/]+$/.test(path.slice(pattern.length - 3))
        : path === pattern,
    );
  const serves = (path: string) => exact(path.length > 1 ? path.replace(/\/$/, '') : path);

  /**
   * The paths under which every path is the routes', in any case: each route's, and the listeners'
   * folder. `/productorder` and `/productOrder/` are their 404, never the app's.
   */
  const roots = [
    ...(options.onProductOrder ? [productOrderPath] : []),
    ...(options.inflight ? [collectionPath] : []),
    ...(options.onEvent ? ['/listener'] : []),
  ].map((root) => root.toLowerCase());
  const claims = (path: string) => {
    const lower = path.toLowerCase();
    return roots.some((root) => lower === root || lower.startsWith(`${root}/`));
  };

  /** The route of a path below the mount point as spelt, an id that is no valid %-encoding kept as sent. */
  function match(path: string): { route: Route; id?: string } | undefined {
    const found = matchRoute(paths, path, undefined);
    if ('route' in found) return found;
    if (found.status !== 400) return undefined;
    const item = paths.find(({ route }) => route.kind === 'item');
    return item && { route: item.route, id: path.slice(item.path.length - 3) };
  }

  const notFound = (headers: HeadersInput | undefined): Answer => {
    const lang = langOf(headers);
    return failure(errorResponse(404, undefined, { lang }), lang, undefined, headers);
  };

  /** The last path and mount point `refuse` let through: the same request again is let through at once. Bounded: one. */
  let passed: { readonly path: string | undefined; readonly mount: string | undefined } = {
    path: undefined,
    mount: undefined,
  };

  function refuse(path: string, mount: string, headers: HeadersInput | undefined): Answer | undefined {
    if (path === passed.path && mount === passed.mount) return undefined;
    const answer = refusal(path, mount, headers);
    if (answer === undefined) passed = { path, mount };
    return answer;
  }

  function refusal(path: string, mount: string, headers: HeadersInput | undefined): Answer | undefined {
    const lang = langOf(headers);
    const below = path.startsWith(mount) ? path.slice(mount.length) : undefined;
    // below the listeners' folder as sent, an error is a listener's: application/json
    const folder = below?.toLowerCase();
    const listener =
      options.onEvent !== undefined && (folder === '/listener' || folder?.startsWith('/listener/') === true);
    const refused = (error: HttpError) => failure(error, lang, listener ? { kind: 'listener' } : undefined, headers);
    if (hasDotSegment(path)) return refused(errorResponse(404, undefined, { lang }));
    if (below === undefined) return undefined;
    if (exact(below)) {
      const fault = pathFault(below, lang);
      return fault && refused(fault);
    }
    if (claims(decodeUnreserved(below))) return refused(errorResponse(404, undefined, { lang }));
    return undefined;
  }

  const most = Math.max(0, ...paths.map(({ path }) => path.split('/').length - 1));
  const servesTail = (path: string) => {
    const segments = path.replace(/\/$/, '').split('/');
    for (let n = 1; n <= most && n < segments.length; n++) if (serves(`/${segments.slice(-n).join('/')}`)) return true;
    return false;
  };

  return Object.freeze({
    paths: Object.freeze(paths),
    serves,
    servesTail,
    match,
    notFound,
    admit,
    answer,
    frameworkError,
    refuse,
    limits: {
      ...numbers,
      ...(options.maxBodyBytes === undefined ? {} : { maxBodyBytes: options.maxBodyBytes }),
      ...(options.bodyTimeoutMs === undefined ? {} : { bodyTimeoutMs: options.bodyTimeoutMs }),
    },
  });
}

/** `Location` of a created resource: its `href`, else the collection's path and its `id`. */
function locationOf(created: unknown, path: string): Record<string, string> {
  if (typeof created !== 'object' || created === null) return {};
  const { href, id } = created as { href?: unknown; id?: unknown };
  if (typeof href === 'string' && href !== '' && !/[\r\n]/.test(href)) return { location: href };
  let end = path.length;
  while (end > 0 && path[end - 1] === '/') end--;
  if (typeof id === 'string' && id !== '') return { location: `${path.slice(0, end)}/${encodeURIComponent(id)}` };
  return {};
}

/** What JSON.stringify threw for a body, or a TypeError when it gave no text (a function, a symbol). */
function unanswerable(body: unknown): unknown {
  try {
    JSON.stringify(body);
  } catch (error) {
    return error;
  }
  return new TypeError('the answer is no JSON value: JSON.stringify gives no text for it');
}

/**
 * The page a list answers: the routes page every change, a store's page is taken as it is. Throws a
 * TypeError for an answer that breaks `list`'s contract (neither an array of changes nor
 * `{ items, total }`): the store's fault, a 500 told to `onError`, never an empty page.
 */
function pageOf(
  listed: unknown,
  query: ListQuery,
  page: PageOptions | undefined,
): { items: unknown[]; headers: Record<string, string> } {
  const breach = (what: string) => new TypeError(`inflight.list answered ${what}`);
  if (Array.isArray(listed)) {
    const paged = paginate(listed, query, page);
    if (!allResources(paged.items)) throw breach('an array holding something other than a change (an object)');
    return paged;
  }
  if (typeof listed !== 'object' || listed === null)
    throw breach(`${listed === null ? 'null' : typeof listed}, neither an array of changes nor { items, total }`);
  const { items, total } = listed as { items?: unknown; total?: unknown };
  if (!Array.isArray(items)) throw breach('an object whose items is no array of changes');
  const list = items.slice(0, query.limit);
  if (!allResources(list)) throw breach('items holding something other than a change (an object)');
  if (typeof total !== 'number' || !Number.isSafeInteger(total) || total < list.length)
    throw breach(`a total (${String(total).slice(0, 40)}) that is no count of at least the items given`);
  return {
    items: list.map((item) => selectFields(item, query.fields)),
    headers: countHeaders(total, list.length),
  };
}

/** Whether each of a page's values (holes too) can be a change: an object, not an array. */
function allResources(values: readonly unknown[]): boolean {
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  }
  return true;
}

/** The status of a framework's error, read from `status` or `statusCode`, among those the routes answer. */
const frameworkStatuses: Readonly<Record<number, 400 | 408 | 413 | 415>> = { 400: 400, 408: 408, 413: 413, 415: 415 };

/**
 * A framework's error as an error response: malformed JSON as the `invalid_json` violation, a body
 * too large 413, a wrong media type or encoding 415, a time-out 408; anything else 500.
 */
function asHttpError(error: unknown, lang: Lang): HttpError {
  const { status, statusCode, type, code, limit } = (typeof error === 'object' && error !== null ? error : {}) as {
    status?: unknown;
    statusCode?: unknown;
    type?: unknown;
    code?: unknown;
    limit?: unknown;
  };
  const known = frameworkStatuses[Number(status ?? statusCode)];
  if (known === 413 && typeof limit === 'number')
    return errorResponse(413, undefined, { lang, message: httpWords(lang).tooLarge(limit) });
  if (error instanceof SyntaxError) return notJson('syntax', lang);
  if (known === 400) {
    // Express's body-parser, Fastify's parser and Hono's validator name malformed and empty JSON
    const { message } = error as { message?: unknown };
    const syntax =
      type === 'entity.parse.failed' ||
      code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      (typeof message === 'string' && /malformed json/i.test(message));
    if (syntax) return notJson('syntax', lang);
    if (code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return notJson('empty', lang);
  }
  return errorResponse(known ?? 500, undefined, { lang });
}

/** The scope of an identity's keys by default: the identity when it is a string (the bearer token), else its canonical JSON. */
function scopeOf(identity: unknown): string {
  return typeof identity === 'string' ? identity : canonicalJson(identity ?? null);
}

/** Whether a value is an answer as a store keeps it: a status, string headers, a text or none. */
function isStoredReply(value: unknown): value is SerializedReply {
  if (typeof value !== 'object' || value === null) return false;
  const { status, headers, text } = value as Partial<SerializedReply>;
  return (
    typeof status === 'number' &&
    Number.isInteger(status) &&
    status >= 200 &&
    status <= 599 &&
    typeof headers === 'object' &&
    headers !== null &&
    Object.values(headers).every((header) => typeof header === 'string' && !/[\r\n]/.test(header)) &&
    (text === undefined || typeof text === 'string')
  );
}
