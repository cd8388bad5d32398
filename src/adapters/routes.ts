// What productOrderRoutes serves, whatever the framework: the routes, the checks of a request in the
// order a client should learn of them, and the serialised reply. An adapter maps its framework's
// request onto a Call, reads the body once `admit` let it through, and writes what `answer` gives.
import type { InflightChangeProductOrderFVO } from '../generated/inflight-types.js';
import type { ProductOrderFVO } from '../generated/types.js';
import { type AuthVerdict, type OperationId, refusal, tokenOf } from '../http/auth.js';
import {
  type BodyOptions,
  type BodyText,
  type JsonBodyOptions,
  notJson,
  parseJsonBody,
  type SerializedReply,
  serializeReply,
} from '../http/body.js';
import { awaitCallback, type CallbackTimeLimit } from '../http/callback.js';
import {
  contentCodingFault,
  decodeUnreserved,
  hasDotSegment,
  pathFault,
  type RawHeaders,
  repeatedHeaderFault,
} from '../http/door.js';
import {
  defaultHttpMaxViolations,
  type ErrorFormatOption,
  type ErrorSource,
  errorFormats,
  errorResponse,
  type HttpError,
  jsonUtf8,
  toProblemResponse,
} from '../http/error-message.js';
import { type ListenerEvent, type ListenerEventType, listeners, validateListenerEvent } from '../http/events.js';
import { acceptsJson, type HeadersInput, headerOf, isJsonContentType, preferredLang } from '../http/headers.js';
import {
  countHeaders,
  type ListQuery,
  type PageOptions,
  pageBounds,
  paginate,
  parseListQuery,
  type QueryInput,
  selectFields,
} from '../http/list-query.js';
import { validateInflightChangeProductOrder } from '../inflight.js';
import { httpWords, type Lang, langs } from '../messages/index.js';
import type { ErrorCause } from '../messages/wording.js';
import { type ValidateOptions, type ValidationResult, validateProductOrder } from '../validate.js';

/** The operation of a request to the routes: the spec's ids, and TMF622's `createProductOrder`. */
export type RouteOperation = OperationId;

/** What a callback of the routes knows about the request it serves. */
export interface RouteContext<Native> {
  /** The operation, as `authorize` was asked about it. */
  readonly operation: RouteOperation;
  /** The bearer token the request came with. */
  readonly token: string;
  /** The language of the answer, from `Accept-Language`. */
  readonly lang: Lang;
  /** The framework's own request (Express `Request`, Fastify `FastifyRequest`, Hono `Context`). */
  readonly request: Native;
}

/** What a listener's `onEvent` knows: the context, and the event type of the listener's path. */
export interface EventContext<Native> extends RouteContext<Native> {
  /** The event type, from the listener's path. */
  readonly type: ListenerEventType;
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

/** An in-flight change as the store keeps it: the request plus what the service owns (`id`, `href`, `state`, ...). */
export type InflightChangeResource = Readonly<Record<string, unknown>>;

/**
 * A callback's answer when it cannot serve the request: an error response made by `errorResponse`
 * (409, 429, 503, ...), answered as it is.
 */
export type Refusal = HttpError;

/** The service's store of in-flight changes, behind the in-flight change API. */
export interface InflightChangeStore<Native> {
  /**
   * Stores a valid change request: the created resource, answered 201 (with `Location`, its `href`
   * or the collection's path and its `id`), or undefined to answer 202 with no body.
   */
  create(
    change: InflightChangeProductOrderFVO,
    context: RouteContext<Native>,
  ): InflightChangeResource | undefined | Refusal | PromiseLike<InflightChangeResource | undefined | Refusal>;
  /**
   * The changes a list asks for: every one, which the routes page by `offset` and `limit`; or the
   * page itself with the number of all matches, when the store pages. The query has `offset` and
   * `limit` always (the default page size unless asked, at most the largest); `fields` is applied to each.
   */
  list(query: ListQuery, context: RouteContext<Native>): ListAnswer | Refusal | PromiseLike<ListAnswer | Refusal>;
  /** The change with this id, or undefined for 404; `fields` is applied to it. */
  retrieve(
    id: string,
    context: RouteContext<Native>,
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
export interface ProductOrderRoutesOptions<Native> extends BodyOptions, CallbackTimeLimit, JsonBodyOptions {
  /**
   * Serves `POST {productOrderPath}`: receives each valid product order, answered 201 with what it
   * returns (or resolves to), 202 with no body when that is undefined, or the error response it returns.
   */
  readonly onProductOrder?: (order: ProductOrderFVO, context: RouteContext<Native>) => unknown;
  /** The path of the product order create (default `/productOrder`, as TMF622 names it). */
  readonly productOrderPath?: string;
  /** Validates product orders (default `validateProductOrder`); a validator made by `createValidator` adds a carrier's rules and words. */
  readonly validator?: OrderValidator;
  /** Serves the in-flight change API (create, list, retrieve at `/inflightChangeProductOrder`) over this store. */
  readonly inflight?: InflightChangeStore<Native>;
  /** Serves the six listeners (`/listener/...`): receives each valid event, answered 204, or the error response it returns. */
  readonly onEvent?: (event: ListenerEvent, context: EventContext<Native>) => unknown;
  /**
   * The service's verdict on a bearer token for an operation, or a Promise of it: `true` permits,
   * `false` gives 403, `'invalid'` 401. Without it any well-formed bearer token passes.
   */
  readonly authorize?: (token: string, operation: RouteOperation) => AuthVerdict | PromiseLike<AuthVerdict>;
  /** The language when `Accept-Language` names none the package speaks (default English). */
  readonly lang?: Lang;
  /**
   * Error bodies: TMF `ErrorMessage` (default) or RFC 9457 `application/problem+json`, whose `errors`
   * carry each violation's `rule`, `code`, `params` and `pointer`. `'problem'` is for the product order
   * create and the in-flight change API, the listeners keeping the spec's ErrorMessage; an object
   * chooses per kind of operation (`{ productOrder, inflight, listener }`, each kind left out an
   * ErrorMessage). A route that answers problem details admits `Accept: application/problem+json`.
   */
  readonly errorFormat?: ErrorFormatOption;
  /** List at most this many violations in a 400 (default 20); validation stops soon after. */
  readonly maxViolations?: number;
  /** The page sizes of a list the routes page (default 100, at most 1,000). */
  readonly page?: PageOptions;
  /**
   * Told of each error a callback throws (or rejects with), the client getting a 500 that tells
   * nothing of it; and of each callback that did not settle within `callbackTimeoutMs`, the client
   * getting 503 with `Retry-After`: a `CallbackTimeoutError`, whose `callback` names it.
   */
  readonly onError?: (error: unknown, context: RouteContext<Native> | undefined) => void;
}

/** A route of the routes: the product order create, the in-flight collection or one change, or a listener. */
export type Route =
  | { readonly kind: 'productOrder' }
  | { readonly kind: 'collection' }
  | { readonly kind: 'item' }
  | { readonly kind: 'listener'; readonly type: ListenerEventType; readonly operation: OperationId };

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
}

/** A request that passed every check before its body. */
export interface Admitted<Native> {
  readonly call: Call<Native>;
  readonly context: RouteContext<Native>;
  readonly query: ListQuery;
  /** Whether its body is to be read: a create or a listener. */
  readonly reads: boolean;
}

/** A body as an adapter read it: text, a value the framework parsed already, or the error reading gave. */
export type ReadBody = BodyText | { readonly ok: true; readonly parsed: unknown } | HttpError;

/** A reply to write, serialised. */
export interface Answer extends SerializedReply {
  readonly ok?: never;
}

/** The routes as an adapter uses them. */
export interface Routes<Native> {
  /** The routes served, with their paths below the mount point. */
  readonly paths: ReadonlyArray<{ readonly path: string; readonly route: Route }>;
  /** The checks before the body: the request admitted, or the answer to give at once. */
  admit(call: Call<Native>): Promise<Admitted<Native> | Answer>;
  /** The answer to an admitted request, given its body when it reads one. */
  answer(admitted: Admitted<Native>, body: ReadBody | undefined): Promise<Answer>;
  /** The answer to an error the framework raised on a request to a route (its parse errors), by status. */
  frameworkError(error: unknown, headers: HeadersInput | undefined): Answer;
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
  /** The body limits, for an adapter's reader. */
  readonly limits: BodyOptions;
}

const collectionPath = '/inflightChangeProductOrder';

/** The methods each route allows; HEAD wherever GET is (RFC 9110 section 9.3.2), OPTIONS everywhere. */
const allowed = (route: Route): readonly string[] =>
  route.kind === 'collection'
    ? ['GET', 'HEAD', 'POST', 'OPTIONS']
    : route.kind === 'item'
      ? ['GET', 'HEAD', 'OPTIONS']
      : ['POST', 'OPTIONS'];

function operationOf(route: Route, method: string): RouteOperation {
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

/** Whether a value is an error response a callback returned. */
function isRefusal(value: unknown): value is HttpError {
  if (typeof value !== 'object' || value === null) return false;
  const error = value as Partial<HttpError>;
  return error.ok === false && typeof error.status === 'number' && error.body?.['@type'] === 'Error';
}

/**
 * The routes for `options`; an adapter registers each of `paths` with its framework. Only the routes
 * whose callback is given are served.
 */
export function createRoutes<Native>(options: ProductOrderRoutesOptions<Native>): Routes<Native> {
  const numbers: JsonBodyOptions = { keepInexactNumbers: options.keepInexactNumbers === true };
  const fallback = langs.includes(options.lang as Lang) ? (options.lang as Lang) : 'en';
  const max =
    typeof options.maxViolations === 'number' && options.maxViolations >= 0
      ? options.maxViolations
      : defaultHttpMaxViolations;
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
  const productOrderPath = `/${(options.productOrderPath ?? '/productOrder').replace(/^\/+/, '')}`;

  const paths: { path: string; route: Route }[] = [];
  if (options.onProductOrder) paths.push({ path: productOrderPath, route: { kind: 'productOrder' } });
  if (options.inflight) {
    paths.push({ path: collectionPath, route: { kind: 'collection' } });
    paths.push({ path: `${collectionPath}/:id`, route: { kind: 'item' } });
  }
  if (options.onEvent)
    for (const listener of listeners)
      paths.push({
        path: listener.path,
        route: { kind: 'listener', type: listener.type, operation: listener.operation },
      });

  const langOf = (headers: HeadersInput | undefined): Lang => {
    try {
      return preferredLang(headerOf(headers, 'accept-language'), langs, fallback);
    } catch {
      return fallback;
    }
  };

  /** An error response as the routes answer it: in the chosen format, with the answer's language. */
  const failure = (error: HttpError, lang: Lang, route?: Pick<Route, 'kind'>): Answer => {
    // a listener's errors are the spec's default response, an ErrorMessage as application/json
    const problem = problemFor(route);
    const listener = route?.kind === 'listener' && !problem;
    const headers = { ...error.headers, 'content-language': lang };
    const shaped = problem
      ? toProblemResponse({ ...error, headers }, lang)
      : { ...error, headers: listener ? { ...headers, 'content-type': 'application/json' } : headers };
    return serializeReply(shaped);
  };

  const ok = (status: number, lang: Lang, body?: unknown, headers: Record<string, string> = {}): Answer =>
    serializeReply({
      status,
      headers:
        body === undefined
          ? { 'content-language': lang, ...headers }
          : { 'content-type': jsonUtf8, 'content-language': lang, ...headers },
      ...(body === undefined ? {} : { body }),
    });

  /** How a callback is awaited for a request: within the time limit, its failures told to `onError`. */
  const callbacks = (context: RouteContext<Native>) => ({
    callbackTimeoutMs: options.callbackTimeoutMs,
    lang: context.lang,
    onError: (error: unknown) => options.onError?.(error, context),
  });

  const crashed = (error: unknown, lang: Lang, context: RouteContext<Native> | undefined, route?: Route): Answer => {
    try {
      options.onError?.(error, context);
    } catch {
      // a throwing onError changes nothing of the answer
    }
    return failure(errorResponse(500, undefined, { lang }), lang, route);
  };

  async function admit(call: Call<Native>): Promise<Admitted<Native> | Answer> {
    const lang = langOf(call.headers);
    const { route } = call;
    try {
      // a path the framework matched once it resolved dot segments or decoded letters is not theirs as spelt
      const fault = servesTail(call.path) ? pathFault(call.path, lang) : errorResponse(404, undefined, { lang });
      if (fault) return failure(fault, lang, route);
      // a router that matches an empty id (Fastify's): no resource has one
      if (route.kind === 'item' && !call.id) return failure(errorResponse(404, undefined, { lang }), lang, route);
      const method = String(call.method).toUpperCase();
      const methods = allowed(route);
      if (method === 'OPTIONS') return ok(204, lang, undefined, { allow: methods.join(', ') });
      if (!methods.includes(method))
        return failure(errorResponse(405, undefined, { lang, headers: { allow: methods.join(', ') } }), lang, route);
      const repeated = repeatedHeaderFault(call.headers, call.rawHeaders, lang);
      if (repeated) return failure(repeated, lang, route);
      const token = tokenOf(call.headers, lang);
      if (!token.ok) return failure(token, lang, route);
      const operation = operationOf(route, method);
      const context: RouteContext<Native> = { operation, token: token.token, lang, request: call.native };
      const authorize = options.authorize;
      if (authorize) {
        const asked = await awaitCallback('authorize', () => authorize(token.token, operation), callbacks(context));
        if (!asked.ok) return failure(asked, lang, route);
        const refused = refusal(asked.value, lang);
        if (refused) return failure(refused, lang, route);
      }
      const reads = method === 'POST';
      if (route.kind !== 'listener' && !acceptsJson(headerOf(call.headers, 'accept'), { problem: problemFor(route) }))
        return failure(errorResponse(406, undefined, { lang }), lang, route);
      if (reads && !isJsonContentType(headerOf(call.headers, 'content-type')))
        return failure(errorResponse(415, undefined, { lang }), lang, route);
      const coded = reads ? contentCodingFault(call.headers, call.rawHeaders, lang) : undefined;
      if (coded) return failure(coded, lang, route);
      let query: ListQuery = {};
      // GET and HEAD, which only the in-flight collection and its items allow: the query
      if (!reads) {
        const parsed = parseListQuery(call.query, {
          lang,
          maxViolations: max,
          params: route.kind === 'item' ? ['fields'] : undefined,
        });
        if (!parsed.valid) return failure(errorResponse(400, parsed, { lang, maxViolations: max }), lang, route);
        query = parsed.value;
      }
      return { call, context, query, reads };
    } catch (error) {
      return crashed(error, lang, undefined, route);
    }
  }

  /** The body's value, or the 400 to answer: JSON (unless parsed already), then valid by `validate`. */
  function bodyValue<T>(
    body: ReadBody | undefined,
    lang: Lang,
    about: ErrorCause,
    validate: (input: unknown, o: ValidateOptions) => ValidationResult<T, ReportedViolation>,
  ): { ok: true; value: T } | HttpError {
    if (body === undefined) return errorResponse(500, undefined, { lang });
    if (!body.ok) return body;
    let input: unknown;
    if ('parsed' in body) input = body.parsed;
    else {
      const parsed = parseJsonBody(body.text, lang, numbers);
      if (!parsed.ok) return parsed;
      input = parsed.value;
    }
    const result = validate(input, { lang, maxViolations: max });
    if (!result.valid) return errorResponse(400, result as unknown as ErrorSource, { lang, maxViolations: max, about });
    return { ok: true, value: result.value };
  }

  /** What a callback gave, answered: its refusal as it is, a throw as 500, no answer in time as 503. */
  async function served(
    admitted: Admitted<Native>,
    callback: string,
    run: () => unknown,
    reply: (value: unknown) => Answer,
  ): Promise<Answer> {
    const { context, call } = admitted;
    const given = await awaitCallback(callback, run, callbacks(context));
    if (!given.ok) return failure(given, context.lang, call.route);
    try {
      return isRefusal(given.value) ? failure(given.value, context.lang, call.route) : reply(given.value);
    } catch (error) {
      return crashed(error, context.lang, context, call.route);
    }
  }

  async function answer(admitted: Admitted<Native>, body: ReadBody | undefined): Promise<Answer> {
    const { call, context, query } = admitted;
    const { lang } = context;
    const { route } = call;
    const head = String(call.method).toUpperCase() === 'HEAD';
    /** HEAD: GET's status and headers, with its `content-length`, and no body. */
    const got = (status: number, value: unknown, headers: Record<string, string> = {}): Answer => {
      const full = ok(status, lang, value, headers);
      return head ? { ...full, text: undefined } : full;
    };
    try {
      switch (route.kind) {
        case 'productOrder': {
          const order = bodyValue(body, lang, 'order', validateOrder);
          if (!order.ok) return failure(order, lang, route);
          const onProductOrder = options.onProductOrder;
          return served(
            admitted,
            'onProductOrder',
            () => onProductOrder?.(order.value, context),
            (created) =>
              created === undefined ? ok(202, lang) : ok(201, lang, created, locationOf(created, call.path)),
          );
        }
        case 'listener': {
          const type = route.type;
          const validate = (input: unknown, o: ValidateOptions) => validateListenerEvent(type, input, o);
          const event = bodyValue(body, lang, 'event', validate);
          if (!event.ok) return failure(event, lang, route);
          const onEvent = options.onEvent;
          return served(
            admitted,
            'onEvent',
            () => onEvent?.(event.value, { ...context, type }),
            () => ok(204, lang),
          );
        }
        case 'collection': {
          const store = options.inflight;
          if (!store) return failure(errorResponse(404, undefined, { lang }), lang, route);
          if (context.operation === 'createInflightChangeProductOrder') {
            const change = bodyValue(body, lang, 'change', validateInflightChangeProductOrder);
            if (!change.ok) return failure(change, lang, route);
            return served(
              admitted,
              'inflight.create',
              () => store.create(change.value, context),
              (created) =>
                created === undefined ? ok(202, lang) : ok(201, lang, created, locationOf(created, call.path)),
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
          if (!store) return failure(errorResponse(404, undefined, { lang }), lang, route);
          return served(
            admitted,
            'inflight.retrieve',
            () => store.retrieve(id, context),
            (found) =>
              found === undefined || found === null
                ? failure(errorResponse(404, undefined, { lang }), lang, route)
                : got(200, selectFields(found, query.fields)),
          );
        }
      }
    } catch (error) {
      return crashed(error, lang, context, route);
    }
  }

  function frameworkError(error: unknown, headers: HeadersInput | undefined): Answer {
    const lang = langOf(headers);
    // a parser's error on a body in a content coding (one it could not inflate): the coding is the fault
    return failure(contentCodingFault(headers, undefined, lang) ?? asHttpError(error, lang), lang);
  }

  /** Whether a path is one of the routes' as spelt. */
  const exact = (path: string) =>
    paths.some(({ path: pattern }) =>
      pattern.endsWith('/:id')
        ? path.startsWith(pattern.slice(0, -3)) && /^[^/]+$/.test(path.slice(pattern.length - 3))
        : path === pattern,
    );
  const serves = (path: string) => exact(path.length > 1 ? path.replace(/\/$/, '') : path);

  /** The paths under which every path is the routes': each route's, and the listeners' folder. */
  const roots = [
    ...(options.onProductOrder ? [productOrderPath] : []),
    ...(options.inflight ? [collectionPath] : []),
    ...(options.onEvent ? ['/listener'] : []),
  ];
  const claims = (path: string) => roots.some((root) => path === root || path.startsWith(`${root}/`));

  function refuse(path: string, mount: string, headers: HeadersInput | undefined): Answer | undefined {
    const lang = langOf(headers);
    const below = path.startsWith(mount) ? path.slice(mount.length) : undefined;
    // below the listeners' folder as sent, an error is a listener's: application/json
    const listener =
      options.onEvent !== undefined && (below === '/listener' || below?.startsWith('/listener/') === true);
    const refused = (error: HttpError) => failure(error, lang, listener ? { kind: 'listener' } : undefined);
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
    admit,
    answer,
    frameworkError,
    refuse,
    limits: {
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

/** The page a list answers: the routes page every change, a store's page is taken as it is. */
function pageOf(
  listed: unknown,
  query: ListQuery,
  page: PageOptions | undefined,
): { items: unknown[]; headers: Record<string, string> } {
  if (Array.isArray(listed)) return paginate(listed, query, page);
  const { items, total } = (listed ?? {}) as { items?: unknown; total?: unknown };
  const list = Array.isArray(items) ? items.slice(0, query.limit).map((item) => selectFields(item, query.fields)) : [];
  return {
    items: list,
    headers: countHeaders(typeof total === 'number' && total >= list.length ? total : list.length, list.length),
  };
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
