// What productOrderRoutes serves, whatever the framework: the routes, the checks of a request in the
// order a client should learn of them, and the serialised reply. An adapter maps its framework's
// request onto a Call, reads the body once `admit` let it through, and writes what `answer` gives.
// The parts live in routes/: the contract's admission, the product order create, the in-flight
// change API, the listeners, and what the creates and every route share.
import type { Later } from '../http/pipeline.js';
import { admission } from './routes/admission.js';
import { creates } from './routes/creates.js';
import { inflightChanges } from './routes/inflight.js';
import { onceSettled, routeKit } from './routes/kit.js';
import { listenerEvent } from './routes/listeners.js';
import { productOrderCreate } from './routes/product-order.js';
import type { Admitted, Answer, ProductOrderRoutesOptions, ReadBody, Routes } from './routes/types.js';

export { operationRoute } from './routes/admission.js';
export { hintsHeader, maxHintsHeader } from './routes/creates.js';
export { consumed, heldBehind, ownedBy } from './routes/kit.js';
export type * from './routes/types.js';

/**
 * The routes for `options`; an adapter registers each of `paths` with its framework. Only the routes
 * whose callback is given are served.
 */
export function createRoutes<Native, Identity = string>(
  options: ProductOrderRoutesOptions<Native, Identity>,
): Routes<Native, Identity> {
  const kit = routeKit(options);
  const { numbers, paths, crashed, consumedBody, warnBehind, observe } = kit;
  const made = creates(kit);
  const door = admission(kit);
  const productOrder = productOrderCreate(kit, made);
  const listener = listenerEvent(kit);
  const inflight = inflightChanges(kit, made);

  function answer(admitted: Admitted<Native, Identity>, body: ReadBody | undefined): Later<Answer> {
    const { call, context, started } = admitted;
    return onceSettled(answered(admitted, body), (given) => observe(call, started, context, context.operation, given));
  }

  function answered(admitted: Admitted<Native, Identity>, given: ReadBody | undefined): Later<Answer> {
    const { call, context } = admitted;
    const { route } = call;
    if (given !== undefined && 'consumed' in given) return consumedBody(context, route, call.headers);
    if (given !== undefined && 'held' in given) warnBehind(given.behind, context);
    const body = given !== undefined && 'held' in given ? given.held : given;
    try {
      switch (route.kind) {
        case 'productOrder':
          return productOrder(admitted, body);
        case 'listener':
          return listener(admitted, body, route.type);
        case 'collection':
          return inflight.collection(admitted, body);
        case 'item':
          return inflight.one(admitted);
      }
    } catch (error) {
      return crashed(error, context.lang, context, route, call.headers);
    }
  }

  return Object.freeze({
    paths: Object.freeze(paths),
    serves: door.serves,
    servesTail: door.servesTail,
    match: door.match,
    notFound: door.notFound,
    admit: door.admit,
    answer,
    frameworkError: door.frameworkError,
    refuse: door.refuse,
    limits: {
      ...numbers,
      ...(options.maxBodyBytes === undefined ? {} : { maxBodyBytes: options.maxBodyBytes }),
      ...(options.bodyTimeoutMs === undefined ? {} : { bodyTimeoutMs: options.bodyTimeoutMs }),
    },
  });
}
