/**
 * The product order create, the in-flight change API and the six listeners as a Fastify plugin, from
 * {@link productOrderRoutes}: every check of the contract before the body is read, then the
 * service's callbacks. Fastify is an optional peer dependency of the package.
 *
 * @module product-order-validator/fastify
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { lingerOn, readNodeBody } from '../http/body.js';
import { targetParts } from '../http/request.js';
import { type Admitted, type Answer, createRoutes, type ProductOrderRoutesOptions, type ReadBody } from './routes.js';

export type * from './public.js';

/** Options of the Fastify {@link productOrderRoutes}; callbacks get the `FastifyRequest` as `context.request`. */
export type FastifyRoutesOptions = ProductOrderRoutesOptions<FastifyRequest>;

/** A body the plugin's parser read, told apart from one another parser made. */
const read = /* @__PURE__ */ Symbol('productOrderBody');
type Wrapped = { readonly [read]: ReadBody };

const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * The product order create, the in-flight change API and the six listeners as a Fastify plugin,
 * each served when its callback is given; register it where the API lives
 * (`app.register(productOrderRoutes(options), { prefix: '/api' })`). Every check before the body runs
 * in `onRequest`, so an unauthorised client cannot make the server read a body; the plugin reads
 * bodies itself, in its own scope, and answers Fastify's errors on its routes as ErrorMessages.
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
export function productOrderRoutes(options: FastifyRoutesOptions): FastifyPluginAsync {
  const routes = createRoutes<FastifyRequest>(options);
  const admitted = new WeakMap<FastifyRequest, Admitted<FastifyRequest>>();

  const send = (request: FastifyRequest, reply: FastifyReply, answer: Answer) => {
    reply.code(answer.status).headers(answer.headers);
    // a Buffer, which Fastify sends as it is, without adding a charset to the content type
    reply.send(answer.text === undefined ? undefined : Buffer.from(answer.text));
    lingerOn(request.raw);
    return reply;
  };

  return async function productOrderPlugin(fastify) {
    fastify.removeAllContentTypeParsers();
    fastify.addContentTypeParser('*', (request, payload, done) => {
      const passed = admitted.get(request);
      const lang = passed?.context.lang ?? 'en';
      const stream = Object.assign(payload, { headers: request.headers });
      readNodeBody(stream as unknown as Parameters<typeof readNodeBody>[0], { ...routes.limits, lang }).then(
        (body) => done(null, { [read]: body } satisfies Wrapped),
        (error: Error) => done(error, undefined),
      );
    });
    fastify.setErrorHandler((error, request, reply) =>
      send(request, reply, routes.frameworkError(error, request.headers)),
    );
    for (const { path, route } of routes.paths) {
      fastify.route({
        method: methods,
        url: path,
        exposeHeadRoute: false,
        onRequest: async (request, reply) => {
          const answer = await routes.admit({
            route,
            method: request.method,
            path: targetParts(request.url).path,
            id: route.kind === 'item' ? (request.params as { id?: string }).id : undefined,
            headers: request.headers,
            query: request.query as Readonly<Record<string, unknown>> | undefined,
            native: request,
          });
          if ('call' in answer) admitted.set(request, answer);
          else return send(request, reply, answer);
        },
        handler: async (request, reply) => {
          const passed = admitted.get(request);
          if (!passed) return send(request, reply, routes.frameworkError(undefined, request.headers));
          const given = request.body as Wrapped | undefined;
          const body = !passed.reads ? undefined : (given?.[read] ?? ({ ok: true, text: '' } as const));
          return send(request, reply, await routes.answer(passed, body));
        },
      });
    }
  };
}
