// checkRequest: everything about a request to the in-flight change API that can be judged without the
// store, in the order a client should learn of it.
import type { InflightChangeProductOrderFVO } from '../generated/inflight-types.js';
import { validateInflightChangeProductOrder } from '../inflight.js';
import { type Lang, spoken } from '../messages/index.js';
import { settings } from '../validate.js';
import type { AsyncAuthorize, Authorize } from './auth.js';
import { isThenable } from './auth.js';
import type { JsonBodyOptions } from './body.js';
import type { CallbackTimeLimit } from './callback.js';
import { type defaultHttpMaxViolations, errorResponse, type HttpError, jsonUtf8 } from './error-message.js';
import type { HeadersInput } from './headers.js';
import type { ListQuery, QueryInput } from './list-query.js';
import {
  type Authenticate,
  andThen,
  checkBody,
  checkHead,
  httpMaxViolations,
  matchRoute,
  type PassedHead,
  routeTable,
} from './pipeline.js';

/** The parts of a request {@link checkRequest} judges. */
export interface RequestParts {
  /** The HTTP method. */
  readonly method: string;
  /** The path, relative to the base address unless `basePath` is given; a query string in it is read when `query` is absent. */
  readonly path: string;
  /**
   * The request headers. From Node, give `req.headersDistinct`, in which a header sent twice shows
   * (Node's `req.headers` keeps the first `Authorization` or `Content-Type` and drops the rest).
   */
  readonly headers?: HeadersInput;
  /** The query parameters. */
  readonly query?: QueryInput;
  /** The create request's body as parsed JSON; or give `bodyText`. */
  readonly body?: unknown;
  /** The create request's body as text, parsed after the content type is checked. */
  readonly bodyText?: string;
}

/** Options of {@link checkRequest}. */
export interface CheckOptions extends CallbackTimeLimit, JsonBodyOptions {
  /**
   * The service's verdict on an identity (the bearer token unless `authenticate` replaces it) for an
   * operation; without it any identity passes.
   */
  readonly authorize?: Authorize;
  /**
   * Who sent the request, in place of the bearer-token check: an identity read from its headers (a
   * header a gateway set, a client certificate's subject forwarded), or undefined for 401; a throw is
   * a 500, told to `onError`. `false` turns authentication off: every request goes on, and
   * `authorize` is asked with `''`. Default: the `Authorization: Bearer` token.
   */
  readonly authenticate?: ((headers: HeadersInput) => string | undefined) | false;
  /** The path prefix of the API, stripped from `path` (default none). */
  readonly basePath?: string;
  /** Language of the messages. */
  readonly lang?: Lang | undefined;
  /** List at most this many violations of the body or query (default {@link defaultHttpMaxViolations}); validation stops soon after. */
  readonly maxViolations?: number | undefined;
  /**
   * Told of an error `authorize` throws (or rejects with), the check giving 500; and of an `authorize`
   * that did not settle within `callbackTimeoutMs`, the check giving 503 with `Retry-After`: a
   * `CallbackTimeoutError`, whose `callback` is `'authorize'`.
   */
  readonly onError?: (error: unknown) => void;
}

/** Options of {@link checkRequestHead} and {@link checkRequest} with an `authorize` that answers later: await the check. */
export interface AsyncCheckOptions extends Omit<CheckOptions, 'authorize'> {
  /** The service's verdict on a token for an operation, as a Promise. */
  readonly authorize: AsyncAuthorize;
}

/** What every request that passed the checks has: the token, and the content type to answer with. */
export interface Accepted {
  /** Always true: the request passed every check. */
  readonly ok: true;
  /** The bearer token; `''` when `authenticate` replaces the bearer-token check and none was sent. */
  readonly token: string;
  /** Who sent it: the bearer token, or what `authenticate` returned (`''` when it is `false`). */
  readonly identity?: string;
  /** The content type to answer with. */
  readonly contentType: typeof jsonUtf8;
}

/** A list or retrieve request that passed every check: what the service needs to answer it. */
export type ListOrRetrieve =
  | (Accepted & {
      /** A list of the in-flight changes. */
      readonly operation: 'listInflightChangeProductOrder';
      /** The paging and attribute selection asked for. */
      readonly query: ListQuery;
    })
  | (Accepted & {
      /** A retrieve of one in-flight change. */
      readonly operation: 'retrieveInflightChangeProductOrder';
      /** The id of the change, from the path, %-decoded. */
      readonly id: string;
      /** The attribute selection asked for. */
      readonly query: ListQuery;
    });

/** A create request whose head passed every check; its body is still to be read and checked. */
export type CreateHead = Accepted & {
  /** A create of an in-flight change. */
  readonly operation: 'createInflightChangeProductOrder';
};

/** A create request that passed every check, with its body. */
export type CheckedCreate = CreateHead & {
  /** The body: a valid in-flight change request. */
  readonly body: InflightChangeProductOrderFVO;
};

/** A request that passed every check, with what the service needs to answer it. */
export type CheckedRequest = CheckedCreate | ListOrRetrieve;

/**
 * A request whose head passed every check: a list or retrieve ready to answer, or a create whose
 * body is still to be read and checked with {@link checkRequestBody}.
 */
export type CheckedHead = CreateHead | ListOrRetrieve;

/** The parts of a request {@link checkRequestHead} judges: all but the body. */
export type RequestHead = Omit<RequestParts, 'body' | 'bodyText'>;

/** The in-flight change API's routes, the only ones checkRequest judges. */
const inflightTable = /* @__PURE__ */ routeTable({ inflight: true });

/**
 * The path and query of a request target in origin form (`/a?b`) or absolute form
 * (`http://host/a?b`, RFC 9112 section 3.2.2), as a proxy sends it.
 */
export function targetParts(target: string): {
  /** The path, still %-encoded. */
  path: string;
  /** The query string without its `?`; undefined when the target has none. */
  search: string | undefined;
} {
  const absolute = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/.exec(target);
  const rest = absolute ? target.slice(absolute[0].length) || '/' : target;
  const mark = rest.indexOf('?');
  return mark < 0 ? { path: rest, search: undefined } : { path: rest.slice(0, mark), search: rest.slice(mark + 1) };
}

/**
 * Checks all of a request to the in-flight change API that comes before its body, in this order: the
 * path (404, 400 for an id that is no valid %-encoding), the method (405 with Allow), a repeated
 * `Authorization` or `Content-Type` (400), the bearer token (401) and `authorize` (401, 403; 503
 * with `Retry-After` when it does not settle within `callbackTimeoutMs`), `Accept` (406), the create
 * request's `Content-Type` and `Content-Encoding` (415), the query (400). A server reads a
 * create request's body only once this passed, so an unauthenticated client cannot make it read one.
 * With an `authorize` that returns a Promise, await the check: it gives a Promise once it asked
 * `authorize`, and its answer at once when it failed before. Never throws, never rejects.
 * @returns `{ ok: true, operation, token, ... }` or `{ ok: false, status, headers, body }` with an ErrorMessage body
 */
export function checkRequestHead(
  request: RequestHead,
  options: AsyncCheckOptions,
): CheckedHead | HttpError | Promise<CheckedHead | HttpError>;
export function checkRequestHead(request: RequestHead, options?: CheckOptions): CheckedHead | HttpError;
export function checkRequestHead(
  request: RequestHead,
  options?: CheckOptions | AsyncCheckOptions,
): CheckedHead | HttpError | Promise<CheckedHead | HttpError> {
  const { lang: asked } = settings(options);
  const lang = spoken(asked);
  const failed = () => errorResponse(500, undefined, { lang }); // a throwing authorize, or a hostile request object
  try {
    const { path: rawPath, search } = targetParts(String(request.path));
    const base = options?.basePath ?? '';
    if (!rawPath.startsWith(base)) return errorResponse(404, undefined, { lang });
    const routed = matchRoute(inflightTable, rawPath.slice(base.length), lang);
    if ('ok' in routed) return routed;
    const onError = options?.onError;
    const passed = checkHead(
      {
        route: routed.route,
        method: String(request.method),
        headers: request.headers,
        query: request.query ?? search,
        native: request,
      },
      {
        lang,
        max: httpMaxViolations(options?.maxViolations),
        authenticate: authenticationOf(options?.authenticate),
        authorize: options?.authorize,
        callbackTimeoutMs: options?.callbackTimeoutMs,
        onError: onError && ((error) => onError(error)),
      },
    );
    return andThen(passed, (head) => (head.ok ? checkedHead(head, routed.id) : head), failed);
  } catch {
    return failed();
  }
}

/** A helper's `authenticate` as the pipeline takes it: over the request's headers; `false` an identity of `''`. */
export function authenticationOf(
  authenticate: ((headers: HeadersInput) => string | undefined | PromiseLike<string | undefined>) | false | undefined,
): Authenticate<unknown, string> | undefined {
  if (authenticate === undefined) return undefined;
  if (authenticate === false) return () => '';
  return (_, headers) => authenticate(headers);
}

/** A head the pipeline passed, in the form checkRequestHead gives it. */
function checkedHead(head: PassedHead<string>, id: string | undefined): CheckedHead {
  const accepted = { ok: true, token: head.token, identity: head.identity ?? '', contentType: jsonUtf8 } as const;
  switch (head.operation) {
    case 'createInflightChangeProductOrder':
      return { ...accepted, operation: head.operation };
    case 'listInflightChangeProductOrder':
      return { ...accepted, operation: head.operation, query: head.query };
    default:
      return { ...accepted, operation: 'retrieveInflightChangeProductOrder', id: id ?? '', query: head.query };
  }
}

/**
 * Checks a request to the in-flight change API (create, list, retrieve): first its head as
 * {@link checkRequestHead} does, then a create request's body as {@link checkRequestBody} does.
 * With an `authorize` that returns a Promise, await the check, as for {@link checkRequestHead}.
 * Never throws, never rejects.
 * @returns `{ ok: true, operation, token, ... }` or `{ ok: false, status, headers, body }` with an ErrorMessage body
 * @example
 * ```ts
 * import { checkRequest } from 'product-order-validator/http';
 *
 * declare const request: { method: string; url: string; headers: Record<string, string>; text: string };
 * const checked = checkRequest(
 *   { method: request.method, path: request.url, headers: request.headers, bodyText: request.text },
 *   { authorize: (token, operation) => token === 'admin' || operation !== 'createInflightChangeProductOrder' },
 * );
 * if (!checked.ok) console.log(checked.status, checked.body.message); // the ErrorMessage to answer with
 * else if (checked.operation === 'createInflightChangeProductOrder') console.log(checked.body.entity.id);
 * else console.log(checked.operation, checked.query); // a list or a retrieve, to answer from the store
 * ```
 */
export function checkRequest(
  request: RequestParts,
  options: AsyncCheckOptions,
): CheckedRequest | HttpError | Promise<CheckedRequest | HttpError>;
export function checkRequest(request: RequestParts, options?: CheckOptions): CheckedRequest | HttpError;
export function checkRequest(
  request: RequestParts,
  options?: CheckOptions | AsyncCheckOptions,
): CheckedRequest | HttpError | Promise<CheckedRequest | HttpError> {
  const withBody = (head: CheckedHead | HttpError): CheckedRequest | HttpError =>
    !head.ok || head.operation !== 'createInflightChangeProductOrder'
      ? head
      : checkRequestBody(head, request, options as CheckOptions);
  const head = checkRequestHead(request, options as CheckOptions) as
    | CheckedHead
    | HttpError
    | Promise<CheckedHead | HttpError>;
  return isThenable(head) ? head.then(withBody) : withBody(head);
}

/**
 * Checks the body of a create request whose head passed {@link checkRequestHead}: JSON (400), then
 * validateInflightChangeProductOrder (400 with the violations, at most `maxViolations`). Never throws.
 * @param body - the body as parsed JSON (`body`) or as text (`bodyText`)
 * @returns the head with the valid `body`, or `{ ok: false, status, headers, body }` with an ErrorMessage body
 */
export function checkRequestBody(
  head: CreateHead,
  body: Pick<RequestParts, 'body' | 'bodyText'>,
  options?: CheckOptions,
): CheckedCreate | HttpError {
  const { lang: asked } = settings(options);
  const lang = spoken(asked);
  try {
    const given = body.body;
    const checked = checkBody(
      given === undefined ? { text: body.bodyText ?? '' } : { parsed: given },
      {
        lang,
        max: httpMaxViolations(options?.maxViolations),
        about: 'change',
        keepInexactNumbers: options?.keepInexactNumbers === true,
      },
      validateInflightChangeProductOrder,
    );
    return checked.ok ? { ...head, body: checked.value } : checked;
  } catch {
    return errorResponse(500, undefined, { lang });
  }
}
