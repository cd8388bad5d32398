/**
 * The product order create, the in-flight change API and the six listeners as a Fastify plugin, from
 * {@link productOrderRoutes}: every check of the contract before the body is read, then the
 * service's callbacks. Fastify is an optional peer dependency of the package.
 *
 * @module product-order-validator/fastify
 */
import type { FastifyError, FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { lingerOn, type NodeRequest, readNodeBodyTo } from '../http/body.js';
import { jsonUtf8 } from '../http/error-message.js';
import { targetParts } from '../http/request.js';
import { isRouteError, type RouteError } from './route-error.js';
import {
  type Admitted,
  type Answer,
  createRoutes,
  operationRoute,
  ownedBy,
  type ProductOrderRoutesOptions,
  type ReadBody,
  type Route,
  type RouteOperation,
  type Routes,
} from './routes.js';

export type * from './public.js';
export { isRouteError } from './route-error.js';

/** Options of the Fastify {@link productOrderRoutes}; callbacks get the `FastifyRequest` as `context.request`. */
export type FastifyRoutesOptions<Identity = string> = ProductOrderRoutesOptions<FastifyRequest, Identity>;

/** A body the plugin's parser read, told apart from one another parser made. */
const read = /* @__PURE__ */ Symbol('productOrderBody');
type Wrapped = { readonly [read]: ReadBody };

/** The methods the routes answer on Fastify 4, which does not list its own (`supportedMethods`); 405 but for theirs. */
const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE'];

/** The plugin, with the handler of the errors Fastify raises before any plugin runs. */
export type ProductOrderPlugin = FastifyPluginAsync & {
  /**
   * Answers a path that is no valid %-encoding (Fastify's `FST_ERR_BAD_URL`, raised before any
   * route or plugin runs) as an ErrorMessage when it is one of the routes' paths: give it to Fastify,
   * `Fastify({ frameworkErrors: routes.frameworkErrors })`. Other errors go on to the app's error handler.
   */
  readonly frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => void;
  /**
   * Answers with the routes' 404 ErrorMessage: `app.setNotFoundHandler(routes.notFoundHandler)`, before
   * the plugin is registered (the plugin hands the paths below its prefix that are no one's to the
   * not-found handler it inherits).
   */
  readonly notFoundHandler: (request: FastifyRequest, reply: FastifyReply) => FastifyReply;
};

/**
 * The product order create, the in-flight change API and the six listeners as a Fastify plugin,
 * each served when its callback is given; register it where the API lives
 * (`app.register(productOrderRoutes(options), { prefix: '/api' })`). Every check before the body runs
 * in `onRequest`, so an unauthorised client cannot make the server read a body; the plugin reads
 * bodies itself, in its own scope, and answers Fastify's errors on its routes as ErrorMessages.
 * A callback that throws reaches Fastify's error path: the app's `onError` hooks, then its
 * `setErrorHandler` (or Fastify's default handler, which logs it), as a {@link RouteError}; whatever
 * that handler answers with status 500, the client gets the routes' 500 ErrorMessage.
 * @example
 * ```ts
 * import Fastify from 'fastify';
 * import { productOrderRoutes } from 'product-order-validator/fastify';
 *
 * const app = Fastify();
 * await app.register(
 *   productOrderRoutes({ onEvent: async (event, { type }) => console.log(type, event.eventId) }),
 *   { prefix: '/api' },
 * );
 * await app.listen({ port: 3000 });
 * ```
 */
export function productOrderRoutes<Identity = string>(options: FastifyRoutesOptions<Identity>): ProductOrderPlugin {
  const routes = createRoutes<FastifyRequest, Identity>(options);
  /** The prefixes the plugin is registered under. */
  const mounts: string[] = [];
  /** The answer to give before any route runs, for a request below `mount`. */
  const refused = (request: FastifyRequest, mount: string) =>
    routes.refuse(targetParts(request.raw.url ?? request.url).path, mount, request.headers);

  const frameworkErrors = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const path = targetParts(request.raw.url ?? request.url).path;
    const mount = mounts.find((prefix) => path.startsWith(`${prefix}/`));
    const answer = error?.code === 'FST_ERR_BAD_URL' && mount !== undefined ? refused(request, mount) : undefined;
    if (answer) send(request, reply, answer);
    else reply.send(error);
  };

  const plugin: FastifyPluginAsync = async function productOrderPlugin(fastify) {
    const mount = fastify.prefix;
    mounts.push(mount);
    const all = allMethods(fastify);
    const serve = scope(fastify, routes);
    for (const { path, route } of routes.paths)
      fastify.route({
        method: all,
        url: path,
        exposeHeadRoute: false,
        ...serve(route, false, (r) => refused(r, mount)),
      });
    // every other path below the prefix: dot segments and paths under the routes' answered, the rest the app's 404
    fastify.route({
      method: all,
      url: '/*',
      exposeHeadRoute: false,
      onRequest: async (request, reply) => {
        const answer = refused(request, mount);
        if (answer) return send(request, reply, answer);
        reply.callNotFound();
        return reply;
      },
      handler: async (request, reply) => send(request, reply, routes.frameworkError(undefined, request.headers)),
    });
  };
  const notFoundHandler = (request: FastifyRequest, reply: FastifyReply) =>
    send(request, reply, routes.notFound(request.headers));
  return Object.assign(plugin, { frameworkErrors, notFoundHandler });
}

/**
 * One operation of the routes as a Fastify plugin serving it alone at the prefix it is registered
 * under (`/:id` below it for a retrieve): every check of the contract, the body, the callback of that
 * operation, as {@link productOrderRoutes} serves it, its errors on Fastify's error path as theirs.
 * @example
 * ```ts
 * import Fastify from 'fastify';
 * import { operationPlugin } from 'product-order-validator/fastify';
 *
 * const app = Fastify();
 * await app.register(
 *   operationPlugin('createProductOrder', {
 *     authorize: (token) => token === process.env.API_TOKEN || 'invalid',
 *     onProductOrder: async (order) => ({ id: crypto.randomUUID(), state: 'acknowledged', category: order.category }),
 *   }),
 *   { prefix: '/orders' },
 * );
 * await app.listen({ port: 3000 });
 * ```
 */
export function operationPlugin<Identity = string>(
  operation: RouteOperation,
  options: FastifyRoutesOptions<Identity>,
): FastifyPluginAsync {
  const route = operationRoute(operation);
  const routes = createRoutes<FastifyRequest, Identity>(options);
  return async function productOrderOperation(fastify) {
    const serve = scope(fastify, routes);
    fastify.route({
      method: allMethods(fastify),
      url: route.kind === 'item' ? '/:id' : '',
      exposeHeadRoute: false,
      prefixTrailingSlash: 'no-slash',
      ...serve(route, true, () => undefined),
    });
  };
}

const allMethods = (fastify: FastifyInstance) =>
  (fastify as { supportedMethods?: string[] }).supportedMethods ?? methods;

const send = (request: FastifyRequest, reply: FastifyReply, answer: Answer) => {
  reply.code(answer.status).headers(answer.headers);
  const { text } = answer;
  // JSON text that names its charset Fastify sends as it is, headers and body in one write; any
  // other as a Buffer, to which Fastify adds no charset
  reply.send(text === undefined || answer.headers['content-type'] === jsonUtf8 ? text : Buffer.from(text));
  lingerOn(request.raw);
  return reply;
};

/**
 * Sets up the plugin's scope (its body parser, its error handler, the hook that keeps a 500 of the
 * service's side an ErrorMessage) and gives the hooks of a route.
 */
function scope(fastify: FastifyInstance, routes: Routes<FastifyRequest, unknown>) {
  // slots the scope's requests are built with (Fastify's request decorators), not WeakMaps: a WeakMap
  // entry per request makes every young-generation collection walk the map, six times slower
  const admittedKey = Symbol('admitted');
  /** The RouteError that went up Fastify's error path, and whose answer the client is to get. */
  const failedKey = Symbol('failed');
  fastify.decorateRequest(admittedKey, null);
  fastify.decorateRequest(failedKey, null);
  type Slots = {
    [admittedKey]: Admitted<FastifyRequest, unknown> | null;
    [failedKey]: RouteError | null;
  };
  const slots = (request: FastifyRequest) => request as FastifyRequest & Slots;
  fastify.removeAllContentTypeParsers();
  const parse = (
    request: FastifyRequest,
    payload: NodeJS.ReadableStream,
    done: (error: Error | null, body?: unknown) => void,
  ) => {
    const passed = slots(request)[admittedKey];
    const lang = passed?.context.lang ?? 'en';
    const stream = Object.assign(payload, { headers: request.headers });
    readNodeBodyTo(stream as unknown as NodeRequest, Object.assign({}, routes.limits, { lang }), (body) =>
      done(null, { [read]: ownedBy(body) } satisfies Wrapped),
    );
  };
  fastify.addContentTypeParser('*', parse);
  // the same parser under the type nearly every request has: Fastify keeps what it found for a type
  // it knows, and parses the Content-Type anew on every request that falls to the catch-all
  fastify.addContentTypeParser('application/json', parse);
  fastify.setErrorHandler((error, request, reply) => {
    // the service's own failure: up to the app's error handler, or Fastify's default, which logs it
    if (isRouteError(error)) throw error;
    return send(
      request,
      reply,
      routes.frameworkError(error, request.headers, slots(request)[admittedKey] ?? undefined),
    );
  });
  // whatever the app's error handler answers to a RouteError with status 500, the client gets its ErrorMessage
  // a hook with a callback, not an async one: no promise on every answer that went well
  fastify.addHook('onSend', (request, reply, payload, done) => {
    const error = slots(request)[failedKey];
    if (!error || reply.statusCode !== 500) return done(null, payload);
    slots(request)[failedKey] = null;
    reply.removeHeader('content-length');
    reply.headers(error.reply.headers);
    done(null, error.reply.text === undefined ? null : Buffer.from(error.reply.text));
  });
  /** Sends an answer, or raises its RouteError on Fastify's error path. */
  const answered = (request: FastifyRequest, reply: FastifyReply, answer: Answer) => {
    if (!answer.error) return send(request, reply, answer);
    slots(request)[failedKey] = answer.error;
    lingerOn(request.raw);
    throw answer.error;
  };
  /** An admitted request goes on to its body; any other answer is sent, or its RouteError raised. */
  const admittedOr = (
    request: FastifyRequest,
    reply: FastifyReply,
    done: (error?: Error) => void,
    answer: Admitted<FastifyRequest, unknown> | Answer,
  ) => {
    if ('call' in answer) {
      slots(request)[admittedKey] = answer;
      done();
    } else if (answer.error) {
      slots(request)[failedKey] = answer.error;
      lingerOn(request.raw);
      done(answer.error);
    } else send(request, reply, answer); // a hook that replies does not call done
  };
  // hooks and handlers with callbacks, not async ones: no promise per request while the service's callbacks answer at once
  return (route: Route, alone: boolean, refuse: (request: FastifyRequest) => Answer | undefined) => ({
    onRequest: (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
      // a path Fastify matched once it decoded it (`%2e%2e` as an id, a letter %-encoded)
      const answer =
        refuse(request) ??
        routes.admit({
          route,
          method: request.method,
          path: targetParts(request.url).path,
          id: route.kind === 'item' ? (request.params as { id?: string }).id : undefined,
          headers: request.headers,
          rawHeaders: request.raw.rawHeaders,
          query: request.query as Readonly<Record<string, unknown>> | undefined,
          native: request,
          alone,
        });
      if (answer instanceof Promise) answer.then((given) => admittedOr(request, reply, done, given));
      else admittedOr(request, reply, done, answer);
    },
    handler: (request: FastifyRequest, reply: FastifyReply) => {
      const passed = slots(request)[admittedKey];
      if (!passed) {
        send(request, reply, routes.frameworkError(undefined, request.headers));
        return;
      }
      const given = request.body as Wrapped | undefined;
      const body = !passed.reads ? undefined : (given?.[read] ?? ({ ok: true, text: '' } as const));
      const answer = routes.answer(passed, body);
      // a Promise's handler gives Fastify the reply it sent; a synchronous one returns nothing once it sent
      if (answer instanceof Promise) return answer.then((given) => answered(request, reply, given));
      answered(request, reply, answer);
    },
  });
}
