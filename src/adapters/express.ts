/**
 * The product order create, the in-flight change API and the six listeners as an Express `Router`,
 * from {@link productOrderRoutes}: every check of the contract before the body is read, then the
 * service's callbacks. Express is an optional peer dependency of the package.
 *
 * @module product-order-validator/express
 */
import { type ErrorRequestHandler, type NextFunction, type Request, type Response, Router } from 'express';
import { decode, readNodeBody, sendNode } from '../http/body.js';
import { targetParts } from '../http/request.js';
import type { Lang } from '../messages/index.js';
import { type Admitted, type Answer, createRoutes, type ProductOrderRoutesOptions, type ReadBody } from './routes.js';

export type * from './public.js';

/** Options of the Express {@link productOrderRoutes}; callbacks get Express's `Request` as `context.request`. */
export type ExpressRoutesOptions<Identity = string> = ProductOrderRoutesOptions<Request, Identity>;

/** The routes' Router, with the error handler for a JSON parser the app runs before them. */
export type ProductOrderRouter = Router & {
  /**
   * Answers the errors of a body parser that runs before the routes (`app.use(express.json())`:
   * malformed JSON, too large, wrong charset) on requests to the routes' paths as ErrorMessages;
   * add it after the routes, `app.use(routes.errorHandler)`. Other errors go on to the app's handlers.
   */
  readonly errorHandler: ErrorRequestHandler;
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
  const write = (req: Request, res: Response, answer: Answer) => {
    if (res.headersSent) return;
    sendNode(res, answer, req);
  };
  // before any route matches: dot segments, paths under theirs that none is, bad %-encodings in theirs
  router.use((req: Request, res: Response, next: NextFunction) => {
    const refused = routes.refuse(targetParts(req.originalUrl).path, req.baseUrl, req.headers);
    if (refused) write(req, res, refused);
    else next();
  });
  for (const { path, route } of routes.paths) {
    router.all(path, (req: Request, res: Response, next: NextFunction) => {
      const call = {
        route,
        method: req.method,
        path: targetParts(req.originalUrl).path,
        id: route.kind === 'item' ? String(req.params.id) : undefined,
        headers: req.headers,
        rawHeaders: req.rawHeaders,
        query: req.query,
        native: req,
      };
      routes
        .admit(call)
        .then(async (admitted) => {
          if (!('call' in admitted)) return write(req, res, admitted);
          const body = admitted.reads ? await bodyOf(req, admitted) : undefined;
          write(req, res, await routes.answer(admitted, body));
        })
        .catch(next);
    });
  }
  // errors raised on the routes (an id that is no valid %-encoding, a parser the service added to them)
  router.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent || !routes.serves(req.path)) return next(error);
    write(req, res, routes.frameworkError(error, req.headers));
  });
  const errorHandler: ErrorRequestHandler = (error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent || !routes.servesTail(req.path)) return next(error);
    write(req, res, routes.frameworkError(error, req.headers));
  };

  /** The body: as a parser left it in `req.body`, else read with the limits. */
  function bodyOf(req: Request, admitted: Admitted<Request, Identity>): Promise<ReadBody> | ReadBody {
    const lang: Lang = admitted.context.lang;
    const parsed: unknown = req.body;
    if (parsed === undefined && !req.readableEnded) return readNodeBody(req, { ...routes.limits, lang });
    // express.json() reads an empty body as {}
    if (parsed === undefined || req.headers['content-length'] === '0') return { ok: true, text: '' };
    if (typeof parsed === 'string') return { ok: true, text: parsed };
    if (parsed instanceof Uint8Array) return decode([parsed], parsed.length, lang); // express.raw()
    return { ok: true, parsed };
  }

  return Object.assign(router, { errorHandler });
}
