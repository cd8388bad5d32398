// The client's options and results: what a partner passes and what each call resolves to.

import type { CustomFinding, WithMessage } from '../custom-rules.js';
import type { Lang } from '../generated/langs.js';
import type {
  InflightChangeProductOrder,
  InflightChangeProductOrderFields,
  ProductOrder,
} from '../generated/resource-types.js';
import type { ErrorMessage, ProblemDetails } from '../http/error-message.js';
import type { Validator } from '../validator/index.js';
import type { Hint, Violation } from '../violation.js';

/** Options of {@link createProductOrderClient}. */
export interface ProductOrderClientOptions {
  /** The service's base address, the `{base_url}` of the specification; the paths are below it. */
  readonly baseUrl: string | URL;
  /** The OAuth 2.0 access token, sent as `Authorization: Bearer`. */
  readonly token?: string | undefined;
  /** Gives the access token for each request (a cache of the client credentials flow); wins over `token`. */
  readonly getToken?: (() => string | PromiseLike<string>) | undefined;
  /** The language of the messages: sent as `Accept-Language`, and of the violations found before sending. Default English. */
  readonly lang?: Lang | undefined;
  /** The most milliseconds one attempt may take, the answer's body included (default 30,000). */
  readonly timeoutMs?: number | undefined;
  /** How many times a 429 or 503 with `Retry-After` is tried again (default 2; 0 never). */
  readonly retries?: number | undefined;
  /** The longest `Retry-After` waited for, in milliseconds (default 60,000); a longer one is given back as the answer. */
  readonly maxRetryDelayMs?: number | undefined;
  /** The most bytes of an answer's body read (default 10 MiB); a longer one is `too_large`. */
  readonly maxResponseBytes?: number | undefined;
  /** The validator orders are checked with before they are sent: one of `createValidator` with the carrier's rules. */
  readonly validator?: Pick<Validator<CustomFinding, string>, 'validate'> | undefined;
  /** The path of the product order create below `baseUrl` (default `/productOrder`). */
  readonly productOrderPath?: string | undefined;
  /** The `fetch` to send with (default the global one). */
  readonly fetch?: typeof fetch | undefined;
}

/** Options of one call. */
export interface CallOptions {
  /** Check the body before sending it (default true): an invalid one is never sent. */
  readonly validate?: boolean | undefined;
  /** Aborts the call, a wait for `Retry-After` included. */
  readonly signal?: AbortSignal | undefined;
}

/** Options of a create. */
export interface CreateOptions extends CallOptions {
  /**
   * The `Idempotency-Key` of this create (default a new random UUID per call): one of the caller's
   * own, from its outbox, sends a create again after a network error or a restart without its being
   * stored twice. At most 255 printable ASCII characters. `false` sends none, and the create is then
   * never tried again.
   */
  readonly idempotencyKey?: string | false | undefined;
}

/** The service's answer of success, typed by its status. */
export interface Success<S extends number, T> {
  /** The service answered with success. */
  readonly ok: true;
  /** A success. */
  readonly kind: 'success';
  /** The HTTP status. */
  readonly status: S;
  /** The body, parsed; undefined for 202. */
  readonly value: T;
  /** The answer's headers. */
  readonly headers: Headers;
  /** How many times the request was sent. */
  readonly attempts: number;
  /** The near misses the check before sending found in the body ("did you mean"); none for a list or a retrieve. */
  readonly hints: readonly Hint[];
}

/** A status other than the operation's success, with its ErrorMessage or problem details. */
export interface ServiceError {
  /** The service answered with an error. */
  readonly ok: false;
  /** A status other than the operation's success; a redirect is one, since it is not followed. */
  readonly kind: 'status';
  /** The HTTP status: 400, 401, 403, 404, 405, 406, 408, 409, 413, 415, 429, 500, 501, 503 or another. */
  readonly status: number;
  /** The TMF ErrorMessage, when the body is one. */
  readonly error?: ErrorMessage | undefined;
  /** The RFC 9457 problem details, when the body is those (`application/problem+json`). */
  readonly problem?: ProblemDetails | undefined;
  /** The body's first 4,096 characters when it is neither: a gateway's HTML page, another service's error. */
  readonly text?: string | undefined;
  /** The `Retry-After` of a 409, 429 or 503, in milliseconds, when the service gave one. */
  readonly retryAfterMs?: number | undefined;
  /**
   * What the client adds, in English: for a create that ends on a 409 or 503 with `Retry-After`
   * (its retries spent, or a wait over `maxRetryDelayMs`), that the order may be stored and that a
   * later call with the same `idempotencyKey` gets its answer.
   */
  readonly message?: string | undefined;
  /** The answer's headers. */
  readonly headers: Headers;
  /** How many times the request was sent. */
  readonly attempts: number;
}

/** The body broke a rule: it was not sent. */
export interface NotSent {
  /** Nothing was sent. */
  readonly ok: false;
  /** The body broke a rule. */
  readonly kind: 'invalid';
  /** The violations, in the client's language. */
  readonly violations: readonly (Violation | WithMessage<CustomFinding>)[];
  /** The near misses found. */
  readonly hints: readonly Hint[];
}

/** No answer the client could use: no connection, the time limit, an abort, a token, or a body that is not the contract's. */
export interface NoAnswer {
  /** No answer to use. */
  readonly ok: false;
  /**
   * Why: `network` (no connection or answer), `timeout` (no whole answer within `timeoutMs`),
   * `aborted` (the caller's signal), `token` (no usable token; nothing sent), `unexpected` (a
   * success whose body is not the contract's: no JSON, or a resource without a field it requires; or
   * a body that cannot be written as JSON), `too_large` (over `maxResponseBytes`).
   */
  readonly kind: 'network' | 'timeout' | 'aborted' | 'token' | 'unexpected' | 'too_large';
  /** What happened, in English; for `network`, the cause as the system named it (`ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:80`). */
  readonly message: string;
  /** For `network`, the system's code of the cause, when it gave one: `ECONNREFUSED`, `ENOTFOUND`, `ECONNRESET`, ... */
  readonly code?: string | undefined;
  /** The HTTP status, when an answer came whose body could not be read. */
  readonly status?: number | undefined;
  /** How many times the request was sent. */
  readonly attempts: number;
}

/** What a call gives when it gets no success. */
export type Failure = ServiceError | NotSent | NoAnswer;

/** What every result of a create carries beside its kind. */
export interface CreateKey {
  /**
   * The `Idempotency-Key` the create was sent with (for `invalid`, the one it would have been sent
   * with): the caller's own or the random one the client made. Keep it with the order and pass it
   * again as `idempotencyKey` to send the same create later without its being stored twice.
   * Undefined when none was sent (`idempotencyKey: false`, or one that is no key).
   */
  readonly idempotencyKey: string | undefined;
}

/** The result of a create: 201 with the resource, 202 with none, or a failure; each with its `idempotencyKey`. */
export type CreateResult<T> = (Success<201, T> | Success<202, undefined> | Failure) & CreateKey;

/** The result of a list: 200 with the page and its counts, or a failure. */
export type ListResult =
  | (Success<200, InflightChangeProductOrderFields[]> & {
      /** `X-Total-Count`: the changes that match, in all pages, when the service says. */
      readonly total?: number | undefined;
      /** `X-Result-Count`: the changes in this page, when the service says. */
      readonly count?: number | undefined;
    })
  | Exclude<Failure, NotSent>;

/** The result of a retrieve: 200 with the change, or a failure (404 when there is none). */
export type RetrieveResult = Success<200, InflightChangeProductOrderFields> | Exclude<Failure, NotSent>;

/** The query of a list. */
export interface ListOptions extends Omit<CallOptions, 'validate'> {
  /** The first-level attributes to return. */
  readonly fields?: readonly string[] | undefined;
  /** Index of the first change to return. */
  readonly offset?: number | undefined;
  /** Number of changes to return. */
  readonly limit?: number | undefined;
}

/** A client of the product order create and the in-flight change API. */
export interface ProductOrderClient {
  /**
   * Checks `order`, any value (a `ProductOrderFVO`, parsed JSON), then posts it to the product order
   * create: 201 with the created order, 202, or a failure.
   */
  createProductOrder(order: unknown, options?: CreateOptions): Promise<CreateResult<ProductOrder>>;
  /** Checks `change`, any value, then posts it: 201 with the created change, 202, or a failure. */
  createInflightChange(change: unknown, options?: CreateOptions): Promise<CreateResult<InflightChangeProductOrder>>;
  /** Lists the changes: a page by `offset` and `limit`, with `fields`. */
  listInflightChanges(options?: ListOptions): Promise<ListResult>;
  /** Retrieves one change by its id, with `fields`. */
  retrieveInflightChange(id: string, options?: Omit<ListOptions, 'offset' | 'limit'>): Promise<RetrieveResult>;
}
