// createListenerHandler: the six client-side listener endpoints, for fetch-style runtimes (WHATWG
// Request and Response) and for Node's http server.
import type { Lang } from '../messages/index.js';
import { settings } from '../validate.js';
import { type AuthVerdict, type OperationId, refusal, tokenOf } from './auth.js';
import {
  type BodyOptions,
  type BodyText,
  type JsonBodyOptions,
  type NodeRequest,
  type NodeResponse,
  parseJsonBody,
  type Reply,
  readFetchBody,
  readNodeBody,
  sendNode,
  toFetchResponse,
} from './body.js';
import { awaitCallback, type CallbackTimeLimit } from './callback.js';
import { contentCodingFault, type RawHeaders, repeatedHeaderFault } from './door.js';
import { defaultHttpMaxViolations, errorResponse, type HttpError } from './error-message.js';
import { type ListenerEvent, type ListenerEventType, listeners, validateListenerEvent } from './events.js';
import { type HeadersInput, headerOf, isJsonContentType } from './headers.js';
import { targetParts } from './request.js';

/** What a listener knows about a notification it accepted. */
export interface ListenerContext {
  /** The event type, from the listener's path. */
  readonly type: ListenerEventType;
  /** The listener's operation id. */
  readonly operation: OperationId;
  /** The bearer token the notification came with. */
  readonly token: string;
}

/** Options of {@link createListenerHandler}. */
export interface ListenerOptions extends BodyOptions, CallbackTimeLimit, JsonBodyOptions {
  /**
   * Receives each valid event; the handler answers 204 when it returns (or resolves), 500 when it
   * throws, 503 with `Retry-After` when it does not settle within `callbackTimeoutMs`.
   */
  readonly onEvent: (event: ListenerEvent, context: ListenerContext) => void | Promise<void>;
  /** The service's verdict on a token for a listener operation; without it any well-formed bearer token passes. */
  readonly authorize?: (token: string, operation: OperationId) => AuthVerdict | Promise<AuthVerdict>;
  /** The path prefix of the listeners, stripped before routing (default none). */
  readonly basePath?: string;
  /** List at most this many violations of a body (default {@link defaultHttpMaxViolations}); validation stops soon after. */
  readonly maxViolations?: number;
  /**
   * Told of each error `authorize` or `onEvent` throws (or rejects with), the client getting a 500 that
   * tells nothing of it; and of each of them that did not settle within `callbackTimeoutMs`, the
   * client getting 503 with `Retry-After`: a `CallbackTimeoutError`, whose `callback` names it.
   */
  readonly onError?: (error: unknown, context: ListenerContext) => void;
}

/**
 * Handles a listener request: a WHATWG Request gives a Response; Node's request and response give a
 * written response. A Node server that handles `checkContinue` passes `beforeRead` to send
 * `100 Continue` once the request passed every check before its body.
 */
export interface ListenerHandler {
  (request: Request): Promise<Response>;
  (request: NodeRequest, response: NodeResponse, beforeRead?: () => void): Promise<void>;
}

/** A listener error: the spec's default response, an ErrorMessage as application/json. */
const asListenerError = (error: HttpError): Reply => ({
  status: error.status,
  headers: { ...error.headers, 'content-type': 'application/json' },
  body: error.body,
});

interface Incoming {
  readonly method: string;
  readonly path: string;
  readonly headers: HeadersInput;
  readonly rawHeaders?: RawHeaders | undefined;
  readonly read: () => Promise<BodyText | HttpError>;
}

/**
 * The handler of the six listener endpoints (`/listener/appointmentCreateEvent`, ...): POST only (405),
 * `Authorization` and `Content-Type` sent once (400), a bearer token (401, 403 from `authorize`), an
 * application/json body (415) in no content coding (415) within the size limit (413, 1 MiB by
 * default) that is JSON (400) and a valid event of the path's type (400 with every violation). An
 * accepted event goes to `onEvent` and gets 204 with no body; every other outcome gets an
 * ErrorMessage (503 with `Retry-After` when `authorize` or `onEvent` does not settle within
 * `callbackTimeoutMs`). Never rejects.
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * import { createListenerHandler } from 'product-order-validator/http';
 *
 * const listen = createListenerHandler({
 *   onEvent: (event, { type }) => console.log(type, event.eventId), // then 204
 *   maxBodyBytes: 256 * 1024,
 * });
 * createServer((req, res) => listen(req, res)).listen(3000); // Node
 * export default { fetch: (request: Request) => listen(request) }; // fetch-style runtimes: a Response
 * ```
 */
export function createListenerHandler(options: ListenerOptions): ListenerHandler {
  const lang: Lang | undefined = options.lang;
  const { max } = settings(options, defaultHttpMaxViolations);
  const numbers: JsonBodyOptions = { keepInexactNumbers: options.keepInexactNumbers === true };

  async function handle({ method, path, headers, rawHeaders, read }: Incoming): Promise<Reply | HttpError> {
    const base = options.basePath ?? '';
    const listener = path.startsWith(base) ? listeners.find((l) => l.path === path.slice(base.length)) : undefined;
    if (!listener) return errorResponse(404, undefined, { lang });
    if (method.toUpperCase() !== 'POST') return errorResponse(405, undefined, { lang, headers: { allow: 'POST' } });
    const repeated = repeatedHeaderFault(headers, rawHeaders, lang);
    if (repeated) return repeated;
    const token = tokenOf(headers, lang);
    if (!token.ok) return token;
    const { type, operation } = listener;
    const settle = {
      callbackTimeoutMs: options.callbackTimeoutMs,
      lang,
      onError: (error: unknown) => options.onError?.(error, { type, operation, token: token.token }),
    };
    const authorize = options.authorize;
    if (authorize) {
      const verdict = await awaitCallback('authorize', () => authorize(token.token, operation), settle);
      if (!verdict.ok) return verdict;
      const refused = refusal(verdict.value, lang);
      if (refused) return refused;
    }
    if (!isJsonContentType(headerOf(headers, 'content-type'))) return errorResponse(415, undefined, { lang });
    const coded = contentCodingFault(headers, rawHeaders, lang);
    if (coded) return coded;
    const text = await read();
    if (!text.ok) return text;
    const parsed = parseJsonBody(text.text, lang, numbers);
    if (!parsed.ok) return parsed;
    const result = validateListenerEvent(listener.type, parsed.value, { lang, maxViolations: max });
    if (!result.valid) return errorResponse(400, result, { lang, maxViolations: max });
    const heard = await awaitCallback(
      'onEvent',
      () => options.onEvent(result.value, { type, operation, token: token.token }),
      settle,
    );
    return heard.ok ? { status: 204, headers: {} } : heard;
  }

  async function reply(incoming: Incoming): Promise<Reply> {
    try {
      const answer = await handle(incoming);
      return 'ok' in answer ? asListenerError(answer as HttpError) : answer;
    } catch {
      return asListenerError(errorResponse(500, undefined, { lang }));
    }
  }

  async function listen(
    request: Request | NodeRequest,
    response?: NodeResponse,
    beforeRead?: () => void,
  ): Promise<Response | undefined> {
    if (response === undefined) {
      const fetchRequest = request as Request;
      const answer = await reply({
        method: fetchRequest.method,
        path: new URL(fetchRequest.url).pathname,
        headers: fetchRequest.headers,
        read: () => readFetchBody(fetchRequest, options),
      });
      return toFetchResponse(answer);
    }
    const nodeRequest = request as NodeRequest;
    const url = nodeRequest.url ?? '/';
    const answer = await reply({
      method: nodeRequest.method ?? 'GET',
      path: targetParts(url).path,
      headers: nodeRequest.headers,
      rawHeaders: nodeRequest.rawHeaders,
      read: () => readNodeBody(nodeRequest, beforeRead ? { ...options, beforeRead } : options),
    });
    sendNode(response, answer, nodeRequest);
    return undefined;
  }

  return listen as ListenerHandler;
}
