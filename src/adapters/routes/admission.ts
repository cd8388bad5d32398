// The contract's admission: which paths are the routes', the checks of a request before its body (the
// path, the method, authentication and authorisation, the headers and the query), and the answers to
// a request the framework failed or no route matched.
import { notJson } from '../../http/body.js';
import { isCallbackTimeoutError } from '../../http/callback.js';
import { contentCodingFault, decodeUnreserved, hasDotSegment, pathFault } from '../../http/door.js';
import { errorResponse, type HttpError } from '../../http/error-message.js';
import { listeners } from '../../http/events.js';
import type { HeadersInput } from '../../http/headers.js';
import {
  allowedMethods,
  checkHead,
  collectionPath,
  type Known,
  type Later,
  matchRoute,
  operationOf,
  type PassedHead,
  type Route,
} from '../../http/pipeline.js';
import { httpWords } from '../../http/words.js';
import type { Lang } from '../../messages/index.js';
import { type RouteErrorSource, routeError } from '../route-error.js';
import type { RouteKit } from './kit.js';
import type { Admitted, Answer, Call, RouteContext, RouteOperation } from './types.js';

/** The route that serves `operation` alone: its kind, with the methods of that operation only. */
export function operationRoute(operation: RouteOperation): Route {
  switch (operation) {
    case 'createProductOrder':
      return { kind: 'productOrder' };
    case 'createInflightChangeProductOrder':
      return { kind: 'collection', methods: ['POST'] };
    case 'listInflightChangeProductOrder':
      return { kind: 'collection', methods: ['GET', 'HEAD'] };
    case 'retrieveInflightChangeProductOrder':
      return { kind: 'item' };
  }
  const listener = listeners.find((l) => l.operation === operation);
  if (!listener) throw new TypeError(`no such operation: ${String(operation)}`);
  return { kind: 'listener', type: listener.type, operation: listener.operation };
}

/** The admission of the routes of `kit`: the paths they serve, the checks before a body, the answers before any route. */
export function admission<Native, Identity>(kit: RouteKit<Native, Identity>) {
  const { options, max, paths, productOrderPath, langOf, failure, report, crashed, observe } = kit;
  /**
   * The last path that passed the path checks, and whether as an operation mounted alone: a client
   * sends the same path again and again, whose checks need not run again. One path, so bounded.
   */
  let clean: { readonly path: string | undefined; readonly alone: boolean } = { path: undefined, alone: false };

  function admit(call: Call<Native>): Later<Admitted<Native, Identity> | Answer> {
    // the clock is read for onOutcome's duration only
    const started = options.onOutcome ? performance.now() : 0;
    const lang = langOf(call.headers);
    const { route } = call;
    const method = String(call.method).toUpperCase();
    const operation = allowedMethods(route).includes(method) ? operationOf(route, method) : undefined;
    const contextOf = (known: Known<Identity>): RouteContext<Native, Identity> => ({
      operation: known.operation,
      token: known.token,
      identity: known.identity,
      lang,
      request: call.native,
    });
    // the identity once known, so that a 403, 406, 415 or a bad query is heard with it
    let known: RouteContext<Native, Identity> | undefined;
    const refused = (error: HttpError) =>
      observe(call, started, known, operation, failure(error, lang, route, call.headers));
    // what authenticate or authorize threw, for the framework's error path
    let threw: { error: unknown; source: RouteErrorSource } | undefined;
    const crashedAdmit = (error: unknown) =>
      observe(call, started, undefined, operation, crashed(error, lang, undefined, route, call.headers));
    try {
      // a path the framework matched once it resolved dot segments or decoded letters is not theirs as spelt
      const alone = call.alone === true;
      if (call.path !== clean.path || alone !== clean.alone) {
        const fault =
          alone || servesTail(call.path) ? pathFault(call.path, lang) : errorResponse(404, undefined, { lang });
        if (fault) return refused(fault);
        clean = { path: call.path, alone };
      }
      // a router that matches an empty id (Fastify's): no resource has one
      if (route.kind === 'item' && !call.id) return refused(errorResponse(404, undefined, { lang }));
      const head = checkHead(
        {
          route,
          method,
          headers: call.headers,
          rawHeaders: call.rawHeaders,
          query: call.query,
          native: call.native,
        },
        {
          lang,
          max,
          // a client that accepts problem details alone is answered on every route: its errors as problem details
          problem: true,
          authenticate: options.authenticate,
          authorize: options.authorize,
          callbackTimeoutMs: options.callbackTimeoutMs,
          onKnown: (found) => {
            known = contextOf(found);
          },
          onError: (error, found) => {
            // authenticate is asked before the identity is known, authorize after
            if (!isCallbackTimeoutError(error)) threw = { error, source: found ? 'authorize' : 'authenticate' };
            report(error, found && contextOf(found));
          },
        },
      );
      const passed = (checked: PassedHead<Identity> | HttpError): Admitted<Native, Identity> | Answer => {
        if (!checked.ok) {
          if (!threw || checked.status !== 500) return refused(checked);
          const answer = failure(checked, lang, route, call.headers);
          return observe(call, started, known, operation, {
            ...answer,
            error: routeError(threw.source, answer, threw.error),
          });
        }
        // the context onKnown made of the same identity, or one made now
        return { call, context: known ?? contextOf(checked), query: checked.query, reads: checked.reads, started };
      };
      if (!(head instanceof Promise)) return passed(head);
      return head.then(passed).catch((error: unknown) => crashedAdmit(error));
    } catch (error) {
      return crashedAdmit(error);
    }
  }
  function frameworkError(
    error: unknown,
    headers: HeadersInput | undefined,
    admitted?: Admitted<Native, Identity>,
  ): Answer {
    const lang = admitted?.context.lang ?? langOf(headers);
    // a parser's error on a body in a content coding (one it could not inflate): the coding is the fault
    const fault = contentCodingFault(headers, undefined, lang) ?? asHttpError(error, lang);
    if (!admitted) return failure(fault, lang, undefined, headers);
    const { call, started, context } = admitted;
    return observe(call, started, context, context.operation, failure(fault, lang, call.route, headers));
  }

  /** Whether a path is one of the routes' as spelt. */
  const exact = (path: string) =>
    paths.some(({ path: pattern }) =>
      pattern.endsWith('/:id')
        ? path.startsWith(pattern.slice(0, -3)) && /^[^/]+$/.test(path.slice(pattern.length - 3))
        : path === pattern,
    );
  const serves = (path: string) => exact(path.length > 1 ? path.replace(/\/$/, '') : path);

  /**
   * The paths under which every path is the routes', in any case: each route's, and the listeners'
   * folder. `/productorder` and `/productOrder/` are their 404, never the app's.
   */
  const roots = [
    ...(options.onProductOrder ? [productOrderPath] : []),
    ...(options.inflight ? [collectionPath] : []),
    ...(options.onEvent ? ['/listener'] : []),
  ].map((root) => root.toLowerCase());
  const claims = (path: string) => {
    const lower = path.toLowerCase();
    return roots.some((root) => lower === root || lower.startsWith(`${root}/`));
  };

  /** The route of a path below the mount point as spelt, an id that is no valid %-encoding kept as sent. */
  function match(path: string): { route: Route; id?: string } | undefined {
    const found = matchRoute(paths, path, undefined);
    if ('route' in found) return found;
    if (found.status !== 400) return undefined;
    const item = paths.find(({ route }) => route.kind === 'item');
    return item && { route: item.route, id: path.slice(item.path.length - 3) };
  }

  const notFound = (headers: HeadersInput | undefined): Answer => {
    const lang = langOf(headers);
    return failure(errorResponse(404, undefined, { lang }), lang, undefined, headers);
  };

  /** The last path and mount point `refuse` let through: the same request again is let through at once. Bounded: one. */
  let passed: { readonly path: string | undefined; readonly mount: string | undefined } = {
    path: undefined,
    mount: undefined,
  };

  function refuse(path: string, mount: string, headers: HeadersInput | undefined): Answer | undefined {
    if (path === passed.path && mount === passed.mount) return undefined;
    const answer = refusal(path, mount, headers);
    if (answer === undefined) passed = { path, mount };
    return answer;
  }

  function refusal(path: string, mount: string, headers: HeadersInput | undefined): Answer | undefined {
    const lang = langOf(headers);
    const below = path.startsWith(mount) ? path.slice(mount.length) : undefined;
    // below the listeners' folder as sent, an error is a listener's: application/json
    const folder = below?.toLowerCase();
    const listener =
      options.onEvent !== undefined && (folder === '/listener' || folder?.startsWith('/listener/') === true);
    const refused = (error: HttpError) => failure(error, lang, listener ? { kind: 'listener' } : undefined, headers);
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

  return { admit, frameworkError, serves, servesTail, match, notFound, refuse };
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
