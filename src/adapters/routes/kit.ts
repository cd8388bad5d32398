// What every route of productOrderRoutes answers with: the answer's language and error format, the
// success and error answers serialised, a callback awaited within its time limit, a body read and
// validated, and what `onOutcome` and `onError` hear.
import { isThenable } from '../../http/auth.js';
import { type JsonBodyOptions, serializeReply } from '../../http/body.js';
import { awaitCallback, type CallbackValue, isCallbackTimeoutError } from '../../http/callback.js';
import { errorFormats, errorResponse, type HttpError, jsonUtf8, toProblemResponse } from '../../http/error-message.js';
import { type HeadersInput, headerOf, preferredErrorFormat, preferredLang } from '../../http/headers.js';
import {
  checkBody,
  defaultProductOrderPath,
  httpMaxViolations,
  type Later,
  type Route,
  routeTable,
  type ValidBody,
} from '../../http/pipeline.js';
import type { ErrorCause } from '../../http/wording.js';
import { httpWords } from '../../http/words.js';
import { type Lang, langs } from '../../messages/index.js';
import { type ValidateOptions, type ValidationResult, validateProductOrder } from '../../validate.js';
import { bodyParserWarning, type RouteErrorSource, routeError } from '../route-error.js';
import type {
  Admitted,
  Answer,
  BodyRead,
  Call,
  ProductOrderRoutesOptions,
  ReadBody,
  ReportedViolation,
  RouteContext,
  RouteOperation,
  RouteOutcome,
  Unkept,
} from './types.js';

/**
 * `next` of a value now, or once the Promise resolves: the pipeline stays synchronous while the
 * service's callbacks are, with no promise nor microtask per request. Only the routes' own values
 * come here (answers, admitted requests, and the Promises the routes make), so `instanceof` tells them apart.
 */
export function onceSettled<T, U>(value: Later<T>, next: (value: T) => Later<U>): Later<U> {
  return value instanceof Promise ? value.then(next) : next(value);
}

/** A body a parser or middleware of the app read before the routes, as held to their limits, with what it cost. */
export const heldBehind = (read: ReadBody, behind: Unkept): ReadBody =>
  'held' in read || 'consumed' in read ? read : { held: read, behind };

/** The body of a request whose stream another part of the server read, leaving nothing to take. */
export const consumed: BodyRead = Object.freeze({ ok: false, consumed: true });

/** A body as a reader gave it, its 500 (the stream read already, a size no one can tell) the operator's: {@link consumed}. */
export const ownedBy = (read: BodyRead): BodyRead =>
  read.ok || !('status' in read) || read.status !== 500 ? read : consumed;

/** Whether a value is an error response a callback returned. */
export function isRefusal(value: unknown): value is HttpError {
  if (typeof value !== 'object' || value === null) return false;
  const error = value as Partial<HttpError>;
  return error.ok === false && typeof error.status === 'number' && error.body?.['@type'] === 'Error';
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

/** What the routes of `options` share, whatever they answer. */
export function routeKit<Native, Identity>(options: ProductOrderRoutesOptions<Native, Identity>) {
  const numbers: JsonBodyOptions = { keepInexactNumbers: options.keepInexactNumbers === true };
  const fallback = langs.includes(options.lang as Lang) ? (options.lang as Lang) : 'en';
  const max = httpMaxViolations(options.maxViolations);
  const formats = errorFormats(options.errorFormat);
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
    return onceSettled(awaited(callback, run, context, call.route, call.headers, timedOut), (given) => {
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

  return {
    options,
    numbers,
    max,
    paths,
    productOrderPath,
    validateOrder,
    langOf,
    failure,
    ok,
    report,
    crashed,
    consumedBody,
    warnBehind,
    observe,
    bodyValue,
    served,
  };
}

/** What the routes of one `productOrderRoutes` share. */
export type RouteKit<Native, Identity> = ReturnType<typeof routeKit<Native, Identity>>;
