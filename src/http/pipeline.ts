// The one request pipeline of every door (checkRequest, createListenerHandler and the adapters'
// routes): one route table, and the checks of a request in the order a client should learn of them,
// route, method (405), repeated headers (400), identity (401), authorize (401, 403), Accept (406),
// Content-Type and Content-Encoding (415), query (400), then the body's JSON and validity (400).
// Synchronous while the service's callbacks are, so checkRequest stays so for a synchronous authorize.
import type { Lang } from '../messages/index.js';
import { asParsedJson } from '../read.js';
import type { ValidateOptions, ValidationResult } from '../validate.js';
import type { Hint } from '../violation.js';
import { type AuthVerdict, isThenable, type OperationId, refusal, tokenOf } from './auth.js';
import { type JsonBodyOptions, parseJsonBody } from './body.js';
import { awaitCallback, type CallbackValue } from './callback.js';
import { contentCodingFault, hasDotSegment, type RawHeaders, repeatedHeaderFault } from './door.js';
import { defaultHttpMaxViolations, type ErrorSource, errorResponse, type HttpError } from './error-message.js';
import { type ListenerEventType, listeners } from './events.js';
import { acceptsJson, type HeadersInput, headerOf, isJsonContentType } from './headers.js';
import { type ListQuery, parseListQuery, type QueryInput } from './list-query.js';
import type { ErrorCause } from './wording.js';

/** A route: the product order create, the in-flight collection or one change, or a listener. */
export type Route = (
  | { readonly kind: 'productOrder' }
  | { readonly kind: 'collection' }
  | { readonly kind: 'item' }
  | { readonly kind: 'listener'; readonly type: ListenerEventType; readonly operation: OperationId }
) & {
  /** The methods it allows when it serves fewer than its kind: one operation mounted alone. */
  readonly methods?: readonly string[];
};

/** A route and the path it is served at, below the mount point; `/:id` ends the item's. */
export interface RouteEntry {
  readonly path: string;
  readonly route: Route;
}

/** The path of the in-flight change collection. */
export const collectionPath = '/inflightChangeProductOrder';

/** The default path of the product order create, as TMF622 names the resource. */
export const defaultProductOrderPath = '/productOrder';

/** The routes a door serves: the product order create at its path, the in-flight change API, the six listeners. */
export function routeTable(served: {
  readonly productOrderPath?: string | undefined;
  readonly productOrder?: boolean;
  readonly inflight?: boolean;
  readonly listeners?: boolean;
}): RouteEntry[] {
  const table: RouteEntry[] = [];
  if (served.productOrder)
    table.push({
      path: `/${(served.productOrderPath ?? defaultProductOrderPath).replace(/^\/+/, '')}`,
      route: { kind: 'productOrder' },
    });
  if (served.inflight) {
    table.push({ path: collectionPath, route: { kind: 'collection' } });
    table.push({ path: `${collectionPath}/:id`, route: { kind: 'item' } });
  }
  if (served.listeners)
    for (const { path, type, operation } of listeners)
      table.push({ path, route: { kind: 'listener', type, operation } });
  return table;
}

/**
 * The methods a route allows, its `Allow`: GET and POST as the spec lists them, HEAD wherever GET is
 * (RFC 9110 section 9.3.2). OPTIONS is none of them: it gets 405 on every door (docs/decisions/0087-unknown-paths-give-404-head-is-answered-wherever.md).
 */
export function allowedMethods(route: Route): readonly string[] {
  if (route.methods) return route.methods;
  return route.kind === 'collection' ? ['GET', 'HEAD', 'POST'] : route.kind === 'item' ? ['GET', 'HEAD'] : ['POST'];
}

/** The operation a method runs on a route; a method the route lacks gets 405 before this is asked. */
export function operationOf(route: Route, method: string): OperationId {
  switch (route.kind) {
    case 'productOrder':
      return 'createProductOrder';
    case 'collection':
      return method === 'POST' ? 'createInflightChangeProductOrder' : 'listInflightChangeProductOrder';
    case 'item':
      return 'retrieveInflightChangeProductOrder';
    case 'listener':
      return route.operation;
  }
}

/**
 * The route of a path below the mount point, with a retrieve's id %-decoded: 404 for a path with a
 * dot segment or none of the table's, 400 for an id that is no valid %-encoding. For the doors that
 * route themselves (checkRequest, the listener handler); the adapters give the table to their router.
 */
export function matchRoute(
  table: readonly RouteEntry[],
  path: string,
  lang: Lang | undefined,
): { readonly route: Route; readonly id?: string } | HttpError {
  if (hasDotSegment(path)) return errorResponse(404, undefined, { lang });
  for (const { path: pattern, route } of table) {
    if (!pattern.endsWith('/:id')) {
      if (path === pattern) return { route };
      continue;
    }
    const stem = pattern.slice(0, -3);
    const rest = path.startsWith(stem) ? path.slice(stem.length) : '';
    if (!rest || rest.includes('/')) continue;
    try {
      return { route, id: decodeURIComponent(rest) };
    } catch {
      return errorResponse(400, undefined, { lang, about: 'path' });
    }
  }
  return errorResponse(404, undefined, { lang });
}

/**
 * How many violations an error body lists: `maxViolations` when it is a number from 0 up (0 lists
 * none, with the count of those left out), else {@link defaultHttpMaxViolations}.
 */
export function httpMaxViolations(given: unknown): number {
  return typeof given === 'number' && given >= 0 ? Math.floor(given) : defaultHttpMaxViolations;
}

/** A value now, or a Promise of it once a callback answers later. */
export type Later<T> = T | Promise<T>;

/** `next` of a value now or later; a throw in `next` gives `failed()`. Synchronous while `value` is. */
export function andThen<T, U>(value: Later<T>, next: (value: T) => Later<U>, failed: () => U): Later<U> {
  const guarded = (settled: T): Later<U> => {
    try {
      return next(settled);
    } catch {
      return failed();
    }
  };
  return isThenable(value) ? Promise.resolve(value).then(guarded, failed) : guarded(value as T);
}

/** The options of {@link awaitCallback} the pipeline passes on. */
interface Settle {
  readonly callbackTimeoutMs?: number | undefined;
  readonly lang?: Lang | undefined;
  readonly onError?: (error: unknown) => void;
}

/**
 * A callback's answer: at once when it answers at once (500 when it throws, told to `onError`),
 * else awaited within the time limit as {@link awaitCallback} does.
 */
export function ask<T>(
  name: string,
  run: () => T | PromiseLike<T>,
  settle: Settle,
): Later<CallbackValue<Awaited<T>> | HttpError> {
  let given: T | PromiseLike<T>;
  try {
    given = run();
  } catch (error) {
    try {
      settle.onError?.(error);
    } catch {
      // a throwing onError changes nothing of the answer
    }
    return errorResponse(500, undefined, { lang: settle.lang });
  }
  if (!isThenable(given)) return { ok: true, value: given as Awaited<T> };
  const pending = given;
  return awaitCallback(name, () => pending, settle);
}

/**
 * Who sent a request, as the service knows it: an identity, or undefined (or null) for none (401). Replaces the
 * bearer-token check: an identity from `@fastify/jwt`'s `request.user`, a client certificate, a header
 * a gateway set. Its time limit is the callbacks'; a throw is a 500, told to `onError`.
 */
export type Authenticate<Native, Identity> = (
  request: Native,
  headers: HeadersInput,
) => Identity | null | undefined | PromiseLike<Identity | null | undefined>;

/** A request as a door gives it to the pipeline, once it is routed. */
export interface Head<Native> {
  readonly route: Route;
  readonly method: string;
  readonly headers: HeadersInput | undefined;
  /** The header lines as sent (Node's `rawHeaders`), where the door has them: a repeated header shows here. */
  readonly rawHeaders?: RawHeaders | undefined;
  readonly query: QueryInput | undefined;
  /** The door's own request, for `authenticate`. */
  readonly native: Native;
}

/** What the head checks need of a door's options. */
export interface HeadOptions<Native, Identity> {
  readonly lang: Lang;
  /** As {@link httpMaxViolations} read it. */
  readonly max: number;
  /** Whether the door answers this route's errors as problem details, so that `Accept: application/problem+json` is enough. */
  readonly problem?: boolean;
  /** The service's own authentication, or `false` for none; the bearer-token check when undefined. */
  readonly authenticate?: Authenticate<Native, Identity> | false | undefined;
  readonly authorize?:
    | ((identity: Identity, operation: OperationId) => AuthVerdict | PromiseLike<AuthVerdict>)
    | undefined;
  readonly callbackTimeoutMs?: number | undefined;
  /** Told of the identity once it is known, before `authorize` judges it. */
  readonly onKnown?: ((known: Known<Identity>) => void) | undefined;
  /** Told of a callback's error, with what was known of the request then. */
  readonly onError?: (error: unknown, known: Known<Identity> | undefined) => void;
}

/** What the pipeline knows of a request once it has an identity. */
export interface Known<Identity> {
  readonly operation: OperationId;
  /** The bearer token; `''` when the service's own `authenticate` (or none) stands in for it and none was sent. */
  readonly token: string;
  readonly identity: Identity;
}

/** A request whose head passed every check. */
export interface PassedHead<Identity> extends Known<Identity> {
  readonly ok: true;
  /** The query of a list or retrieve; `{}` for a request with a body. */
  readonly query: ListQuery;
  /** Whether a body is to be read: a create or a listener. */
  readonly reads: boolean;
}

/** Checks a request's head in the order of the contract; synchronous while `authenticate` and `authorize` are. */
export function checkHead<Native, Identity>(
  head: Head<Native>,
  options: HeadOptions<Native, Identity>,
): Later<PassedHead<Identity> | HttpError> {
  const { lang } = options;
  const failed = () => errorResponse(500, undefined, { lang });
  const { route, headers, rawHeaders } = head;
  const method = String(head.method).toUpperCase();
  const methods = allowedMethods(route);
  if (!methods.includes(method)) return errorResponse(405, undefined, { lang, headers: { allow: methods.join(', ') } });
  const repeated = repeatedHeaderFault(headers, rawHeaders, lang);
  if (repeated) return repeated;
  const operation = operationOf(route, method);
  const settle = (known: Known<Identity> | undefined) => ({
    callbackTimeoutMs: options.callbackTimeoutMs,
    lang,
    onError: (error: unknown) => options.onError?.(error, known),
  });
  const bearer = tokenOf(headers, lang);
  const token = bearer.ok ? bearer.token : '';
  const authenticate = options.authenticate;
  let identified: Later<CallbackValue<Identity | null | undefined> | HttpError>;
  if (authenticate === undefined) {
    if (!bearer.ok) return bearer;
    identified = { ok: true, value: bearer.token as Identity };
  } else if (authenticate === false) identified = { ok: true, value: undefined };
  else identified = ask('authenticate', () => authenticate(head.native, headers ?? {}), settle(undefined));
  return andThen(
    identified,
    (given) => {
      if (!given.ok) return given;
      // none found: undefined, or the null a framework decorates its request with before a plugin fills it
      if ((given.value === undefined || given.value === null) && authenticate !== false)
        return errorResponse(401, undefined, { lang, headers: { 'www-authenticate': 'Bearer' } });
      const known: Known<Identity> = { operation, token, identity: given.value as Identity };
      options.onKnown?.(known);
      const authorize = options.authorize;
      const verdict: Later<CallbackValue<AuthVerdict> | HttpError> = authorize
        ? ask('authorize', () => authorize(known.identity, operation), settle(known))
        : { ok: true, value: true };
      return andThen(
        verdict,
        (asked) => (asked.ok ? afterIdentity(head, method, known, asked.value, options) : asked),
        failed,
      );
    },
    failed,
  );
}

/** The checks after the identity: the verdict on it, `Accept`, `Content-Type` and `Content-Encoding`, the query. */
function afterIdentity<Identity>(
  head: Head<unknown>,
  method: string,
  known: Known<Identity>,
  verdict: AuthVerdict,
  { lang, max, problem }: { lang: Lang; max: number; problem?: boolean | undefined },
): PassedHead<Identity> | HttpError {
  const refused = refusal(verdict, lang);
  if (refused) return refused;
  const { route, headers, rawHeaders } = head;
  // a listener's client is the service's partner posting an event: its Accept is not judged
  if (route.kind !== 'listener' && !acceptsJson(headerOf(headers, 'accept'), { problem: problem === true }))
    return errorResponse(406, undefined, { lang });
  const reads = method === 'POST';
  if (reads) {
    if (!isJsonContentType(headerOf(headers, 'content-type'))) return errorResponse(415, undefined, { lang });
    const coded = contentCodingFault(headers, rawHeaders, lang);
    if (coded) return coded;
    return { ok: true, ...known, query: {}, reads };
  }
  const parsed = parseListQuery(head.query ?? '', {
    lang,
    maxViolations: Math.max(1, max),
    params: route.kind === 'item' ? ['fields'] : undefined,
  });
  if (!parsed.valid) return errorResponse(400, parsed, { lang, maxViolations: max });
  return { ok: true, ...known, query: parsed.value, reads };
}

/** A body as the pipeline takes it: text to parse, or a value a parser made already. */
export type BodyInput = { readonly text: string } | { readonly parsed: unknown };

/** A valid body, with the near misses in it. */
export interface ValidBody<T> {
  readonly ok: true;
  readonly value: T;
  /** Near misses that break no rule ("did you mean"), at most as many as violations are listed. */
  readonly hints: readonly Hint[];
}

/** A violation as any validator reports it. */
interface Reported {
  readonly rule: string;
  readonly code: string;
  readonly path: string;
  readonly message: string;
}

/** The body's value, or the 400 to answer: JSON (unless parsed already), then valid by `validate`. */
export function checkBody<T>(
  body: BodyInput,
  options: JsonBodyOptions & {
    readonly lang: Lang;
    readonly max: number;
    readonly about: ErrorCause;
    /** Told of what each rule that failed (`rule_failed`) threw, which the answer does not say. */
    readonly onRuleError?: ((error: unknown) => void) | undefined;
  },
  validate: (input: unknown, options: ValidateOptions) => ValidationResult<T, Reported>,
): ValidBody<T> | HttpError {
  const { lang, max, about } = options;
  const settings = { lang, maxViolations: Math.max(1, max) };
  let result: ValidationResult<T, Reported>;
  // a value an app's parser made is looked through for what is no JSON: a reviver or a middleware may have put it there
  if ('parsed' in body) result = validate(body.parsed, settings);
  else {
    const parsed = parseJsonBody(body.text, lang, { keepInexactNumbers: options.keepInexactNumbers === true });
    if (!parsed.ok) return parsed;
    result = asParsedJson(parsed.value, () => validate(parsed.value, settings));
  }
  if (!result.valid) {
    if (options.onRuleError) reportRuleErrors(result.violations, options.onRuleError);
    // rules that could not check a body that breaks no other: the service's fault, not the client's
    const { violations, truncated } = result;
    if (truncated === undefined && violations.length > 0 && violations.every((v) => v?.code === 'rule_failed'))
      return errorResponse(500, undefined, { lang });
    return errorResponse(400, result as unknown as ErrorSource, { lang, maxViolations: max, about });
  }
  const hints = Array.isArray(result.hints) ? result.hints.slice(0, max) : [];
  return { ok: true, value: result.value, hints };
}

/** Where a `rule_failed` violation's params hold what the rule threw (not enumerable): see `failed` in validate.ts. */
const thrownKey = Symbol.for('product-order-validator.thrown');

/** Tells `onRuleError` what each rule that failed threw, or an Error with the text it left when that is all there is. */
function reportRuleErrors(violations: readonly Reported[], onRuleError: (error: unknown) => void): void {
  try {
    for (const violation of violations) {
      if (violation.code !== 'rule_failed') continue;
      const params = (violation as { params?: unknown }).params;
      const record = typeof params === 'object' && params !== null ? (params as Record<PropertyKey, unknown>) : {};
      const thrown = Object.hasOwn(record, thrownKey)
        ? record[thrownKey]
        : new Error(`the rule ${String(violation.rule)} failed: ${String(record.error ?? '')}`);
      try {
        onRuleError(thrown);
      } catch {
        // a throwing onError changes nothing of the answer
      }
    }
  } catch {
    // a violation that cannot be read: the answer says rule_failed all the same
  }
}
