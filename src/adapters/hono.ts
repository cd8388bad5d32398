/**
 * The product order create, the in-flight change API and the six listeners as a Hono app to mount
 * with `app.route(prefix, routes)`, from {@link productOrderRoutes}: every check of the contract
 * before the body is read, then the service's callbacks. Hono is an optional peer dependency of the
 * package.
 *
 * @module product-order-validator/hono
 */
import { type Context, Hono } from 'hono';
import { decode, type NodeRequest, notJson, readFetchBody, readNodeBody, toFetchResponse } from '../http/body.js';
import { targetParts } from '../http/request.js';
import { type Admitted, createRoutes, type ProductOrderRoutesOptions, type ReadBody } from './routes.js';

export type * from './public.js';

/** Options of the Hono {@link productOrderRoutes}; callbacks get Hono's `Context` as `context.request`. */
export type HonoRoutesOptions<Identity = string> = ProductOrderRoutesOptions<Context, Identity>;

/**
 * The product order create, the in-flight change API and the six listeners as a Hono app, each
 * served when its callback is given; mount it where the API lives (`app.route('/api', routes)`). It
 * reads the body itself once the request passed every check before it, or takes the body a
 * middleware read already (`c.req.json()`); errors thrown on its routes become ErrorMessages.
 * @example
 * ```ts
 * import { Hono } from 'hono';
 * import { productOrderRoutes } from 'product-order-validator/hono';
 *
 * const changes = new Map<string, Record<string, unknown>>();
 * const routes = productOrderRoutes({
 *   inflight: {
 *     create: (change) => {
 *       const id = crypto.randomUUID();
 *       changes.set(id, { ...change, id, state: 'acknowledged' });
 *       return changes.get(id);
 *     },
 *     list: () => [...changes.values()],
 *     retrieve: (id) => changes.get(id),
 *   },
 *   errorFormat: 'problem',
 * });
 * export default new Hono().route('/api', routes);
 * ```
 */
export function productOrderRoutes<Identity = string>(options: HonoRoutesOptions<Identity>): Hono {
  const routes = createRoutes<Context, Identity>(options);
  const app = new Hono();
  for (const { path, route } of routes.paths) {
    app.all(path, async (c) => {
      // a path Hono matched once it resolved dot segments or decoded it
      const refused = routes.refuse(pathOf(c), mountOf(c, path), c.req.raw.headers);
      if (refused) return toFetchResponse(refused);
      const admitted = await routes.admit({
        route,
        method: c.req.method,
        path: pathOf(c),
        id: route.kind === 'item' ? c.req.param('id') : undefined,
        headers: c.req.raw.headers,
        rawHeaders: incomingOf(c)?.rawHeaders,
        query: new URL(c.req.url).searchParams,
        native: c,
      });
      if (!('call' in admitted)) return toFetchResponse(admitted);
      const body = admitted.reads ? await bodyOf(c, admitted) : undefined;
      return toFetchResponse(await routes.answer(admitted, body));
    });
  }
  // every other path below the mount point: dot segments and paths under the routes' answered, the rest the app's
  app.all('/*', async (c, next) => {
    const refused = routes.refuse(pathOf(c), mountOf(c, '/*'), c.req.raw.headers);
    if (refused) return toFetchResponse(refused);
    await next();
  });
  app.onError((error, c) => toFetchResponse(routes.frameworkError(error, c.req.raw.headers)));

  /** The body: as a middleware read it already, else read with the limits. */
  async function bodyOf(c: Context, admitted: Admitted<Context, Identity>): Promise<ReadBody> {
    const { lang } = admitted.context;
    const cache = c.req.bodyCache;
    try {
      if (cache.json !== undefined) return { ok: true, parsed: await cache.json };
      if (cache.text !== undefined) return { ok: true, text: await cache.text };
    } catch {
      return notJson('syntax', lang);
    }
    if (cache.arrayBuffer !== undefined) {
      try {
        const bytes = new Uint8Array(await cache.arrayBuffer);
        return decode([bytes], bytes.length, lang);
      } catch {
        return notJson('syntax', lang);
      }
    }
    if (c.req.raw.bodyUsed) {
      try {
        return { ok: true, text: await c.req.text() };
      } catch {
        return notJson('encoding', lang);
      }
    }
    // on Node (@hono/node-server), the request itself: read as a stream of Node's, not a web stream
    const incoming = incomingOf(c);
    if (isNodeRequest(incoming)) return readNodeBody(incoming, { ...routes.limits, lang });
    return readFetchBody(c.req.raw, { ...routes.limits, lang });
  }

  return app;
}

/** Node's request, on Node (@hono/node-server). */
const incomingOf = (c: Context) =>
  (c.env as { incoming?: { url?: unknown; rawHeaders?: readonly string[] } } | undefined)?.incoming;

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
