// The product order create: `POST {productOrderPath}`, a valid order to `onProductOrder`, once per
// `Idempotency-Key`, answered 201 with what it returns or 202.
import type { Later } from '../../http/pipeline.js';
import type { Creates } from './creates.js';
import type { RouteKit } from './kit.js';
import type { Admitted, Answer, BodyRead } from './types.js';

/** The answer to an admitted product order create of the routes of `kit`. */
export function productOrderCreate<Native, Identity>(kit: RouteKit<Native, Identity>, made: Creates<Native, Identity>) {
  const { options, failure, bodyValue, validateOrder } = kit;
  const { idempotencyKeyOf, once, created } = made;
  return (admitted: Admitted<Native, Identity>, body: BodyRead | undefined): Later<Answer> => {
    const { call, context } = admitted;
    const { lang } = context;
    const { route } = call;
    const key = idempotencyKeyOf(call, lang);
    if (typeof key === 'object') return failure(key, lang, route, call.headers);
    const order = bodyValue(body, context, 'order', validateOrder);
    if (!order.ok) return failure(order, lang, route, call.headers);
    const onProductOrder = options.onProductOrder;
    const { hints } = order;
    return once(
      admitted,
      key,
      order.value,
      'onProductOrder',
      () => onProductOrder?.(order.value, Object.assign({}, context, { hints })),
      (value) => created(value, lang, call.path, hints),
    );
  };
}
