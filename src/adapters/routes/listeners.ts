// The listeners: `POST /listener/{eventType}`, a valid event of the path's type to `onEvent`, answered 204.
import type { ListenerEventType } from '../../http/events.js';
import { validateListenerEvent } from '../../http/events.js';
import type { Later } from '../../http/pipeline.js';
import type { ValidateOptions } from '../../validate.js';
import type { RouteKit } from './kit.js';
import type { Admitted, Answer, BodyRead } from './types.js';

/** The answer to an admitted event of the listener of `type` of the routes of `kit`. */
export function listenerEvent<Native, Identity>(kit: RouteKit<Native, Identity>) {
  const { options, failure, ok, bodyValue, served } = kit;
  return (admitted: Admitted<Native, Identity>, body: BodyRead | undefined, type: ListenerEventType): Later<Answer> => {
    const { call, context } = admitted;
    const { lang } = context;
    const validate = (input: unknown, o: ValidateOptions) => validateListenerEvent(type, input, o);
    const event = bodyValue(body, context, 'event', validate);
    if (!event.ok) return failure(event, lang, call.route, call.headers);
    const onEvent = options.onEvent;
    return served(
      admitted,
      'onEvent',
      () => onEvent?.(event.value, Object.assign({}, context, { hints: event.hints, type })),
      () => ok(204, lang),
    );
  };
}
