// The types of productOrderRoutes: its options and the callbacks' contexts, and the request, body and
// answer as an adapter hands them to the routes and takes them back.
import type { InflightChangeProductOrderFVO } from '../../generated/inflight-types.js';
import type { InflightChangeProductOrder } from '../../generated/resource-types.js';
import type { Open, ProductOrderFVO } from '../../generated/types.js';
import type { AuthVerdict, OperationId } from '../../http/auth.js';
import type { BodyOptions, BodyText, JsonBodyOptions, SerializedReply } from '../../http/body.js';
import type { CallbackTimeLimit } from '../../http/callback.js';
import type { RawHeaders } from '../../http/door.js';
import type { ErrorFormatOption, HttpError } from '../../http/error-message.js';
import type { ListenerEvent, ListenerEventType } from '../../http/events.js';
import type { HeadersInput } from '../../http/headers.js';
import type { createMemoryIdempotencyStore, IdempotencyStore } from '../../http/idempotency.js';
import type { ListQuery, PageOptions, QueryInput } from '../../http/list-query.js';
import type { Authenticate, Later, Route } from '../../http/pipeline.js';
import type { Lang } from '../../messages/index.js';
import type { ValidateOptions, ValidationResult } from '../../validate.js';
import type { Hint } from '../../violation.js';
import type { RouteError, UnkeptPromise } from '../route-error.js';

export type { Authenticate, Later, Route };

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
