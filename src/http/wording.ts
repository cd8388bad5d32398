// What the HTTP helpers say, in each language (http/words-<lang>.ts): the descriptions of the error
// statuses and the sentences beside the violations.
import type { ErrorStatus } from './status.js';

/**
 * What a 400 answer is about, which its description names: the body's product order, change
 * request or event, its JSON, the query, the body as such, or the path.
 */
export type ErrorCause = 'order' | 'change' | 'event' | 'json' | 'query' | 'body' | 'path';

/** What the HTTP helpers say: the description of each error status, and the sentences beside the violations. */
export interface HttpWording {
  readonly statuses: Readonly<Record<ErrorStatus, string>>;
  readonly tooLarge: (limit: number) => string;
  readonly readAlready: string;
  /** A rule of the service's that failed, as a client is told of it: without what it threw. */
  readonly ruleFailed: (rule: string) => string;
  readonly aborted: string;
  /** The 400 of a header sent more than once that must be sent once, named as HTTP spells it. */
  readonly repeatedHeader: (header: string) => string;
  /** The 415 of a body sent in a content coding (`Content-Encoding` other than `identity`). */
  readonly contentCoding: string;
  /** The 400 of an `Idempotency-Key` that is no sf-string, an empty one, or one over the longest length (its argument). */
  readonly idempotencyKey: Readonly<Record<'syntax' | 'empty' | 'too_long', (max: number) => string>>;
  /** The 409 of a create whose `Idempotency-Key` is being served still. */
  readonly idempotencyRunning: string;
  /** The 422 of a create whose `Idempotency-Key` came with another body. */
  readonly idempotencyReused: string;
  /** The 503 of a create with an `Idempotency-Key` whose callback did not answer in time: it may have been taken, the same key gets its answer. */
  readonly createTimedOut: string;
  /**
   * The 503 of a create without an `Idempotency-Key` (or of routes that ignore it) whose callback did
   * not answer in time: it may have been taken, so check before sending it again; `keys` tells
   * whether the routes take the header, which the sentence then offers.
   */
  readonly createTimedOutUnkeyed: (keys: boolean) => string;
  /** What a 400 is about, named as its message begins: the body's order, change request or event, its JSON, the query, or the path. */
  readonly causes: Readonly<Record<ErrorCause, string>>;
  readonly notListed: (more: number, stopped: boolean) => string;
}
