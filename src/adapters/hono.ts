/**
 * The product order create, the in-flight change API and the six listeners as a Hono app to mount
 * with `app.route(prefix, routes)`, from {@link productOrderRoutes}: every check of the contract
 * before the body is read, then the service's callbacks. Hono is an optional peer dependency of the
 * package.
 *
 * @module product-order-validator/hono
 */
import { type Context, Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { heldBody, type NodeRequest, readFetchBody, readNodeBody, toFetchResponse } from '../http/body.js';
import type { HeadersInput } from '../http/headers.js';
import { targetParts } from '../http/request.js';
import {
  type Admitted,
  type Answer,
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

/** Options of the Hono {@link productOrderRoutes}; callbacks get Hono's `Context` as `context.request`. */
export type HonoRoutesOptions<Identity = string> = ProductOrderRoutesOptions<Context, Identity>;

/** The routes' sub-app, with the handler of the paths below the mount point that are no one's. */
export type ProductOrderApp = Hono & {
  /** Answers with the routes' 404 ErrorMessage: `app.notFound(routes.notFoundHandler)`. */
  readonly notFoundHandler: (c: Context) => Response;
};

/**
 * The product order create, the in-flight change API and the six listeners as a Hono app, each
 * served when its callback is given; mount it where the API lives (`app.route('/api', routes)`). It
 * reads the body itself once the request passed every check before it, or takes the body a
 * middleware read already (`c.req.json()`, `c.req.text()`, `c.req.arrayBuffer()`), held to the same
 * limits. A callback that throws reaches the app's `onError` as an `HTTPException` whose response
 * is the routes' 500 ErrorMessage (`err.getResponse()`) and whose `cause` is a {@link RouteError}.
 * @example
 * ```ts
 * import { Hono } from 'hono';
 * import { type InflightChangeResource, productOrderRoutes } from 'product-order-validator/hono';
 *
 * const changes = new Map<string, InflightChangeResource>();
 * const routes = productOrderRoutes({
 *   inflight: {
 *     create: (change) => {
 *       const resource = { ...change, id: crypto.randomUUID(), state: 'acknowledged', requestDate: new Date().toISOString() } as const;
 *       changes.set(resource.id, resource);
 *       return resource;
 *     },
 *     list: () => [...changes.values()],
 *     retrieve: (id) => changes.get(id),
 *   },
 *   errorFormat: 'problem',
 * });
 * export default new Hono().route('/api', routes);
 * ```
 */
export function productOrderRoutes<Identity = string>(options: HonoRoutesOptions<Identity>): ProductOrderApp {
  const routes = createRoutes<Context, Identity>(options);
  const app = new Hono();
  const serve = serving(routes);
  for (const { path, route } of routes.paths)
    app.all(
      path,
      serve(route, false, (c) => routes.refuse(pathOf(c), mountOf(c, path), headersOf(c))),
    );
  // every other path below the mount point: dot segments and paths under the routes' answered, the rest the app's
  app.all('/*', async (c, next) => {
    const refused = routes.refuse(pathOf(c), mountOf(c, '/*'), headersOf(c));
    if (refused) return toFetchResponse(refused);
    await next();
  });
  const notFoundHandler = (c: Context) => toFetchResponse(routes.notFound(headersOf(c)));
  return Object.assign(app, { notFoundHandler });
}

/**
 * One operation of the routes as a Hono handler, to mount alone at a path of the app's own
 * (`app.all(path, handler)`; `/:id` in the path of a retrieve): every check of the contract, the
 * body, the callback of that operation, as {@link productOrderRoutes} serves it, a callback's throw
 * raised as theirs is.
 * @example
 * ```ts
 * import { Hono } from 'hono';
 * import { operationHandler } from 'product-order-validator/hono';
 *
 * const app = new Hono();
 * app.all(
 *   '/orders',
 *   operationHandler('createProductOrder', {
 *     authorize: (token) => token === process.env.API_TOKEN || 'invalid',
 *     onProductOrder: async (order) => ({ id: crypto.randomUUID(), state: 'acknowledged', category: order.category }),
 *   }),
 * );
 * export default app;
 * ```
 */
export function operationHandler<Identity = string>(
  operation: RouteOperation,
  options: HonoRoutesOptions<Identity>,
): (c: Context) => Promise<Response> {
  const route = operationRoute(operation);
  return serving(createRoutes<Context, Identity>(options))(route, true, () => undefined);
}

/** A route's handler: the checks, then the body and the callback; a 500 of the service's side raised as an HTTPException. */
function serving(routes: Routes<Context, unknown>) {
  const respond = (answer: Answer): Response => {
    const response = toFetchResponse(answer);
    if (!answer.error) return response;
    throw new HTTPException(500, { res: response, message: answer.error.message, cause: answer.error });
  };
  return (route: Route, alone: boolean, refuse: (c: Context) => Answer | undefined) =>
    async (c: Context): Promise<Response> => {
      let answer: Answer;
      let admitted: Admitted<Context, unknown> | undefined;
      try {
        // a path Hono matched once it resolved dot segments or decoded it
        const refused = refuse(c);
        if (refused) return toFetchResponse(refused);
        const method = c.req.method;
        const given = routes.admit({
          route,
          method,
          path: pathOf(c),
          id: route.kind === 'item' ? c.req.param('id') : undefined,
          headers: headersOf(c),
          rawHeaders: incomingOf(c)?.rawHeaders,
          // a request with a body has no query to check: its URL is not parsed
          query: String(method).toUpperCase() === 'POST' ? undefined : new URL(c.req.url).searchParams,
          native: c,
          alone,
        });
        const checked = given instanceof Promise ? await given : given;
        if (!('call' in checked)) answer = checked;
        else {
          admitted = checked;
          const body = checked.reads ? await bodyOf(routes, c, checked) : undefined;
          const answered = routes.answer(checked, body);
          answer = answered instanceof Promise ? await answered : answered;
        }
      } catch (error) {
        answer = routes.frameworkError(error, headersOf(c), admitted);
      }
      return respond(answer);
    };
}

/** The body: read with the limits while no one read it, else as a middleware left it, held to the same limits. */
async function bodyOf(
  routes: Routes<Context, unknown>,
  c: Context,
  admitted: Admitted<Context, unknown>,
): Promise<ReadBody> {
  const limits = Object.assign({}, routes.limits, { lang: admitted.context.lang });
  const headers = headersOf(c);
  const cache = c.req.bodyCache;
  try {
    if (cache.arrayBuffer !== undefined)
      return heldBehind(ownedBy(heldBody({ bytes: new Uint8Array(await cache.arrayBuffer) }, headers, limits)), read);
    if (cache.blob !== undefined) {
      const bytes = new Uint8Array(await (await cache.blob).arrayBuffer());
      return heldBehind(ownedBy(heldBody({ bytes }, headers, limits)), read);
    }
    if (cache.text !== undefined)
      return heldBehind(ownedBy(heldBody({ text: await cache.text }, headers, limits)), read);
    // an older Hono cached the value json() parsed, not its text
    if (cache.json !== undefined)
      return heldBehind(ownedBy(heldBody({ parsed: await cache.json }, headers, limits)), parsed);
  } catch {
    return consumed; // a cache whose read failed: the stream is gone
  }
  const incoming = incomingOf(c);
  if (c.req.raw.bodyUsed || (incoming !== undefined && wasRead(incoming))) return consumed;
  // on Node (@hono/node-server), the request itself: read as a stream of Node's, not a web stream
  if (isNodeRequest(incoming)) return ownedBy(await readNodeBody(incoming, limits));
  return ownedBy(await readFetchBody(c.req.raw, limits));
}

/** What the routes cannot keep behind a middleware that read the body, and the fix. */
const read: Unkept = {
  unkept: ['time'],
  fix: "mount the routes before the middleware that reads the body (app.route('/api', routes) first), or set the server's requestTimeout",
};
const parsed: Unkept = {
  unkept: ['time', 'size', 'numbers'],
  fix: "mount the routes before the middleware that reads the body (app.route('/api', routes) first), or read it with c.req.text() there",
};

/** Node's request, on Node (@hono/node-server). */
const incomingOf = (c: Context) =>
  (c.env as { incoming?: { url?: unknown; rawHeaders?: readonly string[]; headers?: unknown } } | undefined)?.incoming;

/**
 * The request's headers: on Node, Node's own record of them, read as Express's are (a repeated
 * `Authorization` or `Content-Type` is told from the raw lines all the same); elsewhere the `Headers`
 * of the runtime's `Request`, which on Node each lookup would validate and normalise anew.
 */
function headersOf(c: Context): HeadersInput {
  const headers = incomingOf(c)?.headers;
  return typeof headers === 'object' && headers !== null ? (headers as HeadersInput) : c.req.raw.headers;
}
/**
 * The path as the client sent it: on Node the request target itself; elsewhere the runtime's URL,
 * whose dot segments are resolved already.
 */
function pathOf(c: Context): string {
  const target = incomingOf(c)?.url;
  return targetParts(typeof target === 'string' ? target : c.req.url).path;
}

/** Where the routes are mounted, from the pattern Hono matched and the route's own. */
function mountOf(c: Context, pattern: string): string {
  const matched = c.req.routePath;
  return matched.endsWith(pattern) ? matched.slice(0, matched.length - pattern.length) : '';
}

/** Whether a binding is a Node request whose body no one read yet. */
function isNodeRequest(value: unknown): value is NodeRequest {
  if (typeof value !== 'object' || value === null) return false;
  const request = value as Partial<NodeRequest> & { readableDidRead?: unknown };
  return typeof request.on === 'function' && request.readableDidRead === false && request.readableEnded === false;
}

/** Whether a Node request's stream was read by someone (a middleware that read `c.env.incoming`). */
function wasRead(value: object): boolean {
  const request = value as { readableDidRead?: unknown; readableEnded?: unknown };
  return request.readableDidRead === true || request.readableEnded === true;
}
