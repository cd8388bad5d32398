// What the HTTP helpers say in English: the descriptions of the error statuses and the sentences beside the violations.
import type { HttpWording } from './wording.js';

export const http: HttpWording = {
  statuses: {
    400: 'The request breaks the specification: an invalid body, malformed JSON or an invalid query parameter.',
    401: 'The credentials are missing or invalid: send an OAuth 2.0 bearer token.',
    403: 'The credentials do not permit this operation.',
    404: 'No resource exists at this path.',
    405: 'This path does not allow this method; the Allow header lists those it does.',
    406: 'The Accept header admits no media type this API answers with (application/json).',
    408: 'The body did not arrive in time.',
    409: 'The request conflicts with the current state of the resource.',
    413: 'The body is larger than the server accepts.',
    415: 'The body must be sent as application/json (charset utf-8).',
    422: 'The request cannot be processed.',
    429: 'Too many requests: retry later.',
    500: 'The server failed to process the request.',
    501: 'The server does not implement this operation.',
    503: 'The service is unavailable: retry later.',
  },
  tooLarge: (limit) => `The body is larger than ${limit} bytes, the limit of this server.`,
  readAlready: 'The request body was read already, by another part of the server.',
  aborted: 'The request was aborted.',
  ruleFailed: (rule) => `The rule ${rule} failed and could not check the input.`,
  repeatedHeader: (header) => `The header ${header} is sent more than once: send it once.`,
  contentCoding: 'The body must be sent without a content coding (Content-Encoding: identity).',
  idempotencyKey: {
    syntax: () => 'Idempotency-Key must be a quoted string: Idempotency-Key: "…".',
    empty: () => 'Idempotency-Key is empty.',
    too_long: (max) => `Idempotency-Key is longer than ${max} characters.`,
  },
  idempotencyRunning: 'A request with this Idempotency-Key is still being processed: retry later.',
  idempotencyReused: 'This Idempotency-Key came with another body: use a new key.',
  createTimedOut: 'No answer in time; the request may have been taken: retry with the same Idempotency-Key.',
  createTimedOutUnkeyed: (keys) =>
    `No answer in time; the request may have been taken: check whether it was before you send it again.${keys ? ' Sent with an Idempotency-Key, a create is answered once whatever the retries.' : ''}`,
  causes: {
    order: 'The product order in the body breaks the specification.',
    change: 'The change request in the body breaks the specification.',
    event: 'The event in the body breaks the specification.',
    json: 'The body is not valid JSON.',
    query: 'A query parameter is invalid.',
    body: 'The body breaks the specification.',
    path: 'The path is not valid: a %-encoding in it is not UTF-8.',
  },
  notListed: (more, stopped) =>
    `(${stopped ? 'at least ' : ''}${more} more violation${more === 1 ? '' : 's'} not listed)`,
};
