// The error the routes hand to the framework's own error path (Express `next(err)`, Fastify's error
// handlers and onError hooks, Hono's `onError`) when the service's side failed: a callback that threw
// or rejected, or a body something else read first. It carries the answer the client is to get.
import type { SerializedReply } from '../http/body.js';

/** What failed on the service's side: a callback, or the body another part of the server read first. */
export type RouteErrorSource =
  | 'authenticate'
  | 'authorize'
  | 'onProductOrder'
  | 'onEvent'
  | 'inflight.create'
  | 'inflight.list'
  | 'inflight.retrieve'
  | 'body'
  | 'reply';

/**
 * The error the routes pass to the framework's error path when the service's side failed, the client
 * getting a 500 ErrorMessage that tells nothing of it: `cause` is what the callback threw or rejected
 * with (none for `source: 'body'`, whose message names the cause), `reply` the answer to send.
 * Its `status` and `statusCode` are 500 and `expose` is false, as Express's and Fastify's error
 * handlers read them. A plain `Error` with these fields, not a class, so that the ES module and
 * CommonJS copies of the package agree on it: tell it apart with {@link isRouteError}.
 */
export interface RouteError extends Error {
  /** Always `'RouteError'`. */
  readonly name: 'RouteError';
  /** What failed: the callback (`'onProductOrder'`, `'authenticate'`, `'authorize'`, ...), `'body'`, or `'reply'` (a value that could not be answered). */
  readonly source: RouteErrorSource;
  /** What the callback threw or rejected with. */
  readonly cause?: unknown;
  /** Always 500. */
  readonly status: 500;
  /** Always 500. */
  readonly statusCode: 500;
  /** Always false: the message is for the operator, not the client. */
  readonly expose: false;
  /** The answer the client gets: the 500 ErrorMessage (or problem details), serialised, with its headers. */
  readonly reply: SerializedReply;
}

/** Whether a value is a {@link RouteError} of the routes. Never throws. */
export function isRouteError(value: unknown): value is RouteError {
  try {
    return value instanceof Error && value.name === 'RouteError' && 'reply' in value && 'source' in value;
  } catch {
    return false;
  }
}

const what: Readonly<Record<RouteErrorSource, string>> = {
  authenticate: 'authenticate threw or rejected',
  authorize: 'authorize threw or rejected',
  onProductOrder: 'onProductOrder threw or rejected',
  onEvent: 'onEvent threw or rejected',
  'inflight.create': 'inflight.create threw or rejected',
  'inflight.list': 'inflight.list threw or rejected',
  'inflight.retrieve': 'inflight.retrieve threw or rejected',
  body: 'the request body was read before the routes, by another part of the server: a middleware that read the stream and left nothing of it; mount the routes before it, or have it leave the body, or keep what it read (express.json(), express.text(), express.raw(), Hono’s c.req.json(), c.req.text())',
  reply: 'what a callback gave could not be answered',
};

/** The error to pass on for `source`, its message saying what failed (never the cause's own words). */
export function routeError(source: RouteErrorSource, reply: SerializedReply, cause?: unknown): RouteError {
  const error = new Error(what[source], cause === undefined ? undefined : { cause });
  return Object.assign(error, {
    name: 'RouteError' as const,
    source,
    status: 500 as const,
    statusCode: 500 as const,
    expose: false as const,
    reply,
  });
}

/** A promise of the routes' own body read that they cannot keep for a body another part of the server read first. */
export type UnkeptPromise = 'time' | 'size' | 'numbers';

/**
 * What `onError` is told once (or, without `onError`, the console), at the first request whose body
 * a parser or a middleware of the app read before the routes: which promises of the routes' own read
 * they cannot keep behind it, and the fix. Requests are answered as usual; nothing is a 500 for it.
 */
export interface BodyParserWarning extends Error {
  /** Always `'BodyParserWarning'`. */
  readonly name: 'BodyParserWarning';
  /**
   * What cannot be kept: `'time'` (a body arriving slowly is waited for by the parser, not ended
   * with 408 after `bodyTimeoutMs`), `'size'` (a chunked body's size is measured on the parsed
   * value's JSON text, not on the bytes sent), `'numbers'` (numbers are judged on the parsed value).
   */
  readonly unkept: readonly UnkeptPromise[];
}

const unkeptWords: Readonly<Record<UnkeptPromise, string>> = {
  time: 'a body that arrives slowly or stops half-way is waited for by the parser, not ended with 408 after bodyTimeoutMs (only the server’s requestTimeout ends it)',
  size: 'the size of a chunked body (no Content-Length) is measured on the JSON text of the parsed value, not on the bytes sent',
  numbers:
    'numbers are judged on the parsed value: ±Infinity and integers beyond ±(2^53 − 1) are refused as inexact_number, but an integer written with an exponent (1e20) is refused with them and a number that underflowed to 0 passes',
};

/** The warning for what `unkept` names, its message ending with `fix`, and with the parser's own size `limit` when it has one. */
export function bodyParserWarning(unkept: readonly UnkeptPromise[], fix: string, limit?: string): BodyParserWarning {
  const message = `A body parser or middleware read the request body before the routes, which cannot keep every promise of their own read behind it: ${unkept
    .map((promise) => unkeptWords[promise])
    .join('; ')}. To keep them, ${fix}.${limit === undefined ? '' : ` Its own size limit applies first: ${limit}.`}`;
  return Object.assign(new Error(message), { name: 'BodyParserWarning' as const, unkept });
}
