// checkRequest: everything about a request to the in-flight change API that can be judged without the
// store, in the order a client should learn of it.
import type { InflightChangeProductOrderFVO } from '../generated/inflight-types.js';
import { validateInflightChangeProductOrder } from '../inflight.js';
import type { Lang } from '../messages/index.js';
import { settings } from '../validate.js';
import { type Authorize, type OperationId, refusal, tokenOf } from './auth.js';
import { parseJsonBody } from './body.js';
import { errorResponse, type HttpError, jsonUtf8 } from './error-message.js';
import { acceptsJson, type HeadersInput, headerOf, isJsonContentType } from './headers.js';
import { type ListQuery, parseListQuery, type QueryInput } from './list-query.js';

/** The parts of a request {@link checkRequest} judges. */
export interface RequestParts {
  /** The HTTP method. */
  readonly method: string;
  /** The path, relative to the base address unless `basePath` is given; a query string in it is read when `query` is absent. */
  readonly path: string;
  /** The request headers. */
  readonly headers?: HeadersInput;
  /** The query parameters. */
  readonly query?: QueryInput;
  /** The create request's body as parsed JSON; or give `bodyText`. */
  readonly body?: unknown;
  /** The create request's body as text, parsed after the content type is checked. */
  readonly bodyText?: string;
}

/** Options of {@link checkRequest}. */
export interface CheckOptions {
  /** The service's verdict on a token for an operation; without it any well-formed bearer token passes. */
  readonly authorize?: Authorize;
  /** The path prefix of the API, stripped from `path` (default none). */
  readonly basePath?: string;
  /** Language of the messages. */
  readonly lang?: Lang;
  /** Report at most this many body violations. */
  readonly maxViolations?: number;
}

interface Accepted {
  readonly ok: true;
  /** The bearer token. */
  readonly token: string;
  /** The content type to answer with. */
  readonly contentType: typeof jsonUtf8;
}

/** A request that passed every check, with what the service needs to answer it. */
export type CheckedRequest =
  | (Accepted & {
      readonly operation: 'createInflightChangeProductOrder';
      readonly body: InflightChangeProductOrderFVO;
    })
  | (Accepted & { readonly operation: 'listInflightChangeProductOrder'; readonly query: ListQuery })
  | (Accepted & {
      readonly operation: 'retrieveInflightChangeProductOrder';
      readonly id: string;
      readonly query: ListQuery;
    });

const collection = '/inflightChangeProductOrder';

/** The operation for a path and method: 404 for an unknown path, 405 with Allow for a method the path lacks. */
function route(path: string, method: string, lang?: Lang): { operation: OperationId; id?: string } | HttpError {
  let id: string | undefined;
  if (path !== collection) {
    const rest = path.startsWith(`${collection}/`) ? path.slice(collection.length + 1) : '';
    try {
      id = rest && !rest.includes('/') ? decodeURIComponent(rest) : undefined;
    } catch {
      id = undefined;
    }
    if (id === undefined) return errorResponse(404, undefined, { lang });
  }
  const verb = method.toUpperCase();
  if (id !== undefined)
    return verb === 'GET'
      ? { operation: 'retrieveInflightChangeProductOrder', id }
      : errorResponse(405, undefined, { lang, headers: { allow: 'GET' } });
  if (verb === 'GET') return { operation: 'listInflightChangeProductOrder' };
  if (verb === 'POST') return { operation: 'createInflightChangeProductOrder' };
  return errorResponse(405, undefined, { lang, headers: { allow: 'GET, POST' } });
}

/**
 * Checks a request to the in-flight change API (create, list, retrieve), in this order: the path (404),
 * the method (405 with Allow), the bearer token (401) and `authorize` (401, 403), `Accept` (406), the
 * create request's `Content-Type` (415), the query (400), the body: JSON (400), then
 * validateInflightChangeProductOrder (400 with every violation). Never throws.
 * @returns `{ ok: true, operation, token, ... }` or `{ ok: false, status, headers, body }` with an ErrorMessage body
 */
export function checkRequest(request: RequestParts, options?: CheckOptions): CheckedRequest | HttpError {
  const { lang } = settings(options);
  try {
    const full = String(request.path);
    const mark = full.indexOf('?');
    const rawPath = mark < 0 ? full : full.slice(0, mark);
    const search = mark < 0 ? undefined : full.slice(mark + 1);
    const base = options?.basePath ?? '';
    if (!rawPath.startsWith(base)) return errorResponse(404, undefined, { lang });
    const routed = route(rawPath.slice(base.length), String(request.method), lang);
    if ('ok' in routed) return routed;
    const { operation } = routed;
    const token = tokenOf(request.headers, lang);
    if (!token.ok) return token;
    const refused = options?.authorize && refusal(options.authorize(token.token, operation), lang);
    if (refused) return refused;
    if (!acceptsJson(headerOf(request.headers, 'accept'))) return errorResponse(406, undefined, { lang });
    const accepted = { ok: true, token: token.token, contentType: jsonUtf8 } as const;
    if (operation === 'createInflightChangeProductOrder') {
      if (!isJsonContentType(headerOf(request.headers, 'content-type'))) return errorResponse(415, undefined, { lang });
      let body = request.body;
      if (body === undefined) {
        const parsed = parseJsonBody(request.bodyText ?? '', lang);
        if (!parsed.ok) return parsed;
        body = parsed.value;
      }
      const result = validateInflightChangeProductOrder(body, options);
      if (!result.valid) return errorResponse(400, result, { lang });
      return { ...accepted, operation, body: result.value };
    }
    const query = parseListQuery(request.query ?? search ?? '', {
      lang,
      params: operation === 'listInflightChangeProductOrder' ? undefined : ['fields'],
    });
    if (!query.valid) return errorResponse(400, query, { lang });
    if (operation === 'listInflightChangeProductOrder') return { ...accepted, operation, query: query.value };
    return { ...accepted, operation: 'retrieveInflightChangeProductOrder', id: routed.id ?? '', query: query.value };
  } catch {
    // a throwing authorize, or a hostile request object
    return errorResponse(500, undefined, { lang });
  }
}
