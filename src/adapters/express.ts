/**
 * The product order create, the in-flight change API and the six listeners as an Express `Router`,
 * from {@link productOrderRoutes}: every check of the contract before the body is read, then the
 * service's callbacks. Express is an optional peer dependency of the package.
 *
 * @module product-order-validator/express
 */
import {
  type ErrorRequestHandler,
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
  Router,
} from 'express';
import { heldBody, readNodeBody, sendNode } from '../http/body.js';
import { targetParts } from '../http/request.js';
import { isRouteError } from './route-error.js';
import {
  type Admitted,
  type Answer,
  type Call,
  consumed,
  createRoutes,
  heldBehind,
  operationRoute,
  ownedBy,
  type ProductOrderRoutesOptions,
  type ReadBody,
  type Route,
  type RouteOperation,
  type Routes,
  type Unkept,
} from './routes.js';

export type * from './public.js';
export { isRouteError } from './route-error.js';

/** Where {@link keepRawBody} keeps the bytes on the request: one symbol for the ES module and CommonJS copies. */
const rawBody: unique symbol = Symbol.for('product-order-validator.rawBody') as never;

/**
 * The `verify` hook of `express.json()` (and body-parser's other parsers) that keeps the bytes it
 * read on the request for the routes: `app.use(express.json({ verify: keepRawBody }))`. Behind it the
 * routes judge the bytes sent, as when they read the body themselves: the size of a chunked body to
 * the byte, numbers JavaScript cannot hold exactly (400 `inexact_number`), and every answer the same.
 * The bytes are held as long as the request, beside the parsed value.
 */
export function keepRawBody(req: object, _res: unknown, bytes: Uint8Array): void {
  if (bytes instanceof Uint8Array) Object.defineProperty(req, rawBody, { value: bytes, configurable: true });
}

/** The bytes {@link keepRawBody} kept for a request, if it ran. */
const rawOf = (req: object): Uint8Array | undefined => {
  const bytes = (req as { [rawBody]?: unknown })[rawBody];
  return bytes instanceof Uint8Array ? bytes : undefined;
};

/** Express's parsers refuse a body over their own `limit` before the routes see it. */
const parserLimit =
  "express.json() refuses a body over its own limit (100 kB by default) before the routes' maxBodyBytes (1 MiB by default) is reached; give it a limit as large: express.json({ limit: '1mb', verify: keepRawBody })";

/** What the routes cannot keep behind express.json() without keepRawBody, and behind a parser that left the bytes or text. */
const behindJson: Unkept = {
  unkept: ['time', 'size', 'numbers'],
  fix: "mount the routes before the parser (app.use('/api', routes) first), or give the parser the package's hook: express.json({ verify: keepRawBody })",
  limit: parserLimit,
};
const behindBytes: Unkept = {
  unkept: ['time'],
  fix: "mount the routes before the parser (app.use('/api', routes) first), or set the server's requestTimeout",
  limit: parserLimit,
};

/** Options of the Express {@link productOrderRoutes}; callbacks get Express's `Request` as `context.request`. */
export type ExpressRoutesOptions<Identity = string> = ProductOrderRoutesOptions<Request, Identity>;

/** The routes' Router, with the error handler for a JSON parser the app runs before them. */
export type ProductOrderRouter = Router & {
  /**
   * The routes' error handler, to add after the app's own error middleware (`app.use(routes.errorHandler)`):
   * answers a {@link RouteError} (a callback that threw, a body read before the routes), once the
   * app's middleware logged it and passed it on with `next(err)`, with its 500 ErrorMessage; and the
   * errors of a body parser that runs before the routes (`express.json()`: malformed JSON, too large,
   * wrong charset) on requests to the routes' paths, after the checks before the body (a request
   * without a token is 401, not 400). Other errors go on to the app's handlers. While it is not added
   * to the app, the routes answer a callback's throw themselves (`onError` hears of it) and pass nothing on.
   */
  readonly errorHandler: ErrorRequestHandler;
  /** Answers any request with the routes' 404 ErrorMessage: `app.use('/api', routes.notFoundHandler)` after the app's own routes there. */
  readonly notFoundHandler: RequestHandler;
};

/**
 * The product order create, the in-flight change API and the six listeners as an Express `Router`,
 * each served when its callback is given; mount it where the API lives (`app.use('/api', routes)`).
 * It reads the body itself once the request passed every check before it, or takes the body a
 * parser such as `express.json()` read already; a parser's errors on its paths become ErrorMessages.
 * @example
 * ```ts
 * import express from 'express';
 * import { productOrderRoutes } from 'product-order-validator/express';
 *
 * const routes = productOrderRoutes({
 *   authorize: (token) => token === process.env.API_TOKEN || 'invalid',
 *   onProductOrder: async (order) => ({ id: crypto.randomUUID(), state: 'acknowledged', category: order.category }),
 * });
 * const app = express();
 * app.use('/api', routes); // before any express.json(), so no body is read before the token is checked
 * app.use(routes.errorHandler); // only when a JSON parser runs before the routes
 * app.listen(3000);
 * ```
 */
export function productOrderRoutes<Identity = string>(options: ExpressRoutesOptions<Identity>): ProductOrderRouter {
  const routes = createRoutes<Request, Identity>(options);
  // paths as the other frameworks match them: case and a trailing slash count
  const router = Router({ caseSensitive: true, strict: true });
  const errorHandler = errorHandlerOf(routes);
  const serve = serving(routes, errorHandler);
  // before any route matches: dot segments, paths under theirs that none is, bad %-encodings in theirs
  router.use((req: Request, res: Response, next: NextFunction) => {
    const refused = routes.refuse(targetParts(req.originalUrl).path, req.baseUrl, req.headers);
    if (refused) write(req, res, refused);
    else next();
  });
  for (const { path, route } of routes.paths) router.all(path, serve(route, false));
  // errors raised on the routes (an id that is no valid %-encoding, a parser the service added to them)
  router.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent || isRouteError(error) || !routes.serves(req.path)) return next(error);
    parseFailure(routes, req, error).then((answer) => write(req, res, answer), next);
  });
  const notFoundHandler: RequestHandler = (req, res) => write(req, res, routes.notFound(req.headers));
  return Object.assign(router, { errorHandler, notFoundHandler });
}

/**
 * One operation of the routes as an Express handler, to mount alone at a path of the app's own
 * (`app.all(path, handler)`; `/:id` in the path of a retrieve): every check of the contract, the
 * body, the callback of that operation, as {@link productOrderRoutes} serves it. Its errors go to
 * `next(err)` as the routes' do; `handler.errorHandler` answers them, added after the app's own. A
 * JSON parser in front goes on the handler's own route (`app.post('/orders', express.json(), handler)`):
 * `handler.errorHandler` then answers its errors too, after the checks before the body.
 * @example
 * ```ts
 * import express from 'express';
 * import { operationHandler } from 'product-order-validator/express';
 *
 * const create = operationHandler('createProductOrder', {
 *   authorize: (token) => token === process.env.API_TOKEN || 'invalid',
 *   onProductOrder: async (order) => ({ id: crypto.randomUUID(), state: 'acknowledged', category: order.category }),
 * });
 * const app = express();
 * app.all('/orders', create);
 * app.use(create.errorHandler);
 * app.listen(3000);
 * ```
 */
export function operationHandler<Identity = string>(
  operation: RouteOperation,
  options: ExpressRoutesOptions<Identity>,
): RequestHandler & {
  /** Answers the handler's errors passed on to `next(err)`, and a JSON parser's on its route: add it after the app's own. */
  readonly errorHandler: ErrorRequestHandler;
} {
  const route = operationRoute(operation);
  const routes = createRoutes<Request, Identity>(options);
  // a parser's error is this handler's when the parser ran on the handler's own route, or before the
  // routing of a request the app would have routed to the handler
  const errorHandler = errorHandlerOf(routes, (req) => {
    if (onRouteOf(req, handler)) return { route, id: typeof req.params?.id === 'string' ? req.params.id : undefined };
    const routed = routedTo(req, handler);
    return routed && { route, id: routed.id };
  });
  const handler = serving(routes, errorHandler)(route, true);
  return Object.assign(handler, { errorHandler });
}

/** Whether the route Express matched for a request (`req.route`) holds `handler`: a parser on it ran for the handler. */
function onRouteOf(req: Request, handler: RequestHandler): boolean {
  try {
    const stack = (req.route as { stack?: ReadonlyArray<{ readonly handle?: unknown }> } | undefined)?.stack;
    return Array.isArray(stack) && stack.some((layer) => layer.handle === handler);
  } catch {
    return false;
  }
}

const write = (req: Request, res: Response, answer: Answer) => {
  if (res.headersSent) return;
  sendNode(res, answer, req);
};

/** The handler of a route: the checks, then the body and the callback; a 500 of the service's side to `next(err)`. */
function serving(routes: Routes<Request, unknown>, errorHandler: ErrorRequestHandler) {
  const deliver = (req: Request, res: Response, next: NextFunction, answer: Answer) => {
    if (answer.error && !res.headersSent && mounted(req, errorHandler)) next(answer.error);
    else write(req, res, answer);
  };
  return (route: Route, alone: boolean): RequestHandler =>
    (req, res, next) => {
      Promise.resolve(routes.admit(callOf(req, route, alone)))
        .then(async (admitted) => {
          if (!('call' in admitted)) return deliver(req, res, next, admitted);
          const body = admitted.reads ? await bodyOf(routes, req, admitted) : undefined;
          deliver(req, res, next, await routes.answer(admitted, body));
        })
        .catch(next);
    };
}

function callOf(req: Request, route: Route, alone: boolean): Call<Request> {
  return {
    route,
    method: req.method,
    path: targetParts(req.originalUrl).path,
    id: route.kind === 'item' && req.params.id !== undefined ? String(req.params.id) : undefined,
    headers: req.headers,
    rawHeaders: req.rawHeaders,
    query: req.query,
    native: req,
    alone,
  };
}

/** The error handler of the routes, to add after the app's own: see {@link ProductOrderRouter}. */
function errorHandlerOf(
  routes: Routes<Request, unknown>,
  alone?: (req: Request) => Alone | undefined,
): ErrorRequestHandler {
  return (error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    if (isRouteError(error)) return write(req, res, error.reply);
    const route = alone?.(req);
    if (alone ? !route : !routes.servesTail(req.path)) return next(error);
    parseFailure(routes, req, error, route).then((answer) => write(req, res, answer), next);
  };
}

/**
 * The answer to a request whose body a parser before the routes failed on: the checks before the
 * body first (a client without a token learns nothing of how its body was parsed), then the text the
 * parser failed on as the routes judge it, or the parser's error; heard by `onOutcome`.
 */
async function parseFailure(
  routes: Routes<Request, unknown>,
  req: Request,
  error: unknown,
  alone?: Alone,
): Promise<Answer> {
  const admitted = await admittedFor(routes, req, alone);
  if (admitted === undefined) return routes.frameworkError(error, req.headers);
  if (!('call' in admitted)) return admitted;
  const text = failedText(routes, req, error, admitted);
  return text ? routes.answer(admitted, text) : routes.frameworkError(error, req.headers, admitted);
}

/** The checks before the body of a request a parser failed on: for the route alone, or the route at the path's end. */
async function admittedFor(
  routes: Routes<Request, unknown>,
  req: Request,
  alone: Alone | undefined,
): Promise<Admitted<Request, unknown> | Answer | undefined> {
  if (alone) return routes.admit({ ...callOf(req, alone.route, true), id: alone.id });
  const path = targetParts(req.originalUrl).path;
  const segments = path.split('/');
  for (let n = 1; n < segments.length; n++) {
    const found = routes.match(`/${segments.slice(-n).join('/')}`);
    if (found) return routes.admit({ ...callOf(req, found.route, false), id: found.id });
  }
  return undefined;
}

/** The route of an operation mounted alone that a request is for, with the id of its path. */
interface Alone {
  readonly route: Route;
  readonly id?: string | undefined;
}

type Layer = {
  readonly handle?: unknown;
  readonly route?: { readonly stack?: readonly Layer[]; _handlesMethod?: (method: string) => boolean };
  readonly matchers?: readonly ((path: string) => false | { readonly path: string; readonly params: object })[];
  readonly slash?: boolean;
};

/**
 * The params of the app's route that holds `handler` and that a request's method and path match, or
 * undefined: what Express would have routed it to, had a parser before it not failed. Read from the
 * app's Router (Express 5's layers), 10,000 layers at most; undefined where it cannot be read.
 */
function routedTo(req: Request, handler: RequestHandler): { readonly id?: string | undefined } | undefined {
  const app = req.app as unknown as { _router?: { stack?: Layer[] }; router?: { stack?: Layer[] } };
  let seen = 0;
  const visit = (stack: readonly Layer[] | undefined, path: string, depth: number): { id?: string } | undefined => {
    if (!Array.isArray(stack) || depth > 32) return undefined;
    for (const layer of stack) {
      if (++seen > 10_000) return undefined;
      const matched = layer.slash ? { path: '', params: {} } : matchOf(layer, path);
      if (!matched) continue;
      const route = layer.route;
      if (route) {
        const handles = typeof route._handlesMethod === 'function' ? route._handlesMethod(req.method) : true;
        if (handles && route.stack?.some((inner: Layer) => inner.handle === handler)) {
          const id = (matched.params as { id?: unknown }).id;
          return { id: typeof id === 'string' ? id : undefined };
        }
        continue;
      }
      const inner = (layer.handle as { stack?: Layer[] } | undefined)?.stack;
      const rest = path.slice(matched.path.length);
      const found = visit(inner, rest.startsWith('/') ? rest : `/${rest}`, depth + 1);
      if (found) return found;
    }
    return undefined;
  };
  try {
    return visit((app._router ?? app.router)?.stack, targetParts(req.originalUrl).path, 0);
  } catch {
    return undefined;
  }
}

/** The part of `path` a layer matches and its params, without changing the layer: Express 5's matchers, Express 4's `regexp`. */
function matchOf(layer: Layer, path: string): { readonly path: string; readonly params: object } | undefined {
  for (const matcher of layer.matchers ?? []) {
    const matched = matcher(path);
    if (matched) return matched;
  }
  const { regexp, keys } = layer as { regexp?: RegExp & { fast_slash?: boolean }; keys?: { name?: unknown }[] };
  if (!(regexp instanceof RegExp)) return undefined;
  if (regexp.fast_slash) return { path: '', params: {} };
  const found = regexp.exec(path);
  if (!found) return undefined;
  const params: Record<string, string> = {};
  (keys ?? []).forEach((key, i) => {
    const value = found[i + 1];
    if (typeof key.name === 'string' && value !== undefined) params[key.name] = safeDecode(value);
  });
  return { path: found[0], params };
}

const safeDecode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/** Whether the app added `errorHandler`, which then answers what the routes pass on; looked for in its Router, 10,000 layers at most. */
function mounted(req: Request, errorHandler: ErrorRequestHandler): boolean {
  const app = req.app as unknown as { _router?: { stack?: Layer[] }; router?: { stack?: Layer[] } };
  try {
    const stacks = [(app._router ?? app.router)?.stack];
    for (let seen = 0; stacks.length > 0 && seen < 10_000; ) {
      for (const layer of stacks.pop() ?? []) {
        if (++seen > 10_000) break;
        if (layer.handle === errorHandler) return true;
        const inner = (layer.handle as { stack?: Layer[] } | undefined)?.stack;
        if (Array.isArray(inner)) stacks.push(inner);
      }
    }
  } catch {
    // an app whose router cannot be read: the routes answer themselves
  }
  return false;
}

/** The body: read with the limits while no one read it, else as another part of the server left it, held to the same limits. */
function bodyOf(
  routes: Routes<Request, unknown>,
  req: Request,
  admitted: Admitted<Request, unknown>,
): Promise<ReadBody> | ReadBody {
  const limits = Object.assign({}, routes.limits, { lang: admitted.context.lang });
  const stream = req as Request & { readableDidRead?: boolean };
  if (!req.readableEnded && stream.readableDidRead !== true && !req.destroyed)
    return readNodeBody(req, limits).then(ownedBy);
  const bytes = rawOf(req); // keepRawBody's
  if (bytes) return heldBehind(ownedBy(heldBody({ bytes }, req.headers, limits)), behindBytes);
  const parsed: unknown = req.body;
  if (parsed === undefined) return consumed;
  // express.json() reads an empty body as {}
  if (req.headers['content-length'] === '0') return heldBehind({ ok: true, text: '' }, behindBytes);
  if (typeof parsed === 'string')
    return heldBehind(ownedBy(heldBody({ text: parsed }, req.headers, limits)), behindBytes); // express.text()
  if (parsed instanceof Uint8Array)
    return heldBehind(ownedBy(heldBody({ bytes: parsed }, req.headers, limits)), behindBytes); // express.raw()
  return heldBehind(ownedBy(heldBody({ parsed }, req.headers, limits)), behindJson);
}

/**
 * The text a JSON parser before the routes failed on, when it is known (the bytes {@link keepRawBody}
 * kept, or the text body-parser gives its parse error): the routes judge it themselves, so that
 * `null` or malformed JSON get the answer the routes give alone.
 */
function failedText(
  routes: Routes<Request, unknown>,
  req: Request,
  error: unknown,
  admitted: Admitted<Request, unknown>,
): ReadBody | undefined {
  const { type, body } = (typeof error === 'object' && error !== null ? error : {}) as {
    type?: unknown;
    body?: unknown;
  };
  if (type !== 'entity.parse.failed' || !admitted.reads) return undefined;
  const limits = Object.assign({}, routes.limits, { lang: admitted.context.lang });
  const bytes = rawOf(req);
  if (bytes) return heldBehind(ownedBy(heldBody({ bytes }, req.headers, limits)), behindBytes);
  return typeof body === 'string'
    ? heldBehind(ownedBy(heldBody({ text: body }, req.headers, limits)), behindJson)
    : undefined;
}
