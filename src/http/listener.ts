// createListenerHandler: the six client-side listener endpoints, for fetch-style runtimes (WHATWG
// Request and Response) and for Node's http server.
import { type Lang, spoken } from '../messages/index.js';
import type { Hint } from '../violation.js';
import type { AuthVerdict, OperationId } from './auth.js';
import {
  type BodyOptions,
  type BodyText,
  type JsonBodyOptions,
  type NodeRequest,
  type NodeResponse,
  type Reply,
  readFetchBody,
  readNodeBody,
  sendNode,
  toFetchResponse,
} from './body.js';
import { awaitCallback, type CallbackTimeLimit } from './callback.js';
import type { RawHeaders } from './door.js';
import { type defaultHttpMaxViolations, errorResponse, type HttpError } from './error-message.js';
import { type ListenerEvent, type ListenerEventType, validateListenerEvent } from './events.js';
import type { HeadersInput } from './headers.js';
import { checkBody, checkHead, httpMaxViolations, type Known, matchRoute, routeTable } from './pipeline.js';
import { authenticationOf, targetParts } from './request.js';

/** What a listener knows about a notification it accepted. */
export interface ListenerContext {
  /** The event type, from the listener's path. */
  readonly type: ListenerEventType;
  /** The listener's operation id. */
  readonly operation: OperationId;
  /** The bearer token the notification came with; `''` when `authenticate` replaces the bearer-token check and none was sent. */
  readonly token: string;
  /** Who sent it: the bearer token, or what `authenticate` returned (`''` when it is `false`). */
  readonly identity: string;
  /** Near misses in the event that break no rule ("did you mean"); empty but for `onEvent`. */
  readonly hints: readonly Hint[];
}

/** Options of {@link createListenerHandler}. */
export interface ListenerOptions extends BodyOptions, CallbackTimeLimit, JsonBodyOptions {
  /**
   * Receives each valid event; the handler answers 204 when it returns (or resolves), 500 when it
   * throws, 503 with `Retry-After` when it does not settle within `callbackTimeoutMs`.
   */
  readonly onEvent: (event: ListenerEvent, context: ListenerContext) => void | Promise<void>;
  /**
   * The service's verdict on an identity (the bearer token unless `authenticate` replaces it) for a
   * listener operation; without it any identity passes.
   */
  readonly authorize?: (token: string, operation: OperationId) => AuthVerdict | Promise<AuthVerdict>;
  /**
   * Who sent the notification, in place of the bearer-token check: an identity read from its headers,
   * or undefined for 401, or a Promise of either, awaited within `callbackTimeoutMs`; a throw is a
   * 500, told to `onError`. `false` turns authentication off (`authorize` is asked with `''`).
   * Default: the `Authorization: Bearer` token.
   */
  readonly authenticate?: ((headers: HeadersInput) => string | undefined | PromiseLike<string | undefined>) | false;
  /** The path prefix of the listeners, stripped before routing (default none). */
  readonly basePath?: string;
  /** List at most this many violations of a body (default {@link defaultHttpMaxViolations}); validation stops soon after. */
  readonly maxViolations?: number | undefined;
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
  const listenerTable = routeTable({ listeners: true });
  const max = httpMaxViolations(options.maxViolations);
  const numbers: JsonBodyOptions = { keepInexactNumbers: options.keepInexactNumbers === true };

  async function handle({ method, path, headers, rawHeaders, read }: Incoming): Promise<Reply | HttpError> {
    const base = options.basePath ?? '';
    if (!path.startsWith(base)) return errorResponse(404, undefined, { lang });
    const routed = matchRoute(listenerTable, path.slice(base.length), lang);
    if ('ok' in routed || routed.route.kind !== 'listener')
      return 'ok' in routed ? routed : errorResponse(404, undefined, { lang });
    const { type, operation } = routed.route;
    const none: readonly Hint[] = [];
    const contextOf = (known: Known<string> | undefined, hints = none): ListenerContext => ({
      type,
      operation,
      token: known?.token ?? '',
      identity: known?.identity ?? '',
      hints,
    });
    const onError = options.onError;
    const head = await checkHead<undefined, string>(
      { route: routed.route, method, headers, rawHeaders, query: undefined, native: undefined },
      {
        lang: spoken(lang),
        max,
        authenticate: authenticationOf(options.authenticate),
        authorize: options.authorize,
        callbackTimeoutMs: options.callbackTimeoutMs,
        onError: onError && ((error, known) => onError(error, contextOf(known))),
      },
    );
    if (!head.ok) return head;
    const settle = {
      callbackTimeoutMs: options.callbackTimeoutMs,
      lang,
      onError: (error: unknown) => options.onError?.(error, contextOf(head)),
    };
    const text = await read();
    if (!text.ok) return text;
    const event = checkBody(text, { lang: spoken(lang), max, about: 'event', ...numbers }, (input, o) =>
      validateListenerEvent(type, input, o),
    );
    if (!event.ok) return event;
    const heard = await awaitCallback(
      'onEvent',
      () => options.onEvent(event.value, contextOf(head, event.hints)),
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
